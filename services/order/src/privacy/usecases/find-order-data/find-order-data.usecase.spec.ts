import { privacySubject } from '@shop/server';
import type { DataSource } from 'typeorm';
import { orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import {
  ANNA,
  answerQuestionnaire,
  configureLine,
  privacyContexts,
  setCustomer,
} from '../../../../test/privacy-fixtures.js';
import { OrderPrivacyRepository } from '../../order-privacy.repository.js';
import { SubjectOrders } from '../shared/subject-orders.js';
import { FindOrderData } from './find-order-data.usecase.js';

describe('FindOrderData (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let find: FindOrderData;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('privacy_find'));
    kit = orderKit(ds, { contexts: privacyContexts() });
    const repo = new OrderPrivacyRepository(ds);
    find = new FindOrderData(ds, new SubjectOrders(repo, kit.catalogue), repo);
  });
  afterAll(() => close());

  it('finds every order of the address or number with its lines, questionnaire and messages, in German', async () => {
    const first = await kit.place(1, ANNA);
    await configureLine(ds, first.id);
    await answerQuestionnaire(ds, first.id, 'Sehr gut, danke!');
    await ds.query(
      `INSERT INTO "order"."job_completion" ("jobId", "completedAt") VALUES ($1, '2026-03-02T10:18:00Z')`,
      [`email-${first.id}-created`],
    );
    // another address, the same number typed the Austrian way before numbers were normalised
    const second = await kit.place(1, { ...ANNA, email: 'anna@firma.example' });
    await setCustomer(ds, second.id, { phone: '0660 / 123 45 67' });
    // the same digits in Germany are another number; another customer is not hers
    const german = await kit.place(2, { ...ANNA, email: 'a.b@example.de', phone: '+49 660 1234567', country: 'DE' });
    await setCustomer(ds, german.id, { phone: '0660 1234567' });
    await kit.place(1, { firstName: 'Bernd', lastName: 'Huber', email: 'bernd@example.at', phone: '+43 664 7654321' });

    const reply = await find.execute({
      subject: privacySubject({ email: 'anna.berger@example.at', phone: '0660 1234567' }),
    });

    expect(reply.orderIds).toEqual([first.id, second.id]);
    expect(reply.uploadIds).toEqual([21]);
    expect(reply.names).toEqual(['Anna Berger']);
    expect(reply.sections.map((s) => [s.kind, s.rows.length])).toEqual([
      ['orders', 2],
      ['orderItems', 2],
      ['questionnaires', 1],
      ['messages', 6],
    ]);
    const [orders, items, questionnaires, messages] = reply.sections;
    expect(orders!.rows[0]).toMatchObject({
      Bestellung: first.id,
      Bestellnummer: first.uid,
      Ticket: 1,
      Filiale: 1,
      Art: 'Abholung',
      Vorname: 'Anna',
      Nachname: 'Berger',
      'E-Mail': 'Anna.Berger@Example.at',
      Telefon: '+436601234567',
      Straße: 'Lindenweg 5',
      PLZ: '6020',
      Ort: 'Innsbruck',
      Land: 'AT',
      Anmerkung: 'Bitte bei Berger läuten',
      Zahlungsart: 'Barzahlung',
      Bezahlt: false,
      'Summe brutto': 9.5,
      Status: 'Abgeschlossen',
    });
    expect(orders!.rows[0]!['Bestellt am']).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(orders!.rows[1]).toMatchObject({ 'E-Mail': 'anna@firma.example', Telefon: '0660 / 123 45 67' });
    expect(items!.rows[0]).toMatchObject({
      Bestellnummer: first.uid,
      Position: 1,
      Produkt: 'Pizza Margherita',
      Menge: 1,
      'Preis brutto': 9.5,
      'Auswahl und Texte': 'Familienpizza; Alles Gute, Anna Berger!',
      Dateien: 'anna-berger.jpg',
    });
    expect(questionnaires!.rows).toEqual([
      {
        Bestellnummer: first.uid,
        Gesamteindruck: 5,
        Essen: 4,
        Service: 5,
        Bestellablauf: 3,
        Kommentar: 'Sehr gut, danke!',
      },
    ]);
    expect(messages!.rows.map((r) => [r.Art, r.Anlass, r['Empfänger'], !!r['Gesendet am']])).toEqual([
      ['E-Mail', 'created', 'Anna.Berger@Example.at', true],
      ['SMS', 'created', '+436601234567', false],
      ['Beleg', 'created', null, false],
      ['E-Mail', 'created', 'anna@firma.example', false],
      ['SMS', 'created', '+436601234567', false],
      ['Beleg', 'created', null, false],
    ]);
    expect(messages!.rows[0]).toMatchObject({
      Auftrag: `email-${first.id}-created`,
      'Gesendet am': '2026-03-02T10:18:00.000Z',
    });
  });

  it('finds nothing for an address or number nobody gave, and reads nothing for an empty subject', async () => {
    expect(
      await find.execute({ subject: privacySubject({ email: 'niemand@example.at', phone: '+43 699 1111111' }) }),
    ).toEqual({
      sections: [],
      orderIds: [],
      uploadIds: [],
      names: [],
    });
    expect((await find.execute({ subject: { emails: [], phoneDigits: [], phonesE164: [] } })).orderIds).toEqual([]);
  });

  it("reads a number in the shop's country the request names when neither the order nor its branch names one", async () => {
    const order = await kit.place(2, { ...ANNA, email: 'kunde@example.de', phone: '+49 151 23456789', country: 'DE' });
    // written before numbers were normalised and countries kept, in a branch the catalogue no longer knows
    await setCustomer(ds, order.id, { phone: '0151 23456789', country: null });
    await ds.query(`UPDATE "order"."order" SET "branchId" = 9 WHERE id = $1`, [order.id]);
    // identity read the query in the German shop's country: +49 151 23456789
    const subject = privacySubject({ phone: '0151 23456789' }, 'DE');

    expect((await find.execute({ subject, country: 'DE' })).orderIds).toEqual([order.id]);
    // read as Austrian (no country named, or 'AT'), the stored 0151 … is a Vienna number: not hers
    for (const country of [undefined, 'AT']) expect((await find.execute({ subject, country })).orderIds).toEqual([]);
  });
});
