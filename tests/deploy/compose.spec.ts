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
  image?: string;
  command?: string[];
  restart?: string;
  volumes?: Array<string | { source: string; target: string; read_only?: boolean }>;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  secrets?: Array<string | { source: string }>;
  ports?: Array<string | { host_ip?: string; target: number }>;
  profiles?: string[];
}

/** what compose refuses to start without (there is no default for production) */
const REQUIRED = {
  PUBLIC_BASE_URL: 'https://shop.example-gastro.at',
  SMTP_URL: 'smtp://shop:mail-password@mail.example-gastro.at:587',
};
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
  // the platform's processes (the dev profile's mail catcher is checked with node too, but is not one)
  const apps = Object.entries(config.services).filter(
    ([, s]) => s.healthcheck?.test.join(' ').includes('node') && !s.profiles,
  );
  const secretsOf = (s: Service) => (s.secrets ?? []).map((x) => (typeof x === 'string' ? x : x.source));

  it('is valid for compose and needs PUBLIC_BASE_URL and SMTP_URL', () => {
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

  it('runs every process from the one image, each with its own entry, restarted unless stopped (issue 38)', () => {
    const image = config.services.gateway!.image;
    expect(image).toBe('shop-platform:latest');
    const entries = apps.map(([name, service]) => {
      expect({ name, image: service.image, restart: service.restart }).toEqual({
        name,
        image,
        restart: 'unless-stopped',
      });
      return service.command?.join(' ');
    });
    // ten processes, ten different entries, each a built dist/main.js
    expect(new Set(entries).size).toBe(10);
    for (const entry of entries) expect(entry).toMatch(/^node (gateway|services\/[a-z-]+)\/dist\/main\.js$/);
    for (const name of ['postgres', 'redis', 'nats'])
      expect({ name, restart: config.services[name]!.restart }).toEqual({ name, restart: 'unless-stopped' });
    // the one-shot jobs run once: a failed migration stops the start instead of looping
    expect(config.services.migrate!.restart ?? 'no').toBe('no');
  });

  it('shares the files volume: content writes it, the gateway serves it read-only (issue 38)', () => {
    const mounts = (service: Service) =>
      (service.volumes ?? []).map((v) =>
        typeof v === 'string' ? v : `${v.source.replace(/^.*_/, '')}:${v.target}${v.read_only ? ':ro' : ''}`,
      );
    expect(mounts(config.services.content!)).toContainEqual(
      expect.stringMatching(/^(\S+_)?files:\/data\/files(:rw)?$/),
    );
    expect(mounts(config.services.gateway!)).toContainEqual(expect.stringMatching(/^(\S+_)?files:\/data\/files:ro$/));
    for (const name of ['content', 'gateway'])
      expect(config.services[name]!.environment).toMatchObject({ FILES_DIR: '/data/files' });
  });

  it('has a mail catcher in the dev profile only; production names its mail server (issue 38)', () => {
    // compose v2 lists a profile's services only with the profile, docker-compose 1.29 always
    const dev = parse(run('--profile', 'dev', 'config')) as { services: Record<string, Service> };
    expect(dev.services.mail).toMatchObject({
      image: 'maildev/maildev:2.2.1',
      restart: 'unless-stopped',
      profiles: ['dev'],
    });
    expect(dev.services.mail!.healthcheck?.test.join(' ')).toContain('http://127.0.0.1:1080/healthz');
    expect(config.services.workers!.environment!.SMTP_URL).toBe(REQUIRED.SMTP_URL);
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
