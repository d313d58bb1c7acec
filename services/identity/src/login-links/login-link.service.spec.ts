import type { Actor } from '@shop/contracts';
import type { DataSource } from 'typeorm';
import { addUser, identityTestDatabase, testIdentityConfig } from '../../test/identity-test-database.js';
import { AuthService } from '../auth/auth.service.js';
import { MfaService } from '../auth/mfa/mfa.service.js';
import { UserEntity } from '../users/user.entity.js';
import { LoginLinkEntity } from './login-link.entity.js';
import { LoginLinkService } from './login-link.service.js';

const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [] };

describe('LoginLinkService (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let links: LoginLinkService;
  beforeAll(async () => {
    ({ ds, close } = await identityTestDatabase('identity_login_links'));
    const config = testIdentityConfig();
    const relay = { kick: async () => undefined };
    const mfa = new MfaService(ds, config, relay);
    links = new LoginLinkService(ds, new AuthService(ds, config, relay, mfa), mfa);
  });
  afterAll(() => close());

  it('administrators create a link valid 10 minutes; only its hash is stored', async () => {
    const user = await addUser(ds);
    await expect(links.create(employee, user.id)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(links.create(null, user.id)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    for (const bad of [999_999, 'abc', -1, 1.5]) {
      await expect(links.create(admin, bad)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    const { token, expiresAt } = await links.create(admin, user.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((Date.parse(expiresAt) - Date.now()) / 60_000).toBeCloseTo(10, 0);
    const stored = await ds.getRepository(LoginLinkEntity).findOneByOrFail({ userId: user.id });
    expect(stored).toMatchObject({ createdBy: admin.id, usedAt: null });
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('accepts a link once; unknown, used and expired links get the same answer', async () => {
    const user = await addUser(ds, { roles: ['ROLE_EMPLOYEE'], branches: [4] });
    const { token } = await links.create(admin, user.id);
    await expect(links.consume({ token })).resolves.toEqual({
      id: user.id,
      username: user.username,
      roles: ['ROLE_EMPLOYEE'],
      branches: [4],
    });
    const invalid = { code: 'UNAUTHENTICATED' };
    await expect(links.consume({ token })).rejects.toMatchObject(invalid);
    await expect(links.consume({ token: 'x'.repeat(43) })).rejects.toMatchObject(invalid);
    await expect(links.consume({})).rejects.toMatchObject(invalid);
    const expired = await links.create(admin, user.id);
    await ds.query(
      `UPDATE "identity"."login_link" SET "expiresAt" = now() - interval '1 second' WHERE "usedAt" IS NULL`,
    );
    await expect(links.consume({ token: expired.token })).rejects.toMatchObject(invalid);
  });

  it('tells the account state of a valid link: a locked user is refused', async () => {
    const user = await addUser(ds);
    const { token } = await links.create(admin, user.id);
    await ds.getRepository(UserEntity).update({ id: user.id }, { isLocked: true });
    await expect(links.consume({ token })).rejects.toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });
});
