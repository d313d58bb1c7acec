import { waitFor } from '@shop/testing';
import { ADMIN, EMPLOYEE, login, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

/**
 * ARCHITECTURE.md "Security": a change of a user ends or narrows their sessions at once, although sessions
 * otherwise trust their actor for ACTOR_REFRESH_SECONDS (an hour here, so only the user events can do it).
 */
describe('staff sessions follow changes of their user at once', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('session-revocation', { ACTOR_REFRESH_SECONDS: '3600' });
    await stack.seed();
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  it('new roles apply and a lock ends the session within moments, not after the refresh interval', async () => {
    const admin = await login(stack, ADMIN);
    const employee = await login(stack, EMPLOYEE);
    await employee.get('/api/users').expect(403);
    const user = (await admin.get(`/api/users/${employee.user.id}`).expect(200)).body.data;

    await admin.put(`/api/users/${user.id}`, { ...user, roles: ['ROLE_EMPLOYEE', 'ROLE_ADMIN'] }).expect(200);
    await waitFor(async () => (await employee.get('/api/users')).status === 200, 5000, 100);

    await admin.put(`/api/users/${user.id}`, { ...user, isLocked: true }).expect(200);
    await waitFor(async () => (await employee.get('/api/users/me')).status === 401, 5000, 100);
    // the session is gone for good (unlocking does not bring it back)
    await admin.post(`/api/users/${user.id}/unlock`).expect(200);
    await employee.get('/api/users/me').expect(401);
  });
});
