import type { Actor } from '@shop/contracts';
import { createLogger, type DomainException } from '@shop/server';
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import decodeQR from 'qr/decode.js';
import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import { addUser, identityTestDatabase, testIdentityConfig } from '../../../test/identity-test-database.js';
import type { UserEntity } from '../../users/user.entity.js';
import { AuthService } from '../auth.service.js';
import { LoginAttemptEntity } from '../login-attempt.entity.js';
import { MfaSecretRewrite } from './mfa-secret-rewrite.js';
import { MfaService } from './mfa.service.js';

const actorOf = (u: UserEntity): Actor => ({ id: u.id, username: u.username, roles: u.roles, branches: u.branches });
const PASSWORD = 'richtiges-passwort';

/** What a phone's camera reads from the setup's QR code: the SVG drawn on a dark page (sharp), then decoded. */
async function scan(dataUrl: string): Promise<string> {
  const svg = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const { data, info } = await sharp(svg, { density: 288 })
    .flatten({ background: '#000' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decodeQR({ width: info.width, height: info.height, data });
}

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
    expect(setup.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // the otpauth link, readable on any page colour (the code brings its own white quiet zone)
    expect(await scan(setup.qrCode)).toBe(setup.otpauthUrl);
    expect(setup.otpauthUrl).toContain(`otpauth://totp/`);
    expect(setup.otpauthUrl).toContain(encodeURIComponent(user.username));
    // a wrong first code does not enable it
    await expect(mfa.enable(actorOf(user), { code: '000000' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'code', message: 'Der Code ist ungültig oder wurde bereits verwendet.' }],
    });
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
    await expect(login()).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(login('123456')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    // a code logs in once: seen over a shoulder, it cannot be replayed within its validity
    await expect(login(recoveryCodes[0])).resolves.toMatchObject({ id: user.id });
    const fresh = await generate({ secret: setup.secret });
    // accepted, unless the enabling step took this very period's code already: either way it is used now
    await login(fresh).catch(() => undefined);
    await expect(login(fresh)).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('answers the right password without a code, or with a wrong one, exactly like a wrong password (no oracle)', async () => {
    const { mfa, auth } = services();
    const user = await addUser(ds);
    await enrolled(mfa, user);
    const client = '10.0.0.14';
    const refusal = (password: string, code?: string) =>
      auth.verifyCredentials({ username: user.username, password, client, code }).then(
        () => 'logged in',
        (e: DomainException) => ({ code: e.code, message: e.message, errors: e.errors, extra: e.extra }),
      );
    const failures = async () =>
      (await ds.getRepository(LoginAttemptEntity).findOneBy({ username: user.username, client }))?.failures ?? 0;
    const wrong = await refusal('falsch');
    expect(wrong).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Fehlerhafte Zugangsdaten.' });
    expect(await refusal(PASSWORD)).toEqual(wrong);
    expect(await refusal(PASSWORD, '000000')).toEqual(wrong);
    expect(await refusal('falsch', '000000')).toEqual(wrong);
    // every one of them counted toward the lockout: none took a path of its own
    expect(await failures()).toBe(4);
  });

  it('takes each recovery code once; the code of a wrong password is never looked at', async () => {
    const { mfa, auth } = services();
    const user = await addUser(ds);
    const { recoveryCodes } = await enrolled(mfa, user);
    const login = (password: string, code?: string) =>
      auth.verifyCredentials({ username: user.username, password, client: '10.0.0.10', code });
    await expect(login('falsch', recoveryCodes[0])).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    await expect(login(PASSWORD, recoveryCodes[0].toUpperCase())).resolves.toMatchObject({ id: user.id });
    await expect(login(PASSWORD, recoveryCodes[0])).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
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
      ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
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
    const productionKey = {
      MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SERVICE_SECRET: randomBytes(32).toString('base64'),
    };
    expect(testIdentityConfig({ NODE_ENV: 'production', ...productionKey }).MFA_REQUIRED_FOR_ADMINS).toBe(true);
    expect(testIdentityConfig({ NODE_ENV: 'development' }).MFA_REQUIRED_FOR_ADMINS).toBe(false);
  });

  it('stores the secret encrypted; plain secrets of before and a rotated key are re-encrypted at start, logins work throughout', async () => {
    const { mfa, auth } = services();
    const user = await addUser(ds);
    const { secret } = await enrolled(mfa, user);
    const stored = async (userId = user.id) =>
      (await ds.query(`SELECT secret FROM "identity"."user_mfa" WHERE "userId" = $1`, [userId]))[0].secret as string;
    const row = await stored();
    expect(row).toMatch(/^enc:v1:[0-9a-f]{8}:/);
    expect(row).not.toContain(secret);
    expect(JSON.stringify(await ds.query(`SELECT * FROM "identity"."user_mfa"`))).not.toContain(secret);
    // each login below uses the current period's code: the replay guard is reset in between
    const loginWithCode = async (a: AuthService, userId = user.id, username = user.username, s = secret) => {
      await ds.query(`UPDATE "identity"."user_mfa" SET "lastTimeStep" = NULL WHERE "userId" = $1`, [userId]);
      return a.verifyCredentials({
        username,
        password: PASSWORD,
        client: '10.0.0.13',
        code: await generate({ secret: s }),
      });
    };
    await expect(loginWithCode(auth)).resolves.toMatchObject({ id: user.id });

    // a secret written before encryption (plain base32) still logs in, and the start encrypts it
    const legacy = await addUser(ds);
    const { secret: legacySecret } = await enrolled(mfa, legacy);
    await ds.query(`UPDATE "identity"."user_mfa" SET secret = $2 WHERE "userId" = $1`, [legacy.id, legacySecret]);
    await expect(loginWithCode(auth, legacy.id, legacy.username, legacySecret)).resolves.toMatchObject({
      id: legacy.id,
    });
    const silent = createLogger('test', 'silent');
    expect(await new MfaSecretRewrite(ds, testIdentityConfig(), silent).run()).toBe(1);
    expect(await stored(legacy.id)).toMatch(/^enc:v1:/);
    expect(await stored(legacy.id)).not.toContain(legacySecret);
    await expect(loginWithCode(auth, legacy.id, legacy.username, legacySecret)).resolves.toMatchObject({
      id: legacy.id,
    });

    // key rotation: the new key encrypts, the old one still decrypts until the start has rewritten every secret
    const oldKey = testIdentityConfig().MFA_ENCRYPTION_KEY;
    const rotated = { MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), MFA_ENCRYPTION_PREVIOUS_KEYS: oldKey };
    await expect(loginWithCode(services(rotated).auth)).resolves.toMatchObject({ id: user.id });
    expect(await new MfaSecretRewrite(ds, testIdentityConfig(rotated), silent).run()).toBeGreaterThanOrEqual(2);
    expect(await stored()).not.toBe(row);
    const newKeyOnly = services({ MFA_ENCRYPTION_KEY: rotated.MFA_ENCRYPTION_KEY });
    await expect(loginWithCode(newKeyOnly.auth)).resolves.toMatchObject({ id: user.id });
    await expect(loginWithCode(newKeyOnly.auth, legacy.id, legacy.username, legacySecret)).resolves.toMatchObject({
      id: legacy.id,
    });
    // a secret copied into another user's row does not decrypt there (the user id is bound to it)
    await ds.query(`UPDATE "identity"."user_mfa" SET secret = $2 WHERE "userId" = $1`, [legacy.id, await stored()]);
    await expect(loginWithCode(newKeyOnly.auth, legacy.id, legacy.username, secret)).rejects.toThrow();
    // a key that is not 256 bits is refused at boot, and so is a production start with the public development key
    expect(() => testIdentityConfig({ MFA_ENCRYPTION_KEY: 'zu-kurz' })).toThrow(/MFA_ENCRYPTION_KEY/);
    expect(() => testIdentityConfig({ NODE_ENV: 'production' })).toThrow(/MFA_ENCRYPTION_KEY: must be set/);
  });
});
