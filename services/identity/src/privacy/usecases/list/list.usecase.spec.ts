import { privacyKit, type PrivacyKit } from '../../../../test/privacy-test-kit.js';

const INPUT = { query: { phone: '+49 151 2345678' }, requestedBy: 'Anruf' };
const attempt = <T>(f: () => Promise<T>) => Promise.resolve().then(f);

describe('ListPrivacyRequests (issue 44: the records, for administrators; real Postgres)', () => {
  let kit: PrivacyKit;
  beforeAll(async () => {
    kit = await privacyKit('identity_privacy_list');
  });
  afterAll(() => kit.close());

  it('lists the records newest first, paged, with who handled them and without the export file', async () => {
    const search = await kit.search.execute(kit.staff.officer, INPUT);
    const exported = await kit.exporter.execute(kit.staff.admin, { ...INPUT, format: 'csv' });
    const erased = await kit.erase.execute(kit.staff.officer, INPUT);

    const page = await kit.list.execute(kit.staff.admin, {});
    expect(page.meta).toEqual({ total: 3, page: 1, perPage: 50 });
    expect(page.items.map((r) => [r.id, r.kind, r.handledBy.name])).toEqual([
      [erased.record.id, 'erase', 'Dora Daten'],
      [exported.id, 'export', 'Clara Chef'],
      [search.request.id, 'search', 'Dora Daten'],
    ]);
    expect(page.items[1]).toEqual(exported);
    expect(JSON.stringify(page)).not.toContain('Bereich;');

    const second = await kit.list.execute(kit.staff.admin, { page: '2', perPage: '2' });
    expect(second.items.map((r) => r.id)).toEqual([search.request.id]);
    expect(second.meta).toEqual({ total: 3, page: 2, perPage: 2 });
  });

  it('is for administrators only (German 403, also for ROLE_PRIVACY) and checks the paging (422)', async () => {
    for (const staff of [kit.staff.officer, kit.staff.employee])
      await expect(attempt(() => kit.list.execute(staff, {}))).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: 'Keine Rechte, um die Ressource anzufragen.',
      });
    await expect(attempt(() => kit.list.execute(kit.staff.admin, { perPage: '0' }))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'perPage' }],
    });
  });
});
