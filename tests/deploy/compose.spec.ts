import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** `docker compose` (the plugin) where it is installed, else Debian's `docker-compose` (.ci/run installs it) */
const compose = spawnSync('docker', ['compose', 'version']).status === 0 ? ['docker', 'compose'] : ['docker-compose'];

interface Service {
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

/** the secrets compose refuses to start without (there is no default for production) */
const SECRETS = {
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  MFA_ENCRYPTION_KEY: 'Y29tcG9zZS10ZXN0LW1mYS1rZXktMDEyMzQ1Njc4OWE=',
};

describe('docker-compose.yml (the single-machine stack)', () => {
  const run = (...args: string[]) =>
    execFileSync(compose[0]!, [...compose.slice(1), ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...SECRETS },
    });
  const config = parse(run('config')) as { services: Record<string, Service> };

  it('is valid for compose and needs SESSION_SECRET and MFA_ENCRYPTION_KEY', () => {
    expect(Object.keys(config.services)).toEqual(expect.arrayContaining(['gateway', 'order', 'workers', 'migrate']));
    for (const key of Object.keys(SECRETS)) {
      const unset = spawnSync(compose[0]!, [...compose.slice(1), 'config', '-q'], {
        cwd: ROOT,
        env: { ...process.env, ...SECRETS, [key]: '' },
        encoding: 'utf8',
      });
      expect({ key, status: unset.status === 0 ? 'accepted' : 'refused' }).toEqual({ key, status: 'refused' });
      expect(unset.stderr).toMatch(new RegExp(key));
    }
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
