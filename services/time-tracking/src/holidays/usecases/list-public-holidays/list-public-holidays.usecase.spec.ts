import type { DataSource } from 'typeorm';
import { employee, monthOf, timeTrackingTestDatabase } from '../../../../test/time-tracking-test-database.js';
import { ListPublicHolidays } from './list-public-holidays.usecase.js';

/** Issue 41: a year's public holidays of a branch's region, for the screens (date-holidays, in German). */
describe('ListPublicHolidays', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let list: ListPublicHolidays;
  const EMP = employee(951, [95]);
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('list_public_holidays'));
    const parts = monthOf(ds, { 96: { division: null, timeZone: 'America/New_York' } });
    list = new ListPublicHolidays(parts.regions, parts.context);
  });
  afterAll(() => close());

  it("answers the public holidays (not bank holidays or observances) of the branch's region", async () => {
    // branch 95: the catalogue does not answer; the deployment's country, Austria
    const austria = await list.execute(EMP, { branch: '95', year: '2026' });
    expect(austria).toMatchObject({ branch: 95, country: 'AT', state: null, year: 2026 });
    expect(austria.holidays).toHaveLength(13);
    expect(austria.holidays).toContainEqual({ date: '2026-10-26', name: 'Nationalfeiertag' });
    // 24 December afternoon is a bank holiday, Easter Sunday an observance
    expect(austria.holidays.map((h) => h.date)).not.toContain('2026-12-24');
    expect(austria.holidays.map((h) => h.date)).not.toContain('2026-04-05');
    // a branch in a country the catalogue does not name keeps none
    expect(await list.execute(EMP, { branch: '96', year: '2026' })).toMatchObject({ country: null, holidays: [] });
  });
});
