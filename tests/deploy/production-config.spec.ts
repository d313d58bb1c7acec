import { ConfigError } from '@shop/server';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGatewayConfig } from '../../gateway/src/config/gateway-config.js';
import { loadCatalogueConfig } from '../../services/catalogue/src/config/catalogue-config.js';
import { loadContentConfig } from '../../services/content/src/config/content-config.js';
import { loadIdentityConfig } from '../../services/identity/src/config/identity-config.js';
import { loadOrderConfig } from '../../services/order/src/config/order-config.js';
import { loadPaymentConfig } from '../../services/payment/src/config/payment-config.js';
import { loadSignageConfig } from '../../services/signage/src/config/signage-config.js';
import { loadStatisticsConfig } from '../../services/statistics/src/config/statistics-config.js';
import { loadTimeTrackingConfig } from '../../services/time-tracking/src/config/time-tracking-config.js';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';

type Env = Record<string, string | undefined>;

/** every process of the stack, with the secrets it reads (issue 37 item 2) */
const PROCESSES: Array<{ name: string; load: (env: Env) => unknown; secrets: string[] }> = [
  { name: 'gateway', load: loadGatewayConfig, secrets: ['SERVICE_SECRET', 'SESSION_SECRET', 'ALTCHA_HMAC_KEY'] },
  { name: 'catalogue', load: loadCatalogueConfig, secrets: ['SERVICE_SECRET'] },
  { name: 'content', load: loadContentConfig, secrets: ['SERVICE_SECRET'] },
  { name: 'identity', load: loadIdentityConfig, secrets: ['SERVICE_SECRET', 'MFA_ENCRYPTION_KEY'] },
  { name: 'order', load: loadOrderConfig, secrets: ['SERVICE_SECRET'] },
  { name: 'payment', load: loadPaymentConfig, secrets: ['SERVICE_SECRET', 'PUBLIC_BASE_URL'] },
  { name: 'signage', load: loadSignageConfig, secrets: ['SERVICE_SECRET'] },
  { name: 'statistics', load: loadStatisticsConfig, secrets: ['SERVICE_SECRET'] },
  { name: 'time-tracking', load: loadTimeTrackingConfig, secrets: ['SERVICE_SECRET'] },
  { name: 'workers', load: loadWorkersConfig, secrets: ['SERVICE_SECRET', 'PUBLIC_BASE_URL', 'SMTP_URL'] },
];

/** values an operator would generate (openssl rand) */
const GOOD: Env = {
  NODE_ENV: 'production',
  SERVICE_SECRET: 'k3Jd9xQm2VbT7nLp4RwZ8sYh6FcA1eGu',
  SESSION_SECRET: 'Qw8eRt5yUi2oPa9sDf4gHj7kLz3xCv6b',
  ALTCHA_HMAC_KEY: 'Zx1cVb2nMa3sDf4gHj5kLq6wEr7tYu8i',
  MFA_ENCRYPTION_KEY: 'hX2YpJ0w8yq1bq6C6rYh0Qm1l4o1u0Qv5s7x5b9n3mE=',
  PUBLIC_BASE_URL: 'https://shop.example-gastro.at',
  SMTP_URL: 'smtp://shop:mail-password@mail.example-gastro.at:587',
};

function refusal(load: (env: Env) => unknown, env: Env): string {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return 'started';
}

