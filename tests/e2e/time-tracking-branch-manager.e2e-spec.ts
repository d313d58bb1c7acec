import { addDays, localDate } from '@shop/domain';
import request from 'supertest';
import {
  ADMIN,
  EMPLOYEE,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const OTHER_BRANCH = 'Sie haben keinen Zugriff auf diese Filiale.';
const NO_RIGHTS = 'Keine Rechte, um die Ressource anzufragen.';

/**
 * Issue 19, item 3, through the gateway on the real stack: the branch manager ('Filialleitung', held with the
 * employee role) gets the team sheet, planner, projects, tasks and access codes of their own branches (the
 * gateway lets the role through, the time-tracking service checks the branch, identity names the codes' holders'
 * branches over the bus); another branch is a German 403; employees keep their rights.
 */
describe('time tracking: branch managers (issue 19)', () => {
  let stack: Stack;
  let admin: StaffClient;
  let employee: StaffClient;
  let manager: StaffClient;
  let own: number;
  let other: number;
  let stranger: number;
  const day = addDays(localDate(new Date(), 'Europe/Vienna'), -2);

  beforeAll(async () => {
    stack = await startStack('time-tracking-manager');
    const branchIds = Object.values((await stack.seed()).branchIds);
    admin = await login(stack, ADMIN);
    employee = await login(stack, EMPLOYEE);
    const mine = employee.user.branches.map((b) => b.id);
    own = mine[0];
    other = branchIds.find((id) => !mine.includes(id))!;
    const password = 'Filialleitung-2026!';
    // the role alone is refused: a branch manager is an employee too
    const alone = await admin
      .post('/api/users', { username: 'leitung-allein', password, roles: ['ROLE_BRANCH_MANAGER'] })
      .expect(422);
    expect(alone.body.errors).toEqual([
      { field: 'roles', message: 'Die Rolle Filialleitung setzt die Rolle Mitarbeiter voraus.' },
    ]);
    const created = await admin
      .post('/api/users', {
        username: 'filialleitung',
        password,
        roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'],
        branches: mine.map((id) => ({ id })),
      })
      .expect(201);
    expect(created.body.data.roles).toEqual(['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER']);
    stranger = (
      await admin
        .post('/api/users', {
          username: 'fremde-filiale',
          password,
          roles: ['ROLE_EMPLOYEE'],
          branches: [{ id: other }],
        })
        .expect(201)
    ).body.data.id;
    manager = await login(stack, { username: 'filialleitung', password });
  }, STACK_START_MS);
  afterAll(async () => {
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('reads the staff of their branches (names on the sheets); employees still may not', async () => {
    const ids = (await manager.get('/api/users?perPage=500').expect(200)).body.data.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([employee.user.id, manager.user.id]));
    expect(ids).not.toContain(stranger);
    await manager.get(`/api/users/${stranger}`).expect(404);
    await employee.get('/api/users').expect(403);
  });

  it("team sheet: their branch's balances and export; another branch 403; employees unchanged", async () => {
    await manager.get(`/api/time-sheets/balances?branch=${own}&from=${day}&to=${day}`).expect(200);
    await manager.get(`/api/time-sheets/export?month=${day.slice(0, 7)}&branch=${own}&format=csv`).expect(200);
    expect((await manager.get(`/api/time-sheets/balances?branch=${other}`).expect(403)).body.message).toBe(
      OTHER_BRANCH,
    );
    expect(
      (await manager.get(`/api/time-sheets/export?month=${day.slice(0, 7)}&branch=${other}`).expect(403)).body.message,
    ).toBe(OTHER_BRANCH);
    await employee.get(`/api/time-sheets/balances?branch=${own}`).expect(403);
    await admin.get(`/api/time-sheets/balances?branch=${other}&from=${day}&to=${day}`).expect(200);
  });

  it('planner: schedules of their branch; another branch 403', async () => {
    const shift = { user: employee.user.id, branch: own, date: day, start: '08:00', end: '16:30', breakMinutes: 30 };
    const id = (await manager.post('/api/working-schedules', shift).expect(201)).body.data.id;
    await manager.put(`/api/working-schedules/${id}`, { ...shift, start: '09:00' }).expect(200);
    expect((await manager.post('/api/working-schedules', { ...shift, branch: other }).expect(403)).body.message).toBe(
      OTHER_BRANCH,
    );
    await manager.delete(`/api/working-schedules/${id}`).expect(200);
  });

  it("projects and tasks of their branch; another branch's 403; employees 403", async () => {
    const project = (await manager.post('/api/projects', { name: 'Inventur', branch: own }).expect(201)).body.data;
    expect((await manager.post('/api/projects', { name: 'Fremd', branch: other }).expect(403)).body.message).toBe(
      OTHER_BRANCH,
    );
    const foreign = (await admin.post('/api/projects', { name: 'Umbau', branch: other }).expect(201)).body.data;
    const task = (await manager.post('/api/tasks', { project: project.id, name: 'Kassa zählen' }).expect(201)).body
      .data;
    await manager
      .put(`/api/tasks/${task.id}`, { project: project.id, name: 'Kassa zählen', status: 'done' })
      .expect(200);
    expect((await manager.post('/api/tasks', { project: foreign.id, name: 'x' }).expect(403)).body.message).toBe(
      OTHER_BRANCH,
    );
    expect((await employee.post('/api/projects', { name: 'x', branch: own }).expect(403)).body.message).toBe(NO_RIGHTS);
    await employee.post('/api/tasks', { project: project.id, name: 'x' }).expect(403);
    await manager.delete(`/api/tasks/${task.id}`).expect(200);
    await manager.delete(`/api/projects/${project.id}`).expect(200);
  });

  it('access codes for the staff of their branches; a user of another branch 403; employees 403', async () => {
    const issued = (
      await manager
        .post('/api/time-tracking/access-tokens', { user: employee.user.id, username: EMPLOYEE.username })
        .expect(201)
    ).body.data;
    expect(issued.token).toMatch(/^\d{8}$/);
    expect(
      (
        await manager
          .post('/api/time-tracking/access-tokens', { user: stranger, username: 'fremde-filiale' })
          .expect(403)
      ).body.message,
    ).toBe(OTHER_BRANCH);
    const foreign = (
      await admin.post('/api/time-tracking/access-tokens', { user: stranger, username: 'fremde-filiale' }).expect(201)
    ).body.data;
    const listed = (await manager.get('/api/time-tracking/access-tokens').expect(200)).body.data;
    expect(listed.map((t: { user: number }) => t.user)).toEqual([employee.user.id]);
    expect((await manager.post(`/api/time-tracking/access-tokens/${foreign.id}/revoke`).expect(403)).body.message).toBe(
      OTHER_BRANCH,
    );
    await manager.post(`/api/time-tracking/access-tokens/${issued.id}/revoke`).expect(200);
    await employee.get('/api/time-tracking/access-tokens').expect(403);
    await employee.post('/api/time-tracking/access-tokens', { user: employee.user.id, username: 'x' }).expect(403);
  });

  it("a terminal clocks an employee of its branch; someone of another branch 403 (identity's branches)", async () => {
    const key = (await admin.post('/api/time-tracking/time-clocks', { branch: own, name: 'Eingang' }).expect(201)).body
      .data.key as string;
    const codeOf = async (user: number, username: string) =>
      (await admin.post('/api/time-tracking/access-tokens', { user, username }).expect(201)).body.data.token as string;
    const clock = (action: string, username: string, token: string) =>
      request(stack.baseUrl)
        .post(`/api/time-tracking/${own}/working-activities/${action}`)
        .set('x-time-tracking-device-key', key)
        .set('x-time-tracking-user', username)
        .set('x-time-tracking-token', token)
        .send({});
    const strangerCode = await codeOf(stranger, 'fremde-filiale');
    expect((await clock('start', 'fremde-filiale', strangerCode).expect(403)).body.message).toBe(OTHER_BRANCH);
    const code = await codeOf(employee.user.id, EMPLOYEE.username);
    expect((await clock('start', EMPLOYEE.username, code).expect(200)).body.data.current).toMatchObject({
      branch: own,
      state: 'running',
    });
    await clock('end', EMPLOYEE.username, code).expect(200);
  });
});
