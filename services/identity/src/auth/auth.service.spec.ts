import type { Actor } from '@shop/contracts';
import { OutboxEntity } from '@shop/server';
import type { DataSource } from 'typeorm';
import { addUser, identityTestDatabase, testIdentityConfig } from '../../test/identity-test-database.js';
import { UserEntity } from '../users/user.entity.js';
import { MfaService } from './mfa/mfa.service.js';
import { AuthService } from './auth.service.js';
import { LoginAttemptEntity } from './login-attempt.entity.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [] };
const WRONG = 'falsches-passwort';
const RIGHT = 'richtiges-passwort';

/** settles every promise and tells the codes of the refusals (or 'ok') */
const outcomes = (attempts: Array<Promise<unknown>>) =>
  Promise.all(
    attempts.map((p) =>
      p.then(
        () => 'ok',
        (e: { code?: string }) => e.code ?? String(e),
      ),
    ),
  );
const minutesLeft = (until: Date | string | null | undefined) => (new Date(until!).getTime() - Date.now()) / 60_000;

describe('AuthService (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let auth: AuthService;
  let kicks = 0;
  const config = testIdentityConfig({ LOGIN_MAX_FAILURES: '5', LOGIN_LOCKOUT_MINUTES: '15' });
  const relay = { kick: async () => void kicks++ };
  beforeAll(async () => {
    ({ ds, close } = await identityTestDatabase('identity_auth'));
    auth = new AuthService(ds, config, relay, new MfaService(ds, config, relay));
  });
  afterAll(() => close());

  const login = (username: string, password: string, client = '10.0.0.1') =>
    auth.verifyCredentials({ username, password, client });
  const attempt = (username: string, client = '10.0.0.1') =>
    ds.getRepository(LoginAttemptEntity).findOneBy({ username, client });

  it('logs in with the right password (username case-insensitive) and answers the actor', async () => {
    const user = await addUser(ds, { roles: ['ROLE_ADMIN'], branches: [3] });
    await expect(login(user.username.toUpperCase(), RIGHT)).resolves.toEqual({
      id: user.id,
      username: user.username,
      roles: ['ROLE_ADMIN'],
      branches: [3],
    });
    await expect(login(user.username, WRONG)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(login('niemand-bekannt', WRONG)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('tells the account state only after the right password', async () => {
    const disabled = await addUser(ds, { isEnabled: false });
    const locked = await addUser(ds, { isLocked: true });
    const expired = await addUser(ds, { expiresAt: new Date(Date.now() - 1000) });
    await expect(login(disabled.username, WRONG)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(login(disabled.username, RIGHT)).rejects.toMatchObject({ code: 'ACCOUNT_DISABLED' });
    await expect(login(locked.username, RIGHT)).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
    await expect(login(expired.username, RIGHT)).rejects.toMatchObject({ code: 'ACCOUNT_EXPIRED' });
    await expect(auth.me(locked.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('20 concurrent wrong passwords lock the account: the count is atomic and no failure lifts the lock', async () => {
    const user = await addUser(ds);
    const results = await outcomes(Array.from({ length: 20 }, () => login(user.username, WRONG)));
    // four failures below the limit, then the fifth locks and everything after it finds the lock
    expect(results.filter((r) => r === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(results.filter((r) => r === 'TOO_MANY_REQUESTS')).toHaveLength(16);
    const row = await attempt(user.username);
    expect(minutesLeft(row?.lockedUntil)).toBeGreaterThan(14);
    expect(row).toMatchObject({ lockouts: 1 });
    // the right password does not help while the lock runs; the answer names the minutes and Retry-After
    await expect(login(user.username, RIGHT)).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in 15 Minuten noch einmal.',
      extra: { retryAfter: expect.any(Number) },
    });
    expect((await ds.getRepository(UserEntity).findOneByOrFail({ id: user.id })).lockedUntil).toEqual(row!.lockedUntil);
  });

  it('a right password whose check is overtaken by wrong ones that lock the pair does not log in', async () => {
    const user = await addUser(ds);
    const client = '192.0.2.77';
    // the right password's login is held right after its (slow) hash check, at the two-factor question, while
    // five wrong ones lock the pair; before the fix it still logged in (the lock was read only before the hash
    // check). Held by a promise, not by timing: the order is the same on any machine.
    let reached!: () => void;
    const atCheck = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    class HeldMfa extends MfaService {
      override async isEnabled(id: number) {
        reached();
        await released;
        return super.isEnabled(id);
      }
    }
    const held = new AuthService(ds, config, relay, new HeldMfa(ds, config, relay));
    const right = outcomes([held.verifyCredentials({ username: user.username, password: RIGHT, client })]);
    await atCheck;
    const wrong = await outcomes(Array.from({ length: 5 }, () => login(user.username, WRONG, client)));
    expect(wrong.filter((r) => r === 'TOO_MANY_REQUESTS')).toHaveLength(1);
    release();
    expect(await right).toEqual(['TOO_MANY_REQUESTS']);
    // the lock still runs: a success never lifts it
    expect(minutesLeft((await attempt(user.username, client))?.lockedUntil)).toBeGreaterThan(14);
    await expect(login(user.username, RIGHT, client)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it("re-reads the administrator's lock after the hash check: a lock set meanwhile refuses the login", async () => {
    const user = await addUser(ds);
    // the lock lands right after the user row was read, i.e. while the password's hash is being verified
    const users = ds.getRepository(UserEntity);
    const read = users.findOneBy.bind(users);
    users.findOneBy = async (where) => {
      users.findOneBy = read;
      const found = await read(where);
      await users.update({ id: user.id }, { isLocked: true });
      return found;
    };
    await expect(login(user.username, RIGHT, '192.0.2.78')).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(users.findOneBy).toBe(read);
  });

  it('locks per (username, client): another client still logs in; unknown usernames lock the same way', async () => {
    const user = await addUser(ds);
    for (const username of [user.username, 'unbekannt-' + user.username]) {
      const results = await outcomes(Array.from({ length: 5 }, () => login(username, WRONG, '203.0.113.9')));
      expect(results.sort()).toEqual([...Array(4).fill('INVALID_CREDENTIALS'), 'TOO_MANY_REQUESTS']);
    }
    await expect(login(user.username, RIGHT, '203.0.113.9')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    await expect(login(user.username, RIGHT, '198.51.100.7')).resolves.toMatchObject({ id: user.id });
    // a successful login clears only its own client's count
    expect(await attempt(user.username, '203.0.113.9')).not.toBeNull();
  });

  it('each further lock of the same pair doubles, up to the maximum', async () => {
    const user = await addUser(ds);
    const client = '192.0.2.44';
    const lockAgain = async () => {
      // the running lock has ended (moved into the past, as time would)
      await ds.query(
        `UPDATE "identity"."login_attempt" SET "lockedUntil" = now() - interval '1 second' WHERE username = $1`,
        [user.username],
      );
      for (let i = 0; i < 5; i++) await login(user.username, WRONG, client).catch(() => undefined);
      return minutesLeft((await attempt(user.username, client))?.lockedUntil);
    };
    for (let i = 0; i < 5; i++) await login(user.username, WRONG, client).catch(() => undefined);
    expect(minutesLeft((await attempt(user.username, client))?.lockedUntil)).toBeCloseTo(15, 0);
    expect(await lockAgain()).toBeCloseTo(30, 0);
    expect(await lockAgain()).toBeCloseTo(60, 0);
    for (let i = 0; i < 6; i++) await lockAgain();
    expect(await lockAgain()).toBeCloseTo(1440, 0);
  });

  it('an administrator lifts every lock of a user at once (and employees may not)', async () => {
    const user = await addUser(ds, { isLocked: true });
    for (const client of ['a', 'b'])
      await outcomes(Array.from({ length: 5 }, () => login(user.username, WRONG, client)));
    expect(
      minutesLeft((await ds.getRepository(UserEntity).findOneByOrFail({ id: user.id })).lockedUntil),
    ).toBeGreaterThan(14);
    await expect(auth.unlock(employee, user.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(auth.unlock(null, user.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(auth.unlock(admin, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const before = kicks;
    await expect(auth.unlock(admin, user.id)).resolves.toMatchObject({ isLocked: false, lockedUntil: null });
    expect(kicks).toBe(before + 1);
    expect(await ds.getRepository(LoginAttemptEntity).countBy({ username: user.username })).toBe(0);
    const events = await ds.getRepository(OutboxEntity).findBy({ subject: 'identity.user.updated' });
    expect(events.map((e) => (e.payload as { id: number }).id)).toContain(user.id);
    await expect(login(user.username, RIGHT, 'a')).resolves.toMatchObject({ id: user.id });
  });
});