describe('a production process refuses public, empty, short or example secrets (issue 37 item 2)', () => {
  it.each(PROCESSES)('$name starts with real secrets', ({ load }) => {
    expect(() => load(GOOD)).not.toThrow();
  });

  it.each(PROCESSES)('$name names every secret left at its default', ({ load, secrets }) => {
    const message = refusal(load, { NODE_ENV: 'production' });
    for (const name of secrets) expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it.each(PROCESSES)('$name starts in development with the public defaults', ({ load }) => {
    expect(() => load({ NODE_ENV: 'development' })).not.toThrow();
  });

  const bad: Array<[string, string, RegExp]> = [
    ['empty', '', /must be set/],
    ['short', 'only-twenty-characters', /at least 32 bytes/],
    ['an example', 'CHANGE-ME-to-a-long-random-value-0123456789', /example/],
    ['a development value', 'dev-only-service-secret-0123456789', /example/],
  ];
  it.each(bad)('SERVICE_SECRET %s is refused', (_, value, reason) => {
    const message = refusal(loadOrderConfig, { ...GOOD, SERVICE_SECRET: value });
    expect(message).toMatch(/^ {2}SERVICE_SECRET: /m);
    expect(message).toMatch(reason);
  });

  it('an MFA key is judged by its bytes, and a base64-wrapped development key is still one', () => {
    const devKey = Buffer.from('development-only-mfa-key-32-byte').toString('base64');
    expect(refusal(loadIdentityConfig, { ...GOOD, MFA_ENCRYPTION_KEY: devKey })).toMatch(
      /^ {2}MFA_ENCRYPTION_KEY: .*example/m,
    );
  });

  it.each(['http://localhost:3000', 'http://shop.localhost', 'http://127.0.0.1:8080', 'http://[::1]/'])(
    'PUBLIC_BASE_URL %s is refused',
    (url) => {
      expect(refusal(loadWorkersConfig, { ...GOOD, PUBLIC_BASE_URL: url })).toMatch(/^ {2}PUBLIC_BASE_URL: /m);
    },
  );

  it('a configured payment provider needs its live URLs, a live key and its webhook key', () => {
    const datatrans = { ...GOOD, DATATRANS_MERCHANT_ID: '1100000000', DATATRANS_PASSWORD: 'pw' };
    const message = refusal(loadPaymentConfig, datatrans);
    expect(message).toMatch(/^ {2}DATATRANS_API_URL: .*sandbox/m);
    expect(message).toMatch(/^ {2}DATATRANS_PAY_URL: .*sandbox/m);
    expect(message).toMatch(/^ {2}DATATRANS_HMAC_KEY: /m);
    const live = {
      ...datatrans,
      DATATRANS_API_URL: 'https://api.datatrans.com',
      DATATRANS_PAY_URL: 'https://pay.datatrans.com',
    };
    expect(refusal(loadPaymentConfig, { ...live, DATATRANS_HMAC_KEY: 'ab12' })).toMatch(
      /^ {2}DATATRANS_HMAC_KEY: .*32 bytes/m,
    );
    expect(() => loadPaymentConfig({ ...live, DATATRANS_HMAC_KEY: 'ab'.repeat(64) })).not.toThrow();
    expect(refusal(loadPaymentConfig, { ...GOOD, MOLLIE_API_KEY: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' })).toMatch(
      /^ {2}MOLLIE_API_KEY: .*test/m,
    );
  });

  it('reads a secret from the file its _FILE variable names (compose and Kubernetes secrets)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    writeFileSync(join(dir, 'service_secret'), `${GOOD.SERVICE_SECRET}\n`);
    const config = loadOrderConfig({
      ...GOOD,
      SERVICE_SECRET: undefined,
      SERVICE_SECRET_FILE: join(dir, 'service_secret'),
    });
    expect(config.SERVICE_SECRET).toBe(GOOD.SERVICE_SECRET);
    expect(refusal(loadOrderConfig, { ...GOOD, SERVICE_SECRET_FILE: join(dir, 'missing') })).toMatch(
      /^ {2}SERVICE_SECRET_FILE: cannot be read/m,
    );
  });

  it('the demo seed (users with published passwords) refuses to run under NODE_ENV=production', () => {
    const seed = spawnSync(process.execPath, ['scripts/seed.mjs'], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' },
      encoding: 'utf8',
    });
    expect({ status: seed.status, stderr: seed.stderr.trim() }).toEqual({
      status: 1,
      stderr: '✖ the demo seed refuses to run under NODE_ENV=production: its users have published passwords',
    });
  });
});
