import { generate } from 'otplib';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  ADMIN,
  EMPLOYEE,
  login,
  startStack,
  type Stack,
  type StaffClient,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const code = (secret: string) => generate({ secret });
/** the session cookie a client's agent holds now */
const sessionCookie = (client: StaffClient) =>
  (client.agent as unknown as { jar: { getCookies(o: object): Array<{ name: string; value: string }> } }).jar
    .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
    .filter((c) => c.name === 'sid')
    .map((c) => `sid=${c.value}`)
    .join('; ');

/**
 * Issue 15, item 8 (ARCHITECTURE.md "Security"): two-factor login for staff through the gateway, required for
 * administrators here (MFA_REQUIRED_FOR_ADMINS, on in production), and a password change ending the user's
 * other sessions at once.
 */
describe('staff two-factor login and password changes', () => {
  let stack: Stack;
  beforeAll(async () => {
    // an hour of actor refresh: only the password change itself can end the sessions
    stack = await startStack('mfa', { MFA_REQUIRED_FOR_ADMINS: 'true', ACTOR_REFRESH_SECONDS: '3600' });
    await stack.seed();
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  let recovery: string[] = [];

  it('an administrator without two-factor login may only enrol; after enrolling the login asks for a code', async () => {
    const admin = await login(stack, ADMIN);
    const refused = await admin.get('/api/users').expect(403);
    expect(refused.body).toMatchObject({
      code: 'MFA_SETUP_REQUIRED',
      message:
        'Als Administrator müssen Sie zuerst die Zwei-Faktor-Anmeldung einrichten (Kopfzeile → Zwei-Faktor-Anmeldung).',
    });
    await admin.get('/api/users/me').expect(200);
    expect((await admin.get('/api/users/me/mfa').expect(200)).body.data).toEqual({
      enabled: false,
      required: true,
      recoveryCodesLeft: 0,
    });
    const setup = (await admin.post('/api/users/me/mfa/setup').expect(200)).body.data;
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // bad input of a logged-in user (422), not a 401 that the back office would take for a lost session
    const wrong = await admin.post('/api/users/me/mfa/enable', { code: '000000' }).expect(422);
    expect(wrong.body.errors[0]).toEqual({
      field: 'code',
      message: 'Der Code ist ungültig oder wurde bereits verwendet.',
    });
    const restrictedCookie = sessionCookie(admin);
    recovery = (await admin.post('/api/users/me/mfa/enable', { code: await code(setup.secret) }).expect(200)).body.data
      .recoveryCodes;
    expect(recovery).toHaveLength(10);
    await admin.get('/api/users').expect(200);
    // the session's rights grew: a new session id and CSRF secret, so the enrol-only session's id and token are void
    await request(stack.baseUrl).get('/api/users/me').set('cookie', restrictedCookie).expect(401);
    expect((await admin.post('/api/tags', { name: 'Altes Token' }).expect(403)).body.code).toBe('CSRF_INVALID');
    const csrf = (await admin.get('/backend/csrf-token').expect(200)).body.data.csrfToken;
    await admin.agent.post('/api/tags').set('x-csrf-token', csrf).send({ name: 'Neues Token' }).expect(201);

    // no oracle: the right password without a code, or with a wrong one, is answered exactly like a wrong password,
    // and each counts as a failed login like a wrong password does
    const answer = async (body: object) => {
      const res = await request(stack.baseUrl).post('/backend/login').send(body);
      // apart from what differs for every request: its id, the time, the address's rate-limit count-down
      const { 'x-request-id': requestId, date, 'x-ratelimit-remaining': remaining, ...headers } = res.headers;
      expect([requestId, date, remaining]).toEqual([expect.any(String), expect.any(String), expect.any(String)]);
      return { status: res.status, body: res.body, headers };
    };
    const failures = async () =>
      (
        await stack.identity
          .get(DataSource)
          .query(`SELECT failures FROM "identity"."login_attempt" WHERE username = 'admin'`)
      )[0]?.failures ?? 0;
    const WRONG = { ...ADMIN, password: 'Falsches-Passwort-2026' };
    const wrongPassword = await answer(WRONG);
    expect(wrongPassword).toMatchObject({
      status: 401,
      body: { code: 'INVALID_CREDENTIALS', message: 'Fehlerhafte Zugangsdaten.' },
    });
    expect(await answer(ADMIN)).toEqual(wrongPassword);
    expect(await answer({ ...ADMIN, code: '123456' })).toEqual(wrongPassword);
    expect(await answer({ ...WRONG, code: '123456' })).toEqual(wrongPassword);
    expect(await failures()).toBe(4);
    const ok = await request(stack.baseUrl)
      .post('/backend/login')
      .send({ ...ADMIN, code: recovery[0] })
      .expect(200);
    expect(ok.body.data.mfaSetupRequired).toBe(false);
    // each recovery code once
    await request(stack.baseUrl)
      .post('/backend/login')
      .send({ ...ADMIN, code: recovery[0] })
      .expect(401);
  });

  const adminLogin = (i: number): Promise<StaffClient> => login(stack, { ...ADMIN, code: recovery[i] });

  it('a password change ends the other sessions of the user at once, not the one that changed it', async () => {
    const here = await adminLogin(1);
    const elsewhere = await adminLogin(2);
    const employee = await login(stack, EMPLOYEE);
    const employeeElsewhere = await login(stack, EMPLOYEE);
    await elsewhere.get('/api/users/me').expect(200);

    const me = (await here.get(`/api/users/${here.user.id}`).expect(200)).body.data;
    await here.put(`/api/users/${me.id}`, { ...me, password: 'Ein-neues-Admin-Passwort-2026' }).expect(200);
    // no waiting for events: the very next request of the other session is refused
    await elsewhere.get('/api/users/me').expect(401);
    await here.get('/api/users/me').expect(200);

    const emp = (await here.get(`/api/users/${employee.user.id}`).expect(200)).body.data;
    await here.put(`/api/users/${emp.id}`, { ...emp, password: 'Ein-neues-Mitarbeiter-Passwort-2026' }).expect(200);
    await employee.get('/api/users/me').expect(401);
    await employeeElsewhere.get('/api/users/me').expect(401);
    // another change (not the password) ends nothing
    const again = await login(stack, { username: EMPLOYEE.username, password: 'Ein-neues-Mitarbeiter-Passwort-2026' });
    await here.put(`/api/users/${emp.id}`, { ...emp, firstName: 'Maria' }).expect(200);
    await again.get('/api/users/me').expect(200);
  });
});
