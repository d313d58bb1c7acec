import type { Project, Task } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import {
  ADMIN,
  crudOf,
  employee,
  manager,
  refusal,
  timeTrackingTestDatabase,
} from '../../test/time-tracking-test-database.js';
import { projectCrud, requireTaskBranches, taskCrud } from './project.crud.js';
import { TaskEntity } from './project.entity.js';

/** The projects and tasks resources' hooks run by the real CRUD engine (real Postgres, committed migrations). */
describe('projects and tasks resources', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let projects: ReturnType<typeof crudOf>;
  let tasks: ReturnType<typeof crudOf>;
  const OWN = 51;
  const MANAGER = manager(811, [OWN]);
  const EMP = employee(812, [OWN]);
  beforeAll(async () => {
    ({ ds, close } = await timeTrackingTestDatabase('project_crud'));
    projects = crudOf(projectCrud, ds);
    tasks = crudOf(taskCrud, ds);
  });
  afterAll(() => close());

  it('lets staff read, administrators write every project and managers those of their branches', async () => {
    const everywhere = (await projects.create(ADMIN, { body: { name: 'Hygiene', branch: null } })) as Project;
    const own = (await projects.create(MANAGER, {
      body: { name: 'Inventur', branch: OWN, description: 'Q4' },
    })) as Project;
    expect(own).toMatchObject({ name: 'Inventur', description: 'Q4', branch: OWN, isActive: true });
    expect((await projects.list(EMP, { query: { branch: OWN } })).items).toEqual([own]);
    expect(((await projects.list(EMP, { query: {} })).items as Project[]).map((p) => p.name)).toEqual([
      'Hygiene',
      'Inventur',
    ]);
    expect(
      await refusal(() => projects.update(MANAGER, { id: everywhere.id, body: { name: 'x', branch: null } })),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await refusal(() => projects.create(EMP, { body: { name: 'x', branch: OWN } }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('keeps tasks to known projects, deletes them with their project, and checks a manager’s project branches', async () => {
    const own = (await projects.create(ADMIN, { body: { name: 'Umbau', branch: OWN } })) as Project;
    const other = (await projects.create(ADMIN, { body: { name: 'Fremd', branch: 52 } })) as Project;
    const task = (await tasks.create(MANAGER, {
      body: { project: own.id, name: 'Regale', assignees: [EMP.id, EMP.id] },
    })) as Task;
    expect(task).toMatchObject({ project: own.id, status: 'open', assignees: [EMP.id] });
    expect((await tasks.list(EMP, { query: { assignee: EMP.id } })).items).toEqual([task]);
    expect((await refusal(() => tasks.create(ADMIN, { body: { project: 999_999, name: 'x' } })))?.code).toBe(
      'VALIDATION_FAILED',
    );
    // the branch part of a manager's task write (the controller asks before the CRUD)
    await expect(requireTaskBranches(ds, MANAGER, task.id, { project: own.id })).resolves.toBeUndefined();
    expect(await refusal(() => requireTaskBranches(ds, MANAGER, task.id, { project: other.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Sie haben keinen Zugriff auf diese Filiale.',
    });
    await expect(requireTaskBranches(ds, ADMIN, task.id, { project: other.id })).resolves.toBeUndefined();
    await projects.delete(ADMIN, { id: own.id });
    expect(await ds.getRepository(TaskEntity).countBy({ projectId: own.id })).toBe(0);
  });
});
