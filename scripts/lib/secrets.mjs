// Fresh secrets for a production-mode run on this machine (the benches, the replica stack, the compose check):
// production refuses public, short or example values (libs/server/src/config/production-settings.ts), so each run
// draws its own. One object per run: every process of that run must share them.
import { randomBytes } from 'node:crypto';

const secret = () => randomBytes(32).toString('base64');

export function freshSecrets() {
  return {
    SERVICE_SECRET: secret(),
    SESSION_SECRET: secret(),
    ALTCHA_HMAC_KEY: secret(),
    MFA_ENCRYPTION_KEY: secret(),
  };
}

/**
 * PUBLIC_BASE_URL of a production-mode run that no customer reaches: production refuses an address on localhost,
 * and these runs follow no link from their e-mails. `.test` is reserved for this (RFC 2606).
 */
export const LOCAL_RUN_BASE_URL = 'https://shop.local-run.test';
