import request from 'supertest';
import { ADMIN, EMPLOYEE, login, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

/** backoffice-platform.md §6 and §8, api-contract.md "Auth" */
describe('staff authentication and authorisation', () => {
  let stack: Stack;
  let branchIds: Record<string, number>;

  beforeAll(async () => {
    // the bursts below are about identity's lockout, not the gateway's proof-of-work per username
    stack = await startStack('auth', {
      LOGIN_MAX_FAILURES: '3',
      LOGIN_LOCKOUT_MINUTES: '15',
      LOGIN_CHALLENGE_AFTER_FAILURES: '1000',
    });
    branchIds = (await stack.seed()).branchIds;
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  it('rejects wrong credentials with the German message and no cookie', async () => {
    const res = await request(stack.baseUrl)
      .post('/backend/login')
      .send({ username: 'admin', password: 'falsch-falsch' })
      .expect(401);
    expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Fehlerhafte Zugangsdaten.' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('accepts a form-encoded login, sets an HttpOnly SameSite session cookie and changes the session id at login', async () => {
    const agent = request.agent(stack.baseUrl);
    // a session that exists before login (the CSRF token endpoint needs none, so create one by logging in and out)
    const first = await agent.post('/backend/login').type('form').send(ADMIN).expect(200);
    const cookie1 = String(first.headers['set-cookie']);
    expect(cookie1).toMatch(/^sid=/);
    expect(cookie1).toMatch(/HttpOnly/i);
    expect(cookie1).toMatch(/SameSite=Lax/i);
    const second = await agent.post('/backend/login').send(ADMIN).expect(200);
    const sid = (c: string) => /sid=([^;]+)/.exec(c)![1];
    expect(sid(String(second.headers['set-cookie']))).not.toEqual(sid(cookie1));
    expect(second.body.data.user).toMatchObject({
      username: 'admin',
      roles: ['ROLE_ADMIN'],
      displayName: 'Katharina Huber',
    });
    expect(second.body.data.user).not.toHaveProperty('passwordHash');
  });

  it('answers GET /api/users/me for staff and 401 for visitors', async () => {
    const admin = await login(stack, ADMIN);
    const me = await admin.get('/api/users/me').expect(200);
    expect(me.body.data.username).toBe('admin');
    const anon = await request(stack.baseUrl).get('/api/users/me').expect(401);
    expect(anon.body.code).toBe('UNAUTHENTICATED');
  });

  it('answers anonymous writes with 401 and stores nothing', async () => {
    const before = (await request(stack.baseUrl).get('/api/tags').expect(200)).body.meta.total;
    const res = await request(stack.baseUrl).post('/api/tags').send({ name: 'Anonym' }).expect(401);
    expect(res.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Es konnten keine Zugangsdaten gefunden werden.',
    });
    await request(stack.baseUrl).put(`/api/branches/${branchIds['wien-neubau']}`).send({}).expect(401);
    await request(stack.baseUrl).delete('/api/tags/1').expect(401);
    // who asks is checked before what is asked: a bad body or id still gets 401
    await request(stack.baseUrl).post('/api/products').send({ price: 'x' }).expect(401);
    await request(stack.baseUrl).delete('/api/tags/abc').expect(401);
    expect((await request(stack.baseUrl).get('/api/tags').expect(200)).body.meta.total).toBe(before);
  });

  it('requires the CSRF token for cookie-authenticated writes', async () => {
    const admin = await login(stack, ADMIN);
    const missing = await admin.agent.post('/api/tags').send({ name: 'Ohne Token' }).expect(403);
    expect(missing.body).toMatchObject({ code: 'CSRF_INVALID', message: 'Ungültiges CSRF-Token.' });
    await admin.agent.post('/api/tags').set('x-csrf-token', 'forged').send({ name: 'Falsches Token' }).expect(403);
    await admin.post('/api/tags', { name: 'Mit Token' }).expect(201);
  });

  it('gives 403 to an employee without the role, and scopes branch changes to their own branches', async () => {
    const employee = await login(stack, EMPLOYEE);
    const denied = await employee.post('/api/products', { name: 'Verboten', price: 1 }).expect(403);
    expect(denied.body).toMatchObject({ code: 'FORBIDDEN', message: 'Keine Rechte, um die Ressource anzufragen.' });

    const own = (await employee.get(`/api/branches/${branchIds['wien-innere-stadt']}`).expect(200)).body.data;
    const updated = await employee
      .put(`/api/branches/${own.id}`, { ...own, closedMessage: 'Heute Betriebsausflug' })
      .expect(200);
    expect(updated.body.data.closedMessage).toBe('Heute Betriebsausflug');

    const other = (await employee.get(`/api/branches/${branchIds['graz-lend']}`).expect(200)).body.data;
    const res = await employee.put(`/api/branches/${other.id}`, { ...other, closedMessage: 'fremd' }).expect(403);
    expect(res.body.message).toBe('Sie haben keinen Zugriff auf diese Filiale.');
    expect((await employee.get(`/api/branches/${other.id}`).expect(200)).body.data.closedMessage).not.toBe('fremd');
    await employee.get('/api/users').expect(403);
  });

  it('logs out only by POST with the CSRF token; a GET of /backend/logout (a cross-site link) ends nothing', async () => {
    const admin = await login(stack, ADMIN);
    // a link or image on another site: the browser sends the cookie along (SameSite=Lax lets top-level GETs pass)
    const link = await admin.agent.get('/backend/logout').expect(303);
    expect(link.headers.location).toBe('/backend#/logout');
    expect(link.headers['set-cookie']).toBeUndefined();
    await admin.get('/api/users/me').expect(200);
    // a forged form post has no token
    const forged = await admin.agent.post('/backend/logout').expect(403);
    expect(forged.body).toMatchObject({ code: 'CSRF_INVALID', message: 'Ungültiges CSRF-Token.' });
    await admin.get('/api/users/me').expect(200);

    const out = await admin.post('/backend/logout').expect(200);
    // the session cookie and the CSRF secret go with the session
    expect(String(out.headers['set-cookie'])).toMatch(/(^|,)sid=;/);
    expect(String(out.headers['set-cookie'])).toMatch(/(^|,)_csrf=;/);
    await admin.get('/api/users/me').expect(401);
  });

  it('rotates the CSRF secret with the session at login: a token from before the login is refused after it', async () => {
    // one browser: someone logs in (or an attacker planted their own _csrf cookie and knows its token), then the
    // victim logs in in the same browser
    const agent = request.agent(stack.baseUrl);
    const before: string = (await agent.post('/backend/login').send(EMPLOYEE).expect(200)).body.data.csrfToken;
    const after: string = (await agent.post('/backend/login').send(ADMIN).expect(200)).body.data.csrfToken;
    const stale = await agent.post('/api/tags').set('x-csrf-token', before).send({ name: 'Altes Token' }).expect(403);
    expect(stale.body.code).toBe('CSRF_INVALID');
    await agent.post('/api/tags').set('x-csrf-token', after).send({ name: 'Neues Token' }).expect(201);
  });

  /** a staff user of branch wien-innere-stadt in the given state; returns the login body and the user as stored */
  async function userIn(state: Record<string, unknown>) {
    const admin = await login(stack, ADMIN);
    const credentials = {
      username: `zustand-${Object.keys(state).join('-')}-${Math.random().toString(36).slice(2, 8)}`,
      password: 'Zustand-2026!',
    };
    const user = (
      await admin
        .post('/api/users', {
          ...credentials,
          roles: ['ROLE_EMPLOYEE'],
          branches: [{ id: branchIds['wien-innere-stadt'] }],
        })
        .expect(201)
    ).body.data;
    const stored = (await admin.put(`/api/users/${user.id}`, { ...user, ...state }).expect(200)).body.data;
    return { admin, credentials, stored };
  }

  it.each([
    [{ isLocked: true }, 'ACCOUNT_LOCKED', 'Der Account ist gesperrt.'],
    [{ expiresAt: '2020-01-01T00:00:00.000Z' }, 'ACCOUNT_EXPIRED', 'Der Account ist abgelaufen.'],
    [{ isEnabled: false }, 'ACCOUNT_DISABLED', 'Der Account ist deaktiviert.'],
  ])('tells the account state %o only after the right password (401 %s)', async (state, code, message) => {
    const { credentials, stored } = await userIn(state);
    expect(stored).toMatchObject(state);
    const res = await request(stack.baseUrl).post('/backend/login').send(credentials).expect(401);
    expect(res.body).toMatchObject({ code, message, errors: [{ field: null, message }] });
    expect(res.headers['set-cookie']).toBeUndefined();
    const wrong = await request(stack.baseUrl)
      .post('/backend/login')
      .send({ ...credentials, password: 'falsch-falsch' })
      .expect(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Fehlerhafte Zugangsdaten.' });
  });

  it('lets an administrator lock a user, which ends their session, and unlock them again', async () => {
    const { admin, credentials, stored } = await userIn({});
    expect(stored).toMatchObject({ isLocked: false, lockedUntil: null });
    const session = await login(stack, credentials);
    await admin.put(`/api/users/${stored.id}`, { ...stored, isLocked: true }).expect(200);
    // the next request re-confirms the user with identity (ACTOR_REFRESH_SECONDS=0 here)
    await session.get('/api/users/me').expect(401);
    await admin.put(`/api/users/${stored.id}`, { ...stored, isLocked: false }).expect(200);
    await login(stack, credentials);
    const employee = await login(stack, EMPLOYEE);
    await employee.put(`/api/users/${stored.id}`, { ...stored, isLocked: true }).expect(403);
  });

  it('keeps an administrator from shutting themselves out: no deleting, locking, disabling or demoting their own account', async () => {
    const { admin, credentials: second } = await userIn({});
    const secondAdmin = (await admin.get(`/api/users?search=${second.username}`).expect(200)).body.data[0];
    await admin.put(`/api/users/${secondAdmin.id}`, { ...secondAdmin, roles: ['ROLE_ADMIN'] }).expect(200);
    const me = (await admin.get('/api/users/me').expect(200)).body.data;
    const selfDelete = await admin.delete(`/api/users/${me.id}`).expect(409);
    expect(selfDelete.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Sie können Ihr eigenes Benutzerkonto nicht löschen.',
    });
    for (const change of [
      { isLocked: true },
      { isEnabled: false },
      { roles: ['ROLE_EMPLOYEE'] },
      { expiresAt: '2020-01-01T00:00:00.000Z' },
    ]) {
      const res = await admin.put(`/api/users/${me.id}`, { ...me, ...change }).expect(409);
      expect(res.body.message).toBe(
        'Sie können Ihr eigenes Benutzerkonto nicht sperren, deaktivieren oder ihm die Administratorrechte entziehen.',
      );
    }
    // their own name still changes, and another administrator may do what they may not
    await admin.put(`/api/users/${me.id}`, { ...me, firstName: 'Kathi' }).expect(200);
    const other = await login(stack, second);
    await other.put(`/api/users/${me.id}`, { ...me, firstName: 'Katharina', isEnabled: false }).expect(200);
    await other.put(`/api/users/${me.id}`, { ...me, firstName: 'Katharina', isEnabled: true }).expect(200);
    await other.delete(`/api/users/${secondAdmin.id}`).expect(409);
    // disabling ended the first administrator's session: a new one removes the second administrator
    await (await login(stack, ADMIN)).delete(`/api/users/${secondAdmin.id}`).expect(200);
  });

  it('answers a request whose session is gone with "Keine Session verfügbar …" (401), without a cookie as before', async () => {
    const NO_SESSION = 'Keine Session verfügbar, entweder ist diese abgelaufen oder Cookies sind nicht aktiviert.';
    const signedIn = await request(stack.baseUrl).post('/backend/login').send(ADMIN).expect(200);
    const cookie = ([] as string[])
      .concat(signedIn.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toMatch(/(^|; )sid=/);
    await request(stack.baseUrl).get('/api/users/me').set('cookie', cookie).expect(200);
    // ended elsewhere (another tab's logout) or expired in Redis: the browser still sends the cookie
    await request(stack.baseUrl)
      .post('/backend/logout')
      .set('cookie', cookie)
      .set('x-csrf-token', signedIn.body.data.csrfToken)
      .expect(200);
    const me = await request(stack.baseUrl).get('/api/users/me').set('cookie', cookie).expect(401);
    expect(me.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: NO_SESSION,
      errors: [{ field: null, message: NO_SESSION }],
    });
    const list = await request(stack.baseUrl).get('/api/users').set('cookie', cookie).expect(401);
    expect(list.body.message).toBe(NO_SESSION);
    // a write: 401 for the lost session, not 403 for the CSRF token it carries (or not)
    for (const token of [signedIn.body.data.csrfToken as string, undefined]) {
      const write = request(stack.baseUrl).post('/api/tags').set('cookie', cookie);
      if (token) write.set('x-csrf-token', token);
      const res = await write.send({ name: 'Nach Ablauf' }).expect(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', message: NO_SESSION });
    }
    // public reads still work with the stale cookie, and without any cookie the message stays the generic one
    await request(stack.baseUrl).get('/api/branches').set('cookie', cookie).expect(200);
    const anon = await request(stack.baseUrl).get('/api/users/me').expect(401);
    expect(anon.body.message).toBe('Es konnten keine Zugangsdaten gefunden werden.');
  });

  it('a right password sent at once with wrong ones does not log in once they locked the account', async () => {
    const { credentials } = await userIn({});
    // all sent in the same tick, the right password last: its hash is verified after the wrong ones locked the
    // pair (username, client), and the lock is read again after the hash
    const burst = [...Array.from({ length: 12 }, () => 'falsch-falsch'), credentials.password].map((password) =>
      request(stack.baseUrl).post('/backend/login').send({ username: credentials.username, password }),
    );
    const answers = await Promise.all(burst);
    expect(answers.map((r) => r.status).filter((status) => status === 200)).toEqual([]);
    expect(answers.at(-1)!.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in 15 Minuten noch einmal.',
    });
    // the lock holds afterwards: nothing lifted it
    expect((await request(stack.baseUrl).post('/backend/login').send(credentials)).status).toBe(429);
  });

  it('locks out after repeated failures with "in N Minuten", the same way for unknown users', async () => {
    for (const username of ['mitarbeiter', 'niemand-bekannt']) {
      const attempt = () => request(stack.baseUrl).post('/backend/login').send({ username, password: 'falsch-falsch' });
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(401);
      const third = await attempt();
      expect(third.status).toBe(429);
      expect(third.body.message).toBe(
        'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in 15 Minuten noch einmal.',
      );
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // the right password does not help while locked
    const locked = await request(stack.baseUrl).post('/backend/login').send(EMPLOYEE);
    expect(locked.status).toBe(429);

    // administrators see the lockout's end; unlocking the user ends it at once
    const admin = await login(stack, ADMIN);
    const user = (
      (await admin.get('/api/users?search=mitarbeiter&perPage=5').expect(200)).body.data as Array<{
        id: number;
        username: string;
        lockedUntil: string | null;
      }>
    ).find((u) => u.username === EMPLOYEE.username)!;
    expect((Date.parse(user.lockedUntil!) - Date.now()) / 60_000).toBeGreaterThan(14);
    const lockedUser = (await admin.put(`/api/users/${user.id}`, { ...user, isLocked: true }).expect(200)).body.data;
    expect(lockedUser).toMatchObject({ isLocked: true, lockedUntil: user.lockedUntil });
    const unlocked = (await admin.put(`/api/users/${user.id}`, { ...lockedUser, isLocked: false }).expect(200)).body
      .data;
    expect(unlocked).toMatchObject({ isLocked: false, lockedUntil: null });
    await login(stack, EMPLOYEE);

    // locked out again: the back office's unlock action lifts it
    for (let i = 0; i < 3; i++)
      await request(stack.baseUrl)
        .post('/backend/login')
        .send({ username: EMPLOYEE.username, password: 'falsch-falsch' });
    expect((await request(stack.baseUrl).post('/backend/login').send(EMPLOYEE)).status).toBe(429);
    const lifted = (await admin.post(`/api/users/${user.id}/unlock`).expect(200)).body.data;
    expect(lifted).toMatchObject({ id: user.id, isLocked: false, lockedUntil: null });
    await login(stack, EMPLOYEE);
  });
});
