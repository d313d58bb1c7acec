import { NODE_LAYOUTS, SITE_LAYOUTS, type FieldDefinition } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { validateContent } from './validate-content.js';

const same = (html: string) => html;
const img = { id: 1, version: 1, extension: 'jpg' };
const file = { id: 2, version: 1, extension: 'pdf', publicHash: 'abc' };

describe('validateContent (storefront-presenter.md §3 layout definitions)', () => {
  it('accepts a sub page with site data, an exposé and blocks of the general body, filling defaults', () => {
    const check = validateContent(
      SITE_LAYOUTS.subpage.fields,
      {
        site_data: { hero_name: 'Haus am See', image: img },
        file,
        body: [
          { type: 'text_field', text: '<p>Hallo</p>' },
          { type: 'carousel', images: [img, img] },
          { type: 'form', form: { id: 7, type: 'node' } },
        ],
      },
      same,
    );
    expect(check.errors).toEqual([]);
    expect((check.value.body as Array<Record<string, unknown>>)[0]).toMatchObject({
      orientation: 'left',
      width: 'default',
    });
    expect((check.value.body as Array<Record<string, unknown>>)[1]).toMatchObject({ orientation: 'portrait' });
    expect(check.references).toEqual([{ path: 'content.body.2.form', id: 7, type: 'node', accepts: ['form'] }]);
  });

  it('names the path of each wrong value: unknown block type, wrong kinds, a missing required field, unknown keys', () => {
    const check = validateContent(
      SITE_LAYOUTS.home.fields,
      {
        site_data: { teaser_image: 'bild.jpg' },
        body: [
          { type: 'object_details' },
          { type: 'carousel', images: [img, { id: 'x' }], orientation: 'diagonal' },
          { type: 'form' },
          { text: 'ohne Typ' },
        ],
        extra: 1,
      },
      same,
    );
    expect(check.errors).toEqual([
      { field: 'content.extra', message: t('validation.extraFields') },
      { field: 'content.site_data.teaser_image', message: t('validation.invalid') },
      { field: 'content.body.0.type', message: t('content.unknownBlockType', { type: 'object_details' }) },
      { field: 'content.body.1.orientation', message: t('validation.choice') },
      { field: 'content.body.1.images.1', message: t('validation.invalid') },
      { field: 'content.body.2.form', message: t('validation.required') },
      { field: 'content.body.3.type', message: t('validation.required') },
    ]);
  });

  it('checks every field type by its kind and limits', () => {
    const fields: FieldDefinition[] = [
      { name: 'title', type: 'text', min: 3, max: 5 },
      { name: 'count', type: 'number', min: 1, max: 3 },
      { name: 'day', type: 'date' },
      { name: 'flag', type: 'boolean', required: true },
      { name: 'tone', type: 'color' },
      { name: 'tags', type: 'multiselect', options: [{ value: 'a', label: 'A' }], max: 1 },
      { name: 'notes', type: 'markdown' },
      { name: 'docs', type: 'files', max: 1 },
      { name: 'more', type: 'tabs', tabs: [{ label: 'Eins', fields: [{ name: 'x', type: 'text', required: true }] }] },
    ];
    const check = validateContent(
      fields,
      {
        title: 'ab',
        count: 9,
        day: '31.12.2026',
        flag: false,
        tone: 'blue',
        tags: ['a', 'b'],
        notes: 3,
        docs: [file, file],
        more: {},
      },
      same,
    );
    expect(check.errors.map((e) => e.field)).toEqual([
      'content.title',
      'content.count',
      'content.day',
      'content.flag',
      'content.tone',
      'content.tags',
      'content.notes',
      'content.docs',
      'content.more.x',
    ]);
    expect(check.errors[0]!.message).toBe(t('validation.tooShort', { limit: 3 }));
    expect(check.errors[1]!.message).toBe(t('validation.tooBig', { limit: 3 }));
    expect(check.errors[7]!.message).toBe(t('validation.tooManyItems', { limit: 1 }));
    const good = validateContent(
      fields,
      {
        title: 'abcd',
        count: 2,
        day: '2026-12-31',
        flag: true,
        tone: '#008fc3',
        tags: ['a'],
        notes: '# Titel',
        docs: [file],
        more: { x: 'y' },
      },
      same,
    );
    expect(good.errors).toEqual([]);
  });

  it('runs every rich-text value through the sanitiser, however deep', () => {
    const check = validateContent(
      NODE_LAYOUTS.form,
      { name: 'Kontakt', description: '<p>a</p>', thankYouMessage: '<p>b</p>' },
      (html) => html.toUpperCase(),
    );
    expect(check.value).toMatchObject({ description: '<P>A</P>', thankYouMessage: '<P>B</P>' });
    const nested = validateContent(
      SITE_LAYOUTS.home.fields,
      { body: [{ type: 'hero_home', slides: [{ text: '<i>x</i>' }] }] },
      (html) => html.replace(/<\/?i>/g, ''),
    );
    expect(nested.value).toMatchObject({ body: [{ slides: [{ text: 'x' }] }] });
  });

  it('refuses content nested deeper than any layout needs', () => {
    const deep: FieldDefinition = { name: 'g', type: 'group' };
    let defs: FieldDefinition[] = [{ name: 'leaf', type: 'text' }];
    let value: Record<string, unknown> = { leaf: 'x' };
    for (let i = 0; i < 20; i++) {
      defs = [{ ...deep, fields: defs }];
      value = { g: value };
    }
    expect(validateContent(defs, value, same).errors[0]!.message).toBe(t('validation.tooDeep'));
  });
});
