import { generate } from 'otplib';
import request from 'supertest';
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
    recovery = (await admin.post('/api/users/me/mfa/enable', { code: await code(setup.secret) }).expect(200)).body.data
      .recoveryCodes;
    expect(recovery).toHaveLength(10);
    await admin.get('/api/users').expect(200);

    const withoutCode = await request(stack.baseUrl).post('/backend/login').send(ADMIN).expect(401);
    expect(withoutCode.body).toMatchObject({
      code: 'MFA_REQUIRED',
      errors: [
        {
          field: 'code',
          message: 'Bitte geben Sie den Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
        },
      ],
    });
    await request(stack.baseUrl)
      .post('/backend/login')
      .send({ ...ADMIN, code: '123456' })
      .expect(401);
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
