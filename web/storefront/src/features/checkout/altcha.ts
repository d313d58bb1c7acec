import { solveChallenge } from 'altcha-lib';
import { api } from '../../api/client';

/**
 * The proof-of-work the gateway asks for once a client, phone number or e-mail address placed several orders
 * within an hour (code CHALLENGE_REQUIRED): fetch a signed challenge, solve it here (SHA-256, a fraction of a
 * second), and answer the payload for the X-Altcha header. No third party is involved.
 */
export async function solveOrderChallenge(): Promise<string | null> {
  const challenge = await api.get('/api/orders/challenge');
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) return null;
  return btoa(JSON.stringify({ ...challenge, number: solution.number }));
}
