import { waitFor } from '@shop/testing';
import request from 'supertest';
import { ADMIN, login, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

const NO_SESSION = 'Keine Session verfügbar, entweder ist diese abgelaufen oder Cookies sind nicht aktiviert.';

/** ARCHITECTURE.md "Security": a staff session ends its absolute lifetime after login, however active it is. */
describe('staff session: absolute lifetime', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('session-lifetime', { SESSION_ABSOLUTE_SECONDS: '3' });
    await stack.seed();
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  it('ends an active session SESSION_ABSOLUTE_SECONDS after login, although each request renews the rolling TTL', async () => {
    // taken before the login: the server starts the lifetime while answering it, so a slow answer must not count
    const loggedInAt = Date.now();
    const admin = await login(stack, ADMIN);
    // used without a pause: the rolling lifetime (8 h) never runs out, the absolute one does
    await waitFor(
      async () => {
        const res = await admin.get('/api/users/me');
        if (res.status === 200) return false;
        expect(res.status).toBe(401);
        expect(res.body.message).toBe(NO_SESSION);
        return true;
      },
      15_000,
      200,
    );
    expect(Date.now() - loggedInAt).toBeGreaterThanOrEqual(3000);
    // a new login starts a new lifetime
    await (await login(stack, ADMIN)).get('/api/users/me').expect(200);
    await request(stack.baseUrl).get('/api/users/me').expect(401);
  });
});
