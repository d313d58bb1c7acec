import type { Actor } from '@shop/contracts';
import { generate } from 'otplib';
import type { DataSource } from 'typeorm';
import { addUser, identityTestDatabase, testIdentityConfig } from '../../../test/identity-test-database.js';
import type { UserEntity } from '../../users/user.entity.js';
import { AuthService } from '../auth.service.js';
import { MfaService } from './mfa.service.js';

const actorOf = (u: UserEntity): Actor => ({ id: u.id, username: u.username, roles: u.roles, branches: u.branches });
const PASSWORD = 'richtiges-passwort';

/** Issue 15, item 8 (ARCHITECTURE.md "Security"): TOTP with recovery codes, against real Postgres. */
describe('MfaService and the login with a second factor (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  const relay = { kick: async () => undefined };
  const services = (env: Record<string, string> = {}) => {
    const config = testIdentityConfig({ LOGIN_MAX_FAILURES: '5', ...env });
    const mfa = new MfaService(ds, config, relay);
    return { mfa, auth: new AuthService(ds, config, relay, mfa) };
  };
  beforeAll(async () => {
    ({ ds, close } = await identityTestDatabase('identity_mfa'));
  });
  afterAll(() => close());

  /** A user with two-factor login on; answers the secret and the recovery codes. */
  async function enrolled(mfa: MfaService, user: UserEntity) {
    const setup = await mfa.setup(actorOf(user));
    const { recoveryCodes } = await mfa.enable(actorOf(user), { code: await generate({ secret: setup.secret }) });
    return { secret: setup.secret, recoveryCodes };
  }

  it('enrols with a QR code and a first code, then the login needs a code; a code works once', async () => {
    const { mfa, auth } = services();
    const user = await addUser(ds);
    const setup = await mfa.setup(actorOf(user));
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(setup.otpauthUrl).toContain(`otpauth://totp/`);
    expect(setup.otpauthUrl).toContain(encodeURIComponent(user.username));
    // a wrong first code does not enable it
    await expect(mfa.enable(actorOf(user), { code: '000000' })).rejects.toMatchObject({ code: 'MFA_INVALID' });
    expect(await mfa.status(actorOf(user))).toMatchObject({ enabled: false });
    const { recoveryCodes } = await mfa.enable(actorOf(user), { code: await generate({ secret: setup.secret }) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await mfa.status(actorOf(user))).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    // only hashes are stored
    const stored = await ds.query(`SELECT "recoveryCodeHashes" FROM "identity"."user_mfa" WHERE "userId" = $1`, [
      user.id,
    ]);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);

    const login = (code?: string) =>
      auth.verifyCredentials({ username: user.username, password: PASSWORD, client: '10.0.0.9', code });
    await expect(login()).rejects.toMatchObject({
      code: 'MFA_REQUIRED',
      errors: [{ field: 'code', message: expect.stringContaining('Authenticator-App') }],
    });
    await expect(login('123456')).rejects.toMatchObject({ code: 'MFA_INVALID' });
    // a code logs in once: seen over a shoulder, it cannot be replayed within its validity
    await expect(login(recoveryCodes[0])).resolves.toMatchObject({ id: user.id });
    const fresh = await generate({ secret: setup.secret });
    // accepted, unless the enabling step took this very period's code already: either way it is used now
    await login(fresh).catch(() => undefined);
    await expect(login(fresh)).rejects.toMatchObject({ code: 'MFA_INVALID' });
  });

  it('takes each recovery code once; the code of a wrong password is never looked at', async () => {
    const { mfa, auth } = services();
    const user = await addUser(ds);
    const { recoveryCodes } = await enrolled(mfa, user);
    const login = (password: string, code?: string) =>
      auth.verifyCredentials({ username: user.username, password, client: '10.0.0.10', code });
    await expect(login('falsch', recoveryCodes[0])).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(login(PASSWORD, recoveryCodes[0].toUpperCase())).resolves.toMatchObject({ id: user.id });
    await expect(login(PASSWORD, recoveryCodes[0])).rejects.toMatchObject({ code: 'MFA_INVALID' });
    expect((await mfa.status(actorOf(user))).recoveryCodesLeft).toBe(9);
  });

  it('locks out after repeated wrong codes like wrong passwords (no guessing 6 digits)', async () => {
    const { mfa, auth } = services();
    const user = await addUser(ds);
    await enrolled(mfa, user);
    const codes = ['111111', '222222', '333333', '444444'];
    for (const code of codes)
      await expect(
        auth.verifyCredentials({ username: user.username, password: PASSWORD, client: '10.0.0.11', code }),
      ).rejects.toMatchObject({ code: 'MFA_INVALID' });
    await expect(
      auth.verifyCredentials({ username: user.username, password: PASSWORD, client: '10.0.0.11', code: '555555' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it('disables with password and a code; administrators must enrol while required and cannot disable', async () => {
    const { mfa } = services();
    const user = await addUser(ds);
    const { recoveryCodes } = await enrolled(mfa, user);
    await expect(mfa.disable(actorOf(user), { password: 'falsch', code: recoveryCodes[1] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(mfa.disable(actorOf(user), { password: PASSWORD, code: recoveryCodes[1] })).resolves.toMatchObject({
      enabled: false,
    });

    const required = services({ MFA_REQUIRED_FOR_ADMINS: 'true' });
    const admin = await addUser(ds, { roles: ['ROLE_ADMIN'] });
    const first = await required.auth.verifyCredentials({
      username: admin.username,
      password: PASSWORD,
      client: '10.0.0.12',
    });
    expect(first).toMatchObject({ id: admin.id, mfaSetupRequired: true });
    const { recoveryCodes: adminCodes } = await enrolled(required.mfa, admin);
    await expect(
      required.mfa.disable(actorOf(admin), { password: PASSWORD, code: adminCodes[0] }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const second = await required.auth.verifyCredentials({
      username: admin.username,
      password: PASSWORD,
      client: '10.0.0.12',
      code: adminCodes[1],
    });
    expect(second).not.toHaveProperty('mfaSetupRequired');
    // the default follows NODE_ENV: production requires it, the demo (development) does not
    expect(testIdentityConfig({ NODE_ENV: 'production' }).MFA_REQUIRED_FOR_ADMINS).toBe(true);
    expect(testIdentityConfig({ NODE_ENV: 'development' }).MFA_REQUIRED_FOR_ADMINS).toBe(false);
  });
});
