import type { WorkingTimeSetting } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { ADMIN, crudOf, employee, refusal, timeTrackingTestDatabase } from '../../test/time-tracking-test-database.js';
import { workingTimeSettingCrud } from './working-time-setting.crud.js';

/** The working-time settings resource's hooks run by the real CRUD engine (real Postgres, committed migrations). */
describe('working-time-settings resource', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: ReturnType<typeof crudOf>;
  const EMP = employee(831, [71]);
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('working_time_setting_crud'));
    crud = crudOf(workingTimeSettingCrud, ds);
  });
  afterAll(() => close());

  it('keeps one rule set per division: administrators write, staff read', async () => {
    const germany = (await crud.create(ADMIN, { body: { division: 2, ruleSet: 'DE' } })) as WorkingTimeSetting;
    expect(germany).toMatchObject({ division: 2, ruleSet: 'DE' });
    expect((await crud.create(ADMIN, { body: { division: 1 } })) as WorkingTimeSetting).toMatchObject({
      ruleSet: 'AT',
    });
    expect((await crud.list(EMP, { query: { division: 2 } })).items).toEqual([germany]);
    expect(
      await refusal(() => crud.update(EMP, { id: germany.id, body: { division: 2, ruleSet: 'AT' } })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    // a second setting of the division is refused (uniqueColumns), the first stays
    expect((await refusal(() => crud.create(ADMIN, { body: { division: 2, ruleSet: 'AT' } })))?.code).toBe('DUPLICATE');
    expect((await crud.get(ADMIN, { id: germany.id })) as WorkingTimeSetting).toMatchObject({ ruleSet: 'DE' });
  });
});
