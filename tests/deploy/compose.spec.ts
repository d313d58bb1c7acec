import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadGatewayConfig } from '../../gateway/src/config/gateway-config.js';
import { loadIdentityConfig } from '../../services/identity/src/config/identity-config.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** `docker compose` (the plugin) where it is installed, else Debian's `docker-compose` (.ci/run installs it) */
const compose = spawnSync('docker', ['compose', 'version']).status === 0 ? ['docker', 'compose'] : ['docker-compose'];

interface Service {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  secrets?: Array<string | { source: string }>;
  ports?: Array<string | { host_ip?: string; target: number }>;
  profiles?: string[];
}

/** what compose refuses to start without (there is no default for production) */
const REQUIRED = { PUBLIC_BASE_URL: 'https://shop.example-gastro.at' };
/** the operator's secrets, as deploy/make-secrets.sh writes them */
const SECRETS_DIR = join(mkdtempSync(join(tmpdir(), 'compose-secrets-')), 'secrets');
execFileSync('sh', [join(ROOT, 'deploy/make-secrets.sh')], { env: { ...process.env, SECRETS_DIR } });
const secretFile = (name: string) => readFileSync(join(SECRETS_DIR, name), 'utf8');

describe('docker-compose.yml (the single-machine stack)', () => {
  const env = { ...process.env, ...REQUIRED, SECRETS_DIR };
  const run = (...args: string[]) =>
    execFileSync(compose[0]!, [...compose.slice(1), ...args], { cwd: ROOT, encoding: 'utf8', env });
  const config = parse(run('config')) as {
    services: Record<string, Service>;
    secrets: Record<string, { file: string }>;
  };
  const apps = Object.entries(config.services).filter(([, s]) => s.healthcheck?.test.join(' ').includes('node'));
  const secretsOf = (s: Service) => (s.secrets ?? []).map((x) => (typeof x === 'string' ? x : x.source));

  it('is valid for compose and needs PUBLIC_BASE_URL', () => {
    expect(Object.keys(config.services)).toEqual(expect.arrayContaining(['gateway', 'order', 'workers', 'migrate']));
    for (const key of Object.keys(REQUIRED)) {
      const unset = spawnSync(compose[0]!, [...compose.slice(1), 'config', '-q'], {
        cwd: ROOT,
        env: { ...env, [key]: '' },
        encoding: 'utf8',
      });
      expect({ key, status: unset.status === 0 ? 'accepted' : 'refused' }).toEqual({ key, status: 'refused' });
      expect(unset.stderr).toMatch(new RegExp(key));
    }
  });

  it('runs every process in production with its secrets from files, never from its environment (issue 37 item 2)', () => {
    expect(apps.map(([name]) => name)).toEqual(expect.arrayContaining(['gateway', 'identity', 'order', 'workers']));
    for (const [name, service] of apps) {
      expect({ name, env: service.environment?.NODE_ENV }).toEqual({ name, env: 'production' });
      expect({ name, secrets: secretsOf(service) }).toEqual({
        name,
        secrets: expect.arrayContaining(['service_secret']),
      });
      for (const [key, value] of Object.entries(service.environment ?? {}))
        if (/SECRET|_KEY$/.test(key))
          expect({ name, key, value }).toEqual({ name, key, value: expect.stringMatching(/^(\/run\/secrets\/|$)/) });
    }
    expect(secretsOf(config.services.gateway!)).toEqual(
      expect.arrayContaining(['service_secret', 'session_secret', 'altcha_hmac_key']),
    );
    expect(secretsOf(config.services.identity!)).toEqual(expect.arrayContaining(['mfa_encryption_key']));
    for (const [name, { file }] of Object.entries(config.secrets)) expect(file).toBe(join(SECRETS_DIR, name));
  });

  it('the secrets deploy/make-secrets.sh writes are what a production process accepts', () => {
    const production = (service: Service) =>
      Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [
          key,
          value.startsWith('/run/secrets/') ? join(SECRETS_DIR, value.slice('/run/secrets/'.length)) : value,
        ]),
      );
    expect(() => loadGatewayConfig(production(config.services.gateway!))).not.toThrow();
    expect(() => loadIdentityConfig(production(config.services.identity!))).not.toThrow();
    expect(loadGatewayConfig(production(config.services.gateway!)).SESSION_SECRET).toBe(
      secretFile('session_secret').trim(),
    );
    // and without them the same process refuses to start, naming each one
    const { SERVICE_SECRET_FILE, SESSION_SECRET_FILE, ALTCHA_HMAC_KEY_FILE, ...withoutSecrets } = production(
      config.services.gateway!,
    );
    expect([SERVICE_SECRET_FILE, SESSION_SECRET_FILE, ALTCHA_HMAC_KEY_FILE].every(Boolean)).toBe(true);
    expect(() => loadGatewayConfig(withoutSecrets)).toThrow(
      /SERVICE_SECRET: must be set[\s\S]*SESSION_SECRET: must be set[\s\S]*ALTCHA_HMAC_KEY: must be set/,
    );
  });

  it('serves Secure cookies behind the TLS proxy it trusts, on a port only this host reaches (issue 37 item 4)', () => {
    const gateway = config.services.gateway!;
    expect(gateway.environment).toMatchObject({ COOKIE_SECURE: 'true', TRUSTED_PROXIES: expect.stringMatching(/\S/) });
    // compose v2 writes ports as objects, docker-compose 1.29 as `host_ip:published:target/tcp`
    const hostIps = (gateway.ports ?? []).map((p) => (typeof p === 'string' ? p.split(':')[0] : p.host_ip));
    expect(hostIps).toEqual(['127.0.0.1']);
  });

  it('seeds the demo (published passwords) only in the dev profile, as development', () => {
    const seed = config.services['seed-demo'];
    // compose config lists profiled services only when their profile is active
    const dev = parse(run('--profile', 'dev', 'config')) as { services: Record<string, Service> };
    expect(seed ?? dev.services['seed-demo']).toMatchObject({ environment: { NODE_ENV: 'development' } });
  });

  it('checks each process on its own health port, and waits only on services that have a health check', () => {
    for (const [name, service] of Object.entries(config.services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {}))
        if (condition === 'service_healthy')
          expect({ name, dependency, check: !!config.services[dependency]!.healthcheck }).toEqual({
            name,
            dependency,
            check: true,
          });
      const port = Object.entries(service.environment ?? {}).find(([k]) => /_HEALTH_PORT$|^GATEWAY_PORT$/.test(k));
      if (!port) continue;
      expect({ name, check: service.healthcheck?.test.join(' ') }).toEqual({
        name,
        check: expect.stringContaining(`http://127.0.0.1:${port[1]}/health`),
      });
    }
  });
});
