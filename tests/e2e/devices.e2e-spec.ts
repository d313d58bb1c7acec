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

/** issue 5 "Devices (print and notification): CRUD"; backoffice-platform.md §3 (lookup by identifier) */
describe('devices', () => {
  let stack: Stack;
  let admin: StaffClient;
  let branches: Record<string, number>;

  beforeAll(async () => {
    stack = await startStack('devices');
    branches = (await stack.seed()).branchIds;
    admin = await login(stack, ADMIN);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const printer = (identifier: string, branch: string) => ({
    identifier,
    name: 'Küchendrucker',
    type: 'printer',
    branch: branches[branch],
    protocol: 'cloudprnt',
    printFormat: 'star',
  });

  it('creates, reads by id and identifier, lists, replaces and deletes; the credential is generated and admin-only', async () => {
    const created = (await admin.post('/api/devices', printer('kueche-1', 'wien-innere-stadt')).expect(201)).body.data;
    expect(created).toMatchObject({
      identifier: 'kueche-1',
      type: 'printer',
      protocol: 'cloudprnt',
      pollIntervalSeconds: 5,
      lastSeenAt: null,
    });
    expect(created.apiKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await admin.get('/api/devices/kueche-1').expect(200)).body.data.id).toBe(created.id);
    const updated = (await admin.put(`/api/devices/${created.id}`, { ...created, name: 'Theke' }).expect(200)).body
      .data;
    expect(updated).toMatchObject({ name: 'Theke', apiKey: created.apiKey });
    expect(
      (await admin.get(`/api/devices?branch=${branches['wien-innere-stadt']}`).expect(200)).body.data.map(
        (d: { id: number }) => d.id,
      ),
    ).toContain(created.id);
    await admin.delete(`/api/devices/${created.id}`).expect(200);
    await admin.get(`/api/devices/${created.id}`).expect(404);
  });

  it('answers bad input in German and stores nothing', async () => {
    await admin.post('/api/devices', printer('dup', 'wien-neubau')).expect(201);
    const dup = await admin.post('/api/devices', printer('dup', 'wien-neubau')).expect(409);
    expect(dup.body.errors).toEqual([{ field: 'identifier', message: 'Dieser Wert wird bereits verwendet.' }]);
    const badType = await admin.post('/api/devices', { ...printer('x1', 'wien-neubau'), type: 'toaster' }).expect(422);
    expect(badType.body.errors).toContainEqual({ field: 'type', message: 'Der gewählte Wert ist ungültig.' });
    const unknownBranch = await admin
      .post('/api/devices', { ...printer('x2', 'wien-neubau'), branch: 999999 })
      .expect(422);
    expect(unknownBranch.body.errors).toEqual([
      { field: 'branch', message: 'Filiale mit der ID 999999 wurde nicht gefunden.' },
    ]);
    expect(
      (await admin.get('/api/devices?search=x').expect(200)).body.data.map((d: { identifier: string }) => d.identifier),
    ).not.toContain('x1');
  });

  it('shows employees the devices of their branches without credentials, and lets only admins change them', async () => {
    const own = (await admin.post('/api/devices', printer('theke-innere-stadt', 'wien-innere-stadt')).expect(201)).body
      .data;
    const other = (await admin.post('/api/devices', printer('theke-graz', 'graz-lend')).expect(201)).body.data;
    const employee = await login(stack, EMPLOYEE);
    const seen = (await employee.get('/api/devices').expect(200)).body.data as Array<{ id: number; apiKey?: string }>;
    expect(seen.map((d) => d.id)).toContain(own.id);
    expect(seen.map((d) => d.id)).not.toContain(other.id);
    expect(seen.every((d) => d.apiKey === undefined)).toBe(true);
    await employee.get(`/api/devices/${other.id}`).expect(404);
    await employee.put(`/api/devices/${own.id}`, { ...own, name: 'Nein' }).expect(403);
    await request(stack.baseUrl).get('/api/devices').expect(401);
  });
});
