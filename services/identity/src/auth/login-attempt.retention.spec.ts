import type { DataSource } from 'typeorm';
import { identityTestDatabase, testIdentityConfig } from '../../test/identity-test-database.js';
import { LoginAttemptEntity } from './login-attempt.entity.js';
import { LoginAttemptRetention } from './login-attempt.retention.js';

describe('LoginAttemptRetention (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ ds, close } = await identityTestDatabase('identity_attempt_retention'));
  });
  afterAll(() => close());

  it('forgets failed logins after the retention days unless their lock still runs', async () => {
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    const row = (username: string, lastFailureAt: Date, lockedUntil: Date | null = null) => ({
      username,
      client: '10.0.0.1',
      failures: 1,
      lockouts: 0,
      lockedUntil,
      lastFailureAt,
    });
    await ds
      .getRepository(LoginAttemptEntity)
      .save([
        row('alt', daysAgo(31)),
        row('alt-gesperrt', daysAgo(40), new Date(now.getTime() + 3_600_000)),
        row('neu', daysAgo(29)),
      ]);
    const retention = new LoginAttemptRetention(ds, testIdentityConfig({ LOGIN_ATTEMPT_RETENTION_DAYS: '30' }));
    await expect(retention.sweep(now)).resolves.toBe(1);
    const left = (await ds.getRepository(LoginAttemptEntity).find()).map((r) => r.username).sort();
    expect(left).toEqual(['alt-gesperrt', 'neu']);
  });
});
