import { readFileSync } from 'node:fs';

/**
 * What a production process refuses to start with (issue 37 item 2): a secret left at its public development
 * default, empty, shorter than 32 bytes or copied from an example, and a public address on this machine. Every
 * process parses its settings through `loadConfig`, which asks this module, so one list covers the gateway and
 * every service; each process checks the settings its own schema has.
 */
interface SecretRule {
  /** how the value is written; its length is judged in decoded bytes */
  encoding?: 'base64' | 'hex';
  /** unset is fine: the feature has another key (PREVIEW_TOKEN_SECRET falls back to one derived from SERVICE_SECRET) */
  optional?: true;
  /** needed only once this setting is set (the provider is configured) */
  neededWith?: string;
}

const SECRETS: Record<string, SecretRule> = {
  SERVICE_SECRET: {},
  SESSION_SECRET: {},
  ALTCHA_HMAC_KEY: {},
  MFA_ENCRYPTION_KEY: { encoding: 'base64' },
  PREVIEW_TOKEN_SECRET: { optional: true },
  DATATRANS_HMAC_KEY: { encoding: 'hex', neededWith: 'DATATRANS_MERCHANT_ID' },
};

const MIN_SECRET_BYTES = 32;
/** the marks of a value copied from the docs, an example or this repository's development settings */
const EXAMPLE = /change[-_ ]?me|(^|[^a-z])(dev|development)[-_]only|example|placeholder/i;
const GENERATE = 'generate one: openssl rand -base64 32';

/** A provider's test mode: its sandbox hosts, or a test key. Checked once the provider is configured. */
const SANDBOXES: Array<{ name: string; neededWith: string; sandbox: (value: string) => boolean }> = [
  { name: 'DATATRANS_API_URL', neededWith: 'DATATRANS_MERCHANT_ID', sandbox: (v) => /sandbox/i.test(v) },
  { name: 'DATATRANS_PAY_URL', neededWith: 'DATATRANS_MERCHANT_ID', sandbox: (v) => /sandbox/i.test(v) },
  { name: 'MOLLIE_API_KEY', neededWith: 'MOLLIE_API_KEY', sandbox: (v) => v.startsWith('test_') },
];

export interface SettingProblem {
  name: string;
  message: string;
}

/**
 * `NAME_FILE` names a file holding NAME's value (Docker and Kubernetes secrets are files): read here, before the
 * schema sees the environment, with its trailing line break dropped. Only for settings the schema has.
 */
export function readSettingFiles(
  env: Record<string, string | undefined>,
  settings: ReadonlySet<string>,
): { env: Record<string, string | undefined>; problems: SettingProblem[] } {
  const resolved = { ...env };
  const problems: SettingProblem[] = [];
  for (const [key, path] of Object.entries(env)) {
    const name = key.slice(0, -'_FILE'.length);
    if (!key.endsWith('_FILE') || !path || !settings.has(name)) continue;
    try {
      resolved[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      problems.push({ name: key, message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? err})` });
    }
  }
  return { env: resolved, problems };
}

const decoded = (value: string, encoding: SecretRule['encoding']) =>
  encoding ? Buffer.from(value, encoding) : Buffer.from(value, 'utf8');

const isLocalHost = (host: string) =>
  /^(localhost|.*\.localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0|\[::\])$/i.test(host.replace(/\.$/, ''));

/** The problems of a production process's settings; `env` is what was set, before the schema's defaults. */
export function productionProblems(
  env: Record<string, string | undefined>,
  settings: ReadonlySet<string>,
): SettingProblem[] {
  const problems: SettingProblem[] = [];
  const set = (name: string) => (env[name] ?? '') !== '';
  for (const [name, rule] of Object.entries(SECRETS)) {
    if (!settings.has(name)) continue;
    const value = env[name];
    if (rule.neededWith && !set(rule.neededWith)) continue;
    if (value === undefined && rule.optional) continue;
    if (!value) {
      problems.push({ name, message: `must be set in production (its default is public; ${GENERATE})` });
      continue;
    }
    const bytes = decoded(value, rule.encoding);
    if (EXAMPLE.test(value) || EXAMPLE.test(bytes.toString('latin1')))
      problems.push({ name, message: `is an example or development value, public in the repository; ${GENERATE}` });
    else if (bytes.length < MIN_SECRET_BYTES)
      problems.push({ name, message: `must be at least ${MIN_SECRET_BYTES} bytes (has ${bytes.length}); ${GENERATE}` });
  }
  if (settings.has('PUBLIC_BASE_URL')) {
    const url = env.PUBLIC_BASE_URL;
    const host = url && URL.canParse(url) ? new URL(url).hostname : 'localhost';
    if (isLocalHost(host))
      problems.push({
        name: 'PUBLIC_BASE_URL',
        message: `must be the shop's public address (customers and payment providers reach it), not ${url ?? 'the default on localhost'}`,
      });
  }
  // the default is the development mail catcher on this machine: a production process without a mail server would
  // queue every e-mail to nowhere
  if (settings.has('SMTP_URL') && !set('SMTP_URL'))
    problems.push({
      name: 'SMTP_URL',
      message:
        'must be set in production: the mail server (smtp://user:password@host:587), not the development catcher',
    });
  for (const { name, neededWith, sandbox } of SANDBOXES) {
    const value = env[name];
    if (!settings.has(name) || !set(neededWith)) continue;
    // an unset URL is the schema's default: for Datatrans, its sandbox
    if (value === undefined ? name.endsWith('_URL') : sandbox(value))
      problems.push({ name, message: `is the provider's sandbox or test mode; production takes real payments` });
  }
  return problems;
}
