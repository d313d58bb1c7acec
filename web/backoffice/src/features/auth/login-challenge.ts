import { solveChallenge } from 'altcha-lib';
import { publicApi } from '../../api/client';

/**
 * The proof-of-work the gateway asks a login for once its username had many failed logins (code
 * CHALLENGE_REQUIRED), the storefront checkout's mechanism: fetch a signed ALTCHA challenge, solve it here
 * (SHA-256, a fraction of a second), and answer the payload for the X-Altcha header. No third party is involved.
 */
export async function solveLoginChallenge(): Promise<string | null> {
  const challenge = await publicApi.get('/backend/login/challenge');
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) return null;
  return btoa(JSON.stringify({ ...challenge, number: solution.number }));
}
