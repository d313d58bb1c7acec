import { privacySubject } from '@shop/server';
import { annasOrders, privacyKit, type PrivacyKit } from '../../../../test/privacy-test-kit.js';
import { CustomerEntity } from '../../../customers/customer.entity.js';
import { PrivacyRequestEntity } from '../../privacy-request.entity.js';

const QUERY = { email: 'anna.berger@example.at', phone: '0664 1234567' };
const INPUT = { query: QUERY, requestedBy: 'Löschantrag per E-Mail vom 4. 12.' };
const attempt = <T>(f: () => Promise<T>) => Promise.resolve().then(f);

describe('ErasePrivacy (issue 44: erased everywhere, recorded without the data; real Postgres, services on real NATS)', () => {
  let kit: PrivacyKit;
  const customers = () => kit.ds.getRepository(CustomerEntity);
  const addAnna = () => customers().save({ firstName: 'Anna', lastName: 'Berger', phone: '+43 664 1234567' });
  beforeAll(async () => {
    kit = await privacyKit('identity_privacy_erase');
  });
  afterAll(() => kit.close());
  beforeEach(() => {
    kit.answers.locale = 'de-AT';
    kit.answers.finds.clear();
    kit.answers.erases.clear();
    kit.answers.finds.set('order.privacy.find', annasOrders());
    kit.asked();
  });

  it('has content and statistics erase first, then the orders and the customers, and records the counts only', async () => {
    const anna = await addAnna();
    const otto = await customers().save({ firstName: 'Otto', email: 'otto@example.at' });
    kit.answers.erases.set('content.privacy.erase', {
      erased: [
        { kind: 'uploads', count: 1 },
        { kind: 'files', count: 1 },
      ],
    });
    kit.answers.erases.set('statistics.privacy.erase', {
      erased: [
        { kind: 'analytics', count: 3 },
        { kind: 'logs', count: 2 },
      ],
    });
    kit.answers.erases.set('order.privacy.erase', {
      erased: [
        { kind: 'orders', count: 1 },
        { kind: 'messages', count: 1 },
        { kind: 'jobs', count: 2 },
        { kind: 'files', count: 1 },
      ],
    });
    const erasure = await kit.erase.execute(kit.staff.officer, INPUT);

    const subject = privacySubject(QUERY, 'AT');
    expect(erasure.subject).toEqual(subject);
    expect(erasure.names).toEqual(['Anna Berger']);
    expect(erasure.record).toMatchObject({
      kind: 'erase',
      requestedBy: INPUT.requestedBy,
      handledBy: { id: kit.staff.officer.id, name: 'Dora Daten' },
      failedServices: [],
      counts: [
        { kind: 'uploads', count: 1 },
        { kind: 'files', count: 2 },
        { kind: 'analytics', count: 3 },
        { kind: 'logs', count: 2 },
        { kind: 'orders', count: 1 },
        { kind: 'messages', count: 1 },
        { kind: 'jobs', count: 2 },
        { kind: 'customers', count: 1 },
        { kind: 'exports', count: 0 },
      ],
    });
    expect(await customers().findOneBy({ id: anna.id })).toBeNull();
    expect(await customers().findOneBy({ id: otto.id })).not.toBeNull();

    const erases = kit.asked().filter((a) => a.subject.endsWith('.erase'));
    expect(
      erases
        .map((a) => a.subject)
        .slice(0, 2)
        .sort(),
    ).toEqual(['content.privacy.erase', 'statistics.privacy.erase']);
    expect(erases[2].subject).toBe('order.privacy.erase');
    const references = { subject, orderIds: [41], uploadIds: [7], names: ['Anna Berger'], country: 'AT' };
    expect(erases.map((a) => [a.payload, a.caller])).toEqual(erases.map(() => [references, 'identity']));

    const stored = await kit.ds.getRepository(PrivacyRequestEntity).findOneByOrFail({ id: erasure.record.id });
    expect(JSON.stringify(stored)).not.toMatch(/anna|berger|664|1234567/i);
  });

  it("names the shop's country in every erase request: a German shop's 0151 23456789 is German", async () => {
    kit.answers.locale = 'de-DE';
    const erasure = await kit.erase.execute(kit.staff.officer, {
      query: { phone: '0151 23456789' },
      requestedBy: 'Brief',
    });
    expect(erasure.subject.phonesE164).toEqual(['+4915123456789']);
    const asked = kit.asked().filter((a) => a.subject !== 'catalogue.config.get');
    expect(asked.map((a) => a.subject).sort()).toEqual([
      'content.privacy.erase',
      'content.privacy.find',
      'order.privacy.erase',
      'order.privacy.find',
      'payment.privacy.find',
      'statistics.privacy.erase',
      'statistics.privacy.find',
    ]);
    expect(asked.map((a) => a.payload?.country)).toEqual(asked.map(() => 'DE'));
  });

  it('can be repeated: every service is asked again and nothing is left to erase here', async () => {
    await addAnna();
    await kit.erase.execute(kit.staff.officer, INPUT);
    kit.asked();
    const again = await kit.erase.execute(kit.staff.officer, INPUT);
    expect(again.record.counts).toEqual([
      { kind: 'customers', count: 0 },
      { kind: 'exports', count: 0 },
    ]);
    expect(
      kit
        .asked()
        .filter((a) => a.subject.endsWith('.erase'))
        .map((a) => a.subject)
        .sort(),
    ).toEqual(['content.privacy.erase', 'order.privacy.erase', 'statistics.privacy.erase']);
  });

  it('holds the orders and customers back while statistics does not answer: German 503, the record names what is left', async () => {
    const anna = await addAnna();
    kit.answers.erases.set('content.privacy.erase', { erased: [{ kind: 'uploads', count: 1 }] });
    kit.answers.erases.set('statistics.privacy.erase', 'down');
    await expect(kit.erase.execute(kit.staff.officer, INPUT)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message:
        'Die Löschung ist nicht vollständig, weil diese Dienste nicht geantwortet haben: Statistik und Protokolle. Was bereits gelöscht wurde, bleibt gelöscht; bitte wiederholen Sie die Löschung später, um den Rest zu löschen.',
    });
    expect(kit.asked().map((a) => a.subject)).not.toContain('order.privacy.erase');
    expect(await customers().findOneBy({ id: anna.id })).not.toBeNull();
    const [record] = await kit.ds.getRepository(PrivacyRequestEntity).find({ order: { id: 'DESC' }, take: 1 });
    expect(record).toMatchObject({
      kind: 'erase',
      counts: [{ kind: 'uploads', count: 1 }],
      failedServices: ['statistics', 'order', 'identity'],
    });

    // once statistics answers again, the same request erases the rest
    kit.answers.erases.set('statistics.privacy.erase', { erased: [{ kind: 'logs', count: 2 }] });
    const repeated = await kit.erase.execute(kit.staff.officer, INPUT);
    expect(repeated.record.failedServices).toEqual([]);
    expect(await customers().findOneBy({ id: anna.id })).toBeNull();
  });

  it('records what was erased when the order service does not answer', async () => {
    await addAnna();
    kit.answers.erases.set('order.privacy.erase', 'down');
    await expect(kit.erase.execute(kit.staff.officer, INPUT)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('nicht geantwortet haben: Bestellungen.'),
    });
    const [record] = await kit.ds.getRepository(PrivacyRequestEntity).find({ order: { id: 'DESC' }, take: 1 });
    expect(record).toMatchObject({
      counts: [
        { kind: 'customers', count: 1 },
        { kind: 'exports', count: 0 },
      ],
      failedServices: ['order'],
    });
  });

  it("deletes the files of the customer's exports not yet downloaded, however they were asked for; others stay", async () => {
    const exportOf = (query: Record<string, string>) =>
      kit.exporter.execute(kit.staff.officer, { query, requestedBy: 'Brief', format: 'json' });
    // asked by the number only: the file holds the address from the orders found
    const byPhone = await exportOf({ phone: '+43 664 123 45 67' });
    const byAddress = await exportOf({ email: 'ANNA.BERGER@example.at' });
    kit.answers.finds.set('order.privacy.find', { sections: [] });
    const otto = await exportOf({ email: 'otto@example.at' });
    kit.answers.finds.set('order.privacy.find', annasOrders());

    const erasure = await kit.erase.execute(kit.staff.officer, { query: { email: QUERY.email }, requestedBy: 'Brief' });
    expect(erasure.record.counts).toContainEqual({ kind: 'exports', count: 2 });
    const body = async (id: number) =>
      (await kit.ds.getRepository(PrivacyRequestEntity).findOneByOrFail({ id })).exportBody;
    expect([await body(byPhone.id), await body(byAddress.id)]).toEqual([null, null]);
    expect(await body(otto.id)).not.toBeNull();
  });

  it('erases nothing when a search fails, and refuses staff without the privacy permission (German 403)', async () => {
    const before = await kit.ds.getRepository(PrivacyRequestEntity).count();
    kit.answers.finds.set('content.privacy.find', 'down');
    await expect(kit.erase.execute(kit.staff.officer, INPUT)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(attempt(() => kit.erase.execute(kit.staff.employee, INPUT))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Keine Rechte, um die Ressource anzufragen.',
    });
    expect(kit.asked().filter((a) => a.subject.endsWith('.erase'))).toEqual([]);
    expect(await kit.ds.getRepository(PrivacyRequestEntity).count()).toBe(before);
  });
});
