import { describe, expect, it } from 'vitest';
import { defineResource, req } from './define';
import { resourceByName } from '.';

/*
 * The compiler checks a definition against its contract (the type-check of this project runs over this file too):
 * each @ts-expect-error below fails the type-check the day the misspelt name would be accepted.
 */
const checked = () => [
  defineResource('tags', {
    // @ts-expect-error -- no field 'nmae' in TagInput
    groups: [{ fields: [{ name: 'nmae', label: 'Name', kind: 'text' }] }],
    columns: [{ name: 'name', label: 'Name' }],
    defaults: { name: '' },
  }),
  defineResource('tags', {
    // @ts-expect-error -- req() keeps the literal name: 'identifier' is no field of a tag
    groups: [{ fields: [req('identifier')] }],
    // @ts-expect-error -- a column of no entity field must render itself
    columns: [{ name: 'naem', label: 'Name' }],
    defaults: { name: '' },
  }),
  defineResource('tables', {
    title: (r) => r.name,
    groups: [{ fields: [req('name')] }],
    columns: [{ name: 'name', label: 'Name' }],
    // @ts-expect-error -- the table list filters by 'branch' only
    filters: [{ name: 'brnach', label: 'Filiale', resource: 'branches' }],
    // @ts-expect-error -- defaults are an input of the contract: 'seat' is not
    defaults: { name: '', identifier: '', branch: null, seat: null },
  }),
];

describe('resource definitions', () => {
  it('hand the screens the generic definition: name, noun, the names of the messages and the declared parts', () => {
    const [tags, , tables] = checked();
    expect(tags).toMatchObject({ name: 'tags', noun: 'tags', label: 'Tag', plural: 'Tags' });
    expect(tags.title({ id: 3, name: 'Vegan' })).toBe('Vegan');
    expect(tables.title({ id: 4, name: 'Tisch 4' })).toBe('Tisch 4');
    expect(resourceByName('products')?.groups.flatMap((g) => g.fields.map((f) => f.name))).toContain('config.parts');
  });
});
