import type { DataSource } from 'typeorm';
import {
  ADMIN,
  employee,
  monthOf,
  refusal,
  timeTrackingTestDatabase,
} from '../../../../test/time-tracking-test-database.js';
import { HolidayRegionSetting } from './holiday-region.usecase.js';

/**
 * Issue 41 on real Postgres: a branch's public holidays are those of its country (the catalogue's) and of the state
 * set for it here (else the deployment's default state for branches of the default country).
 */
describe('HolidayRegionSetting', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let parts: ReturnType<typeof monthOf>;
  let regions: HolidayRegionSetting;
  const EMP = employee(901, [91]);
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('holiday_region'));
    // 91 in Munich, 92 in Vienna, 93 in Vaduz; the deployment's default state is Vienna's ('9')
    parts = monthOf(
      ds,
      {
        91: { division: null, timeZone: 'Europe/Berlin', country: 'DE' },
        92: { division: null, timeZone: 'Europe/Vienna', country: 'AT' },
        93: { division: null, timeZone: 'Europe/Vaduz', country: 'LI' },
      },
      {},
      { holidayState: '9' },
    );
    regions = new HolidayRegionSetting(ds, parts.regions);
  });
  afterAll(() => close());

  it("reads the country's holidays, and the state's once it is set", async () => {
    const epiphany = async () => (await parts.regions.between(91, null, '2026-01-06', '2026-01-06')).get('2026-01-06');
    // Epiphany is no public holiday in Germany as a whole, it is in Bavaria
    expect(await epiphany()).toBeUndefined();
    expect(await regions.get(EMP, 91)).toMatchObject({ branch: 91, country: 'DE', state: null, effectiveState: null });
    const saved = await regions.save(ADMIN, { branch: 91, state: 'BY' });
    expect(saved).toMatchObject({ country: 'DE', state: 'BY', effectiveState: 'BY' });
    expect(saved.states).toContainEqual({ code: 'BY', name: 'Bayern' });
    expect(await epiphany()).toBe('Heilige Drei Könige');
    // an Austrian branch without a state of its own keeps the deployment's default state
    expect(await regions.get(EMP, 92)).toMatchObject({ country: 'AT', state: null, effectiveState: '9' });
  });

  it('takes only states date-holidays knows for the country, from administrators', async () => {
    expect(await refusal(() => regions.save(ADMIN, { branch: 91, state: 'W' }))).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'state', message: 'Dieses Bundesland gibt es in DE nicht.' }],
    });
    expect((await refusal(() => regions.save(ADMIN, { branch: 93, state: 'X' })))?.errors).toEqual([
      { field: 'state', message: 'Für LI gibt es keine Bundesländer.' },
    ]);
    expect((await refusal(() => regions.save(EMP, { branch: 91, state: null })))?.code).toBe('FORBIDDEN');
    expect((await regions.save(ADMIN, { branch: 91, state: null })).effectiveState).toBeNull();
  });
});
