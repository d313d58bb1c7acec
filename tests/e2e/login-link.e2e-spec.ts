import { createHash } from 'node:crypto';
import request from 'supertest';
import { DataSource } from 'typeorm';
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

const INVALID = 'Ungültiger oder abgelaufener Anmelde-Link.';
const tokenOf = (url: string) => /#\/link\/([A-Za-z0-9_-]+)$/.exec(url)![1]!;

/** One-time login links (backoffice-platform.md §8): created by administrators, valid 10 minutes, single use. */
describe('one-time login links', () => {
  let stack: Stack;
  let admin: StaffClient;
  let employeeId: number;

  beforeAll(async () => {
    stack = await startStack('login-link');
    await stack.seed();
    admin = await login(stack, ADMIN);
    const users = (await admin.get('/api/users').expect(200)).body.data as Array<{ id: number; username: string }>;
    employeeId = users.find((u) => u.username === EMPLOYEE.username)!.id;
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const useLink = (token: string, agent = request.agent(stack.baseUrl)) =>
    agent.post('/backend/login-link').send({ token });

  it('logs the user in once with a link an administrator created; the second use is refused', async () => {
    const created = await admin.post(`/api/users/${employeeId}/login-link`).expect(201);
    expect(created.body.data.url).toMatch(/^\/backend\/login#\/link\/[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(created.body.data.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.5);
    expect(minutes).toBeLessThanOrEqual(10);

    const agent = request.agent(stack.baseUrl);
    const res = await useLink(tokenOf(created.body.data.url), agent).expect(200);
    expect(res.body.data.user).toMatchObject({ username: 'mitarbeiter' });
    expect(String(res.headers['set-cookie'])).toMatch(/sid=.*HttpOnly/i);
    expect((await agent.get('/api/users/me').expect(200)).body.data.username).toBe('mitarbeiter');
    // the session works for writes with the returned CSRF token
    await agent.post('/backend/logout').set('x-csrf-token', res.body.data.csrfToken).expect(200);

    const again = await useLink(tokenOf(created.body.data.url)).expect(401);
    expect(again.body).toMatchObject({ code: 'UNAUTHENTICATED', message: INVALID });
  });

  it('refuses expired, unknown and malformed links with the same answer, and stores only a hash', async () => {
    const created = await admin.post(`/api/users/${employeeId}/login-link`).expect(201);
    const token = tokenOf(created.body.data.url);
    const ds = stack.identity.get(DataSource);
    const rows = await ds.query(`SELECT "tokenHash" FROM "identity"."login_link"`);
    expect(rows.map((r: { tokenHash: string }) => r.tokenHash)).toContain(
      createHash('sha256').update(token).digest('hex'),
    );
    expect(JSON.stringify(rows)).not.toContain(token);
    await ds.query(`UPDATE "identity"."login_link" SET "expiresAt" = now() - interval '1 second'`);
    for (const t of [token, 'A'.repeat(43), 'x']) {
      const res = await useLink(t).expect(401);
      expect(res.body.message).toBe(INVALID);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect((await request(stack.baseUrl).post('/backend/login-link').send({}).expect(401)).body.message).toBe(INVALID);
  });

  it.each([
    [{ isLocked: true }, 'ACCOUNT_LOCKED', 'Der Account ist gesperrt.'],
    [{ expiresAt: '2020-01-01T00:00:00.000Z' }, 'ACCOUNT_EXPIRED', 'Der Account ist abgelaufen.'],
  ])('tells the account state %o after a valid link (401 %s) and starts no session', async (state, code, message) => {
    const username = `link-${code.toLowerCase().replace(/_/g, '-')}`;
    const user = (
      await admin.post('/api/users', { username, password: 'Linktest-2026!', roles: ['ROLE_EMPLOYEE'] }).expect(201)
    ).body.data;
    const created = await admin.post(`/api/users/${user.id}/login-link`).expect(201);
    await admin.put(`/api/users/${user.id}`, { ...user, ...state }).expect(200);
    const res = await useLink(tokenOf(created.body.data.url)).expect(401);
    expect(res.body).toMatchObject({ code, message, errors: [{ field: null, message }] });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('tells a disabled account after a valid link, and only administrators create links', async () => {
    const user = (
      await admin
        .post('/api/users', { username: 'linktest', password: 'Linktest-2026!', roles: ['ROLE_EMPLOYEE'] })
        .expect(201)
    ).body.data;
    const created = await admin.post(`/api/users/${user.id}/login-link`).expect(201);
    await admin.put(`/api/users/${user.id}`, { ...user, isEnabled: false }).expect(200);
    expect((await useLink(tokenOf(created.body.data.url)).expect(401)).body.message).toBe(
      'Der Account ist deaktiviert.',
    );

    const employee = await login(stack, EMPLOYEE);
    await employee.post(`/api/users/${employeeId}/login-link`).expect(403);
    await request(stack.baseUrl).post(`/api/users/${employeeId}/login-link`).expect(401);
    await admin.post('/api/users/999999/login-link').expect(404);
    await admin.post('/api/users/abc/login-link').expect(404);
    // cookie-authenticated writes need the CSRF header
    await admin.agent.post(`/api/users/${employeeId}/login-link`).expect(403);
  });
});
