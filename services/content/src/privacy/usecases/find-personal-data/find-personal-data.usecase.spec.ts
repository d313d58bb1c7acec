import { privacySubject } from '@shop/server';
import { contentTestContext, type ContentTestContext } from '../../../../test/content-test-context.js';
import { ANNA, ANNAS_SUBJECT, CALLBACK_FORM, formNode, submit, upload } from '../../../../test/privacy-fixtures.js';
import { NodeEntity } from '../../../nodes/node.entity.js';
import { PrivacyRepository } from '../../privacy.repository.js';
import { FindPersonalData } from './find-personal-data.usecase.js';

describe("FindPersonalData: a customer's form submissions and uploads for her request (real Postgres, files)", () => {
  let ctx: ContentTestContext;
  let find: FindPersonalData;
  beforeAll(async () => {
    ctx = await contentTestContext('privacy_find');
    find = new FindPersonalData(new PrivacyRepository(ctx.ds));
  }, 60_000);
  afterAll(() => ctx.close());

  it('finds her submissions by address (any case) and by number (as typed in a message too), not her namesakes', async () => {
    const form = await formNode(ctx.ds);
    const byAddress = await submit(ctx.ds, ctx.config, form.id, ANNA);
    const byNumberInText = await submit(ctx.ds, ctx.config, form.id, {
      ...ANNA,
      email: 'buero@muster.at',
      phone: '',
      5: 'Bitte um Rückruf unter 0664 / 123 45 67 ab 14 Uhr.',
    });
    // an address that merely ends with hers, and a German number with her national digits
    await submit(ctx.ds, ctx.config, form.id, { ...ANNA, email: 'hanna.mustermann@example.at', phone: '' });
    await submit(ctx.ds, ctx.config, form.id, { ...ANNA, email: 'x@example.de', phone: '+49 664 1234567' });

    const reply = await find.execute({ subject: ANNAS_SUBJECT });

    expect(reply.sections).toEqual([
      {
        kind: 'formSubmissions',
        rows: [
          {
            Formular: 'Rückruf',
            'Eingesendet am': expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            Vorname: 'Anna',
            Nachname: 'Mustermann',
            'E-Mail': 'Anna.Mustermann@Example.at',
            Telefon: '+436641234567',
            Firmenname: 'Muster GmbH',
            'Ihre Nachricht': 'Bitte rufen Sie mich an.',
            Datenschutz: 'Ja',
          },
          expect.objectContaining({ 'E-Mail': 'buero@muster.at', 'Ihre Nachricht': expect.stringContaining('0664') }),
        ],
      },
    ]);
    expect(byAddress).toBeLessThan(byNumberInText);
    // her name as one (the company's name is no person's)
    expect(reply.names).toEqual(['Anna Mustermann']);
    expect(reply.uploadIds).toEqual([]);
  });

  it('shows a submission whose form was deleted under its keys, and finds by address alone', async () => {
    const form = await formNode(ctx.ds, { ...CALLBACK_FORM, name: 'Alt' });
    await submit(ctx.ds, ctx.config, form.id, { ...ANNA, email: 'alt@example.at' });
    await ctx.ds.getRepository(NodeEntity).delete(form.id);

    const reply = await find.execute({ subject: privacySubject({ email: 'ALT@example.at' }) });

    expect(reply.sections[0].rows).toEqual([
      expect.objectContaining({ Formular: 'Alt', firstName: 'Anna', email: 'alt@example.at', 5: ANNA[5] }),
    ]);
    expect(reply.names).toEqual(['Anna Mustermann']);
  });

  it("lists the uploads of her orders and those a submission names, with the file's public path", async () => {
    const ofOrder = await upload(ctx.ds, ctx.config, 'anna-foto.png');
    const linked = await upload(ctx.ds, ctx.config, 'plan.png');
    await upload(ctx.ds, ctx.config, 'jemand-anderes.png');
    const form = await formNode(ctx.ds);
    await submit(ctx.ds, ctx.config, form.id, {
      ...ANNA,
      email: 'link@example.at',
      5: `Mein Plan: https://shop.example.at/upload/${linked.publicHash}/${linked.id}-1.png`,
    });

    const reply = await find.execute({
      subject: privacySubject({ email: 'link@example.at' }),
      uploadIds: [ofOrder.id],
    });

    expect(reply.uploadIds).toEqual([ofOrder.id, linked.id]);
    expect(reply.sections.find((s) => s.kind === 'uploads')?.rows[0]).toEqual({
      Datei: `${ofOrder.id}-1.png`,
      Originalname: 'anna-foto.png',
      Typ: 'image/png',
      'Größe (Bytes)': ofOrder.size,
      'Hochgeladen am': ofOrder.createdAt.toISOString(),
      'Download-Pfad': `/upload/${ofOrder.publicHash}/${ofOrder.id}-1.png`,
    });
  });

  it("reads a number without country code in the shop's country the request names (a German shop: not Austrian)", async () => {
    const form = await formNode(ctx.ds);
    await submit(ctx.ds, ctx.config, form.id, {
      ...ANNA,
      email: 'kunde@example.de',
      phone: '',
      5: 'Rückruf bitte unter 0151 23456789.',
    });
    // identity read the query in the German shop's country: +49 151 23456789
    const subject = privacySubject({ phone: '0151 23456789' }, 'DE');

    const german = await find.execute({ subject, country: 'DE' });

    expect(german.sections[0]?.rows).toEqual([
      expect.objectContaining({ 'E-Mail': 'kunde@example.de', 'Ihre Nachricht': 'Rückruf bitte unter 0151 23456789.' }),
    ]);
    // read as Austrian (no country named, or 'AT'), the stored 0151 … is a Vienna number: not hers
    for (const country of [undefined, 'AT'])
      expect(await find.execute({ subject, country })).toEqual({ sections: [], uploadIds: [], names: [] });
  });

  it('finds nothing for a subject nobody matches, and nothing for an empty one', async () => {
    const nobody = await find.execute({
      subject: privacySubject({ email: 'niemand@example.at', phone: '0699 9876543' }),
    });
    expect(nobody).toEqual({ sections: [], uploadIds: [], names: [] });
    expect(await find.execute({ subject: { emails: [], phoneDigits: [], phonesE164: [] } })).toEqual(nobody);
  });
});
