import type { WorkingActivity } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import {
  ADMIN,
  contextOf,
  crudOf,
  employee,
  refusal,
  timeTrackingTestDatabase,
} from '../../test/time-tracking-test-database.js';
import { ProjectEntity } from '../projects/project.entity.js';
import { workingActivityCrud } from './working-activity.crud.js';

/** The activities resource's hooks run by the real CRUD engine (real Postgres, committed migrations). */
describe('working-activities resource', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: ReturnType<typeof crudOf>;
  const EMP = employee(801, [41]);
  const OTHER = employee(802, [41]);
  const body = (o: Record<string, unknown> = {}) => ({
    user: EMP.id,
    branch: 41,
    kind: 'work',
    start: '2026-03-10T07:00:00Z',
    end: '2026-03-10T14:00:00Z',
    pauses: [],
    project: null,
    task: null,
    note: null,
    ...o,
  });
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('working_activity_crud'));
    const context = contextOf(ds);
    crud = crudOf(
      workingActivityCrud((b) => context.forBranch(b), 'Europe/Vienna'),
      ds,
    );
  });
  afterAll(() => close());

  it('stores an employee’s own activity with its minutes, state and the law warnings of its day', async () => {
    const created = (await crud.create(EMP, { body: body() })) as WorkingActivity;
    expect(created).toMatchObject({ user: EMP.id, branch: 41, state: 'ended', netMinutes: 420 });
    // seven hours without a break: Austria's rule set warns, never refuses
    expect(created.warnings).toEqual([expect.objectContaining({ rule: 'break', date: '2026-03-10' })]);
    const paused = (await crud.update(EMP, {
      id: created.id,
      body: body({ pauses: [{ start: '2026-03-10T10:00:00Z', end: '2026-03-10T10:30:00Z' }] }),
    })) as WorkingActivity;
    expect(paused).toMatchObject({ netMinutes: 390, warnings: [] });
  });

  it('lets employees see and change their own activities only, at their branches', async () => {
    await crud.create(ADMIN, {
      body: body({ user: OTHER.id, start: '2026-03-11T07:00:00Z', end: '2026-03-11T08:00:00Z' }),
    });
    const mine = (await crud.list(EMP, { query: {} })).items as WorkingActivity[];
    expect(mine.map((a) => a.user)).toEqual([EMP.id]);
    expect((await crud.list(ADMIN, { query: { user: OTHER.id } })).items).toHaveLength(1);
    expect(await refusal(() => crud.create(EMP, { body: body({ user: OTHER.id }) }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie können nur Ihre eigenen Aktivitäten sehen und ändern.',
    });
    expect(await refusal(() => crud.create(EMP, { body: body({ branch: 42 }) }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie haben keinen Zugriff auf diese Filiale.',
    });
  });

  it('checks pauses, project and task, with the German messages at their fields', async () => {
    const project = await ds
      .getRepository(ProjectEntity)
      .save({ name: 'Inventur', description: null, branchId: 41, isActive: true });
    const refused = await refusal(() =>
      crud.create(EMP, {
        body: body({
          pauses: [{ start: '2026-03-10T06:00:00Z', end: '2026-03-10T06:30:00Z' }],
          project: project.id + 1,
          task: 999,
        }),
      }),
    );
    expect(refused?.errors).toEqual([
      { field: 'pauses', message: 'Die Pausen müssen innerhalb der Aktivität liegen.' },
      { field: 'project', message: 'Dieses Projekt gibt es nicht.' },
      { field: 'task', message: 'Diese Aufgabe gehört nicht zum gewählten Projekt.' },
    ]);
    const withProject = (await crud.create(EMP, {
      body: body({ project: project.id, start: '2026-03-12T07:00:00Z', end: '2026-03-12T08:00:00Z' }),
    })) as WorkingActivity;
    expect((await crud.list(EMP, { query: { project: project.id } })).items).toEqual([withProject]);
    // the from/to filters read the start's day in the branch's zone
    expect((await crud.list(EMP, { query: { from: '2026-03-12', to: '2026-03-12' } })).items).toEqual([withProject]);
  });
});
