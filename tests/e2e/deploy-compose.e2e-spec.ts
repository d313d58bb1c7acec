import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

interface ComposeService {
  command?: string[];
  profiles?: string[];
  environment?: Record<string, string>;
  secrets?: string[];
}
const compose = parse(readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8')) as {
  services: Record<string, ComposeService>;
  secrets: Record<string, { file: string }>;
};
const runs = (s: ComposeService) => (s.command ?? []).join(' ');

describe('docker-compose.yml (a production start)', () => {
  it('never seeds the demo shop or its users outside the dev profile', () => {
    const seeding = Object.entries(compose.services).filter(([, s]) => runs(s).includes('seed.mjs'));
    expect(seeding.map(([name]) => name)).toEqual(['seed-demo']);
    expect(compose.services['seed-demo']!.profiles).toEqual(['dev']);
  });

  it('migrates, then creates the first administrator from a secret file (never from a printed password)', () => {
    const migrate = compose.services.migrate!;
    expect(migrate.profiles).toBeUndefined();
    expect(runs(migrate)).toBe('sh -c node scripts/migrate.mjs && node scripts/first-admin.mjs');
    expect(migrate.secrets).toEqual(['admin_password']);
    expect(migrate.environment).toMatchObject({ ADMIN_PASSWORD_FILE: '/run/secrets/admin_password' });
    expect(JSON.stringify(migrate.environment)).not.toMatch(/ADMIN_PASSWORD[^_]/);
    expect(compose.secrets.admin_password!.file).toBe('${SECRETS_DIR:-./deploy/secrets}/admin_password');
  });
});
