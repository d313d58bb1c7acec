import { PRIVACY_SECTION_KINDS } from '@shop/contracts';
import { privacySubject, privacySubjectHash } from '@shop/server';
import { annasOrders, privacyKit, type PrivacyKit } from '../../../../test/privacy-test-kit.js';
import { CustomerEntity } from '../../../customers/customer.entity.js';
import { PrivacyRequestEntity } from '../../privacy-request.entity.js';

const QUERY = { email: ' Anna.Berger@Example.AT ', phone: '0664 / 123 45 67' };
const attempt = <T>(f: () => Promise<T>) => Promise.resolve().then(f);

describe('SearchPrivacy (issue 44: a customer found in every service; real Postgres, services on real NATS)', () => {
  let kit: PrivacyKit;
  let customers: Record<string, number>;
  beforeAll(async () => {
    kit = await privacyKit('identity_privacy_search');
    const repo = kit.ds.getRepository(CustomerEntity);
    const save = async (o: Partial<CustomerEntity>) => (await repo.save({ country: 'AT', ...o })).id;
    customers = {
      byEmail: await save({ firstName: 'Anna', lastName: 'Berger', email: 'ANNA.BERGER@example.at' }),
      byPhone: await save({ firstName: 'Anna', lastName: 'Berger-Huber', phone: '+43 664 1234567' }),
      german: await save({ firstName: 'Bernd', lastName: 'Brot', phone: '+49 664 1234567', country: 'DE' }),
      germanMobile: await save({ firstName: 'Gerda', lastName: 'Gans', phone: '0151 23456789', country: 'DE' }),
      other: await save({ firstName: 'Otto', email: 'otto@example.at', phone: '0664 7654321' }),
    };
  });
  afterAll(() => kit.close());
  beforeEach(() => {
    kit.answers.locale = 'de-AT';
    kit.answers.finds.clear();
    kit.asked();
  });

  it('asks the order service first, then content, payment and statistics with what the orders gave, and lists every section', async () => {
    kit.answers.finds.set('order.privacy.find', annasOrders());
    kit.answers.finds.set('content.privacy.find', {
      sections: [
        { kind: 'formSubmissions', rows: [{ Formular: 'Kontakt', Nachricht: 'Hallo' }] },
        { kind: 'uploads', rows: [{ Datei: 'logo.png' }] },
      ],
      names: ['A. Berger'],
    });
    kit.answers.finds.set('payment.privacy.find', { sections: [{ kind: 'payments', rows: [{ Betrag: 9 }] }] });
    kit.answers.finds.set('statistics.privacy.find', {
      sections: [
        { kind: 'analytics', rows: [{ Ereignis: 'checkout' }] },
        { kind: 'logs', rows: [{ Meldung: 'Zahlung fehlgeschlagen' }] },
      ],
    });
    const result = await kit.search.execute(kit.staff.officer, { query: QUERY, requestedBy: 'E-Mail vom 3. 12.' });

    expect(result.sections.map((s) => s.kind)).toEqual([...PRIVACY_SECTION_KINDS]);
    const rows = Object.fromEntries(result.sections.map((s) => [s.kind, s.rows]));
    // +43 664 1234567 and 0664 1234567 are one number; the German +49 664 1234567 is another
    expect(rows.customers.map((r) => r.Kundennummer)).toEqual([customers.byEmail, customers.byPhone]);
    expect(rows.customers[0]).toMatchObject({
      Vorname: 'Anna',
      Nachname: 'Berger',
      'E-Mail': 'ANNA.BERGER@example.at',
    });
    expect(rows.orders).toEqual(annasOrders().sections[0].rows);
    expect(rows.payments).toEqual([{ Betrag: 9 }]);
    expect(rows.logs).toEqual([{ Meldung: 'Zahlung fehlgeschlagen' }]);
    expect(result.request).toMatchObject({
      kind: 'search',
      requestedBy: 'E-Mail vom 3. 12.',
      handledBy: { id: kit.staff.officer.id, name: 'Dora Daten' },
      exportFormat: null,
      failedServices: [],
    });
    expect(result.request.counts).toEqual(PRIVACY_SECTION_KINDS.map((kind) => ({ kind, count: rows[kind].length })));

    const asked = kit.asked();
    const subject = privacySubject(QUERY, 'AT');
    expect(subject).toEqual({
      emails: ['anna.berger@example.at'],
      phoneDigits: ['6641234567'],
      phonesE164: ['+436641234567'],
    });
    expect(asked.map((a) => a.subject)).toEqual([
      'catalogue.config.get',
      'order.privacy.find',
      expect.stringMatching(/^(content|payment)\.privacy\.find$/),
      expect.stringMatching(/^(content|payment)\.privacy\.find$/),
      'statistics.privacy.find',
    ]);
    // every service is asked by identity itself (signed), never as the staff member
    expect(new Set(asked.map((a) => a.caller))).toEqual(new Set(['identity']));
    const payload = (s: string) => asked.find((a) => a.subject === s)?.payload;
    // with the shop's country the number was read in: each service reads a stored number without one in it
    expect(payload('order.privacy.find')).toEqual({ subject, country: 'AT' });
    expect(payload('content.privacy.find')).toEqual({ subject, orderIds: [41], uploadIds: [7], country: 'AT' });
    expect(payload('payment.privacy.find')).toEqual({ subject, orderIds: [41], country: 'AT' });
    expect(payload('statistics.privacy.find')).toEqual({
      subject,
      orderIds: [41],
      names: ['Anna Berger', 'A. Berger', 'Anna Berger-Huber'],
      country: 'AT',
    });
  });

  it('keeps the record without the address or number: a hash of the subject only', async () => {
    const result = await kit.search.execute(kit.staff.admin, { query: QUERY, requestedBy: 'Telefonat mit der Kundin' });
    const stored = await kit.ds.getRepository(PrivacyRequestEntity).findOneByOrFail({ id: result.request.id });
    expect(stored.subjectHash).toBe(privacySubjectHash(privacySubject(QUERY, 'AT')));
    expect(JSON.stringify(stored)).not.toMatch(/anna|berger|664|1234567/i);
    expect(stored.handledByName).toBe('Clara Chef');
  });

  it("reads a number without country code in the shop's country (de-DE: a German number)", async () => {
    kit.answers.locale = 'de-DE';
    const result = await kit.search.execute(kit.staff.officer, {
      query: { phone: '0664 1234567' },
      requestedBy: 'Brief',
    });
    const found = result.sections.find((s) => s.kind === 'customers')?.rows.map((r) => r.Kundennummer);
    expect(found).toEqual([customers.german]);
    expect(kit.asked().find((a) => a.subject === 'order.privacy.find')?.payload?.subject).toEqual({
      emails: [],
      phoneDigits: ['6641234567'],
      phonesE164: ['+496641234567'],
    });
  });

  it("names the shop's country in every request: a German shop's 0151 23456789 is German, not Austrian", async () => {
    kit.answers.locale = 'de-DE';
    const query = { query: { phone: '0151 23456789' }, requestedBy: 'Brief' };
    const german = await kit.search.execute(kit.staff.officer, query);
    expect(german.sections[0].rows.map((r) => r.Kundennummer)).toEqual([customers.germanMobile]);
    const finds = kit.asked().filter((a) => a.subject.endsWith('.find'));
    expect(finds).toHaveLength(4);
    expect(finds.map((a) => [a.payload?.subject.phonesE164, a.payload?.country])).toEqual(
      finds.map(() => [['+4915123456789'], 'DE']),
    );

    // the same words in an Austrian shop are a Vienna number: not hers
    kit.answers.locale = 'de-AT';
    const austrian = await kit.search.execute(kit.staff.officer, query);
    expect(austrian.sections[0].rows).toEqual([]);
    expect(
      kit
        .asked()
        .filter((a) => a.subject.endsWith('.find'))
        .map((a) => a.payload?.country),
    ).toEqual(['AT', 'AT', 'AT', 'AT']);
  });

  it('reads it in PRIVACY_DEFAULT_COUNTRY (AT) when the catalogue does not answer', async () => {
    kit.answers.locale = 'down';
    const result = await kit.search.execute(kit.staff.officer, {
      query: { phone: '0664 1234567' },
      requestedBy: 'Brief',
    });
    expect(result.sections[0].rows.map((r) => r.Kundennummer)).toEqual([customers.byPhone]);
  });

  it('refuses staff without the privacy permission (German 403), a visitor (401) and a query without address or number (422)', async () => {
    const input = { query: QUERY, requestedBy: 'Brief' };
    await expect(attempt(() => kit.search.execute(kit.staff.employee, input))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Keine Rechte, um die Ressource anzufragen.',
    });
    await expect(attempt(() => kit.search.execute(null, input))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(
      attempt(() => kit.search.execute(kit.staff.officer, { query: { email: '', phone: null }, requestedBy: '' })),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: expect.arrayContaining([
        { field: 'requestedBy', message: 'Dieser Wert sollte nicht leer sein.' },
        { field: 'query.email', message: 'Dieser Wert ist keine gültige E-Mail-Adresse.' },
      ]),
    });
    await expect(
      attempt(() => kit.search.execute(kit.staff.officer, { query: { phone: 'bitte anrufen' }, requestedBy: 'Brief' })),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'query.phone', message: 'Dieser Wert ist keine gültige Telefonnummer.' }],
    });
    expect(kit.asked().filter((a) => a.subject !== 'catalogue.config.get')).toEqual([]);
  });

  it('fails with a German 503 naming a service that does not answer, and records nothing', async () => {
    const before = await kit.ds.getRepository(PrivacyRequestEntity).count();
    kit.answers.finds.set('payment.privacy.find', 'down');
    await expect(kit.search.execute(kit.staff.officer, { query: QUERY, requestedBy: 'Brief' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'Die Anfrage konnte nicht vollständig ausgeführt werden, weil diese Dienste nicht geantwortet haben: Zahlungen. Bitte versuchen Sie es später erneut.',
    });
    expect(await kit.ds.getRepository(PrivacyRequestEntity).count()).toBe(before);
  });
});
