import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';

/**
 * The canonical text of an order request body: JSON with the keys of every object sorted, so key order does
 * not change it. The Idempotency-Key record stores the SHA-256 of this text (`requestHash`) and a replay is
 * compared with it, so for JSON data the text must stay byte-identical to what was stored before
 * (request-hash.spec.ts proves it against the former hand-written function).
 *
 * safe-stable-stringify's default (sorted keys) gives exactly that for every JSON value, which is all a body
 * can be: it reaches this service through the bus as parsed JSON. It differs from the former function only
 * for values JSON cannot carry (an object property holding undefined is left out instead of written as null,
 * toJSON is called, a cycle is written as a marker instead of overflowing the stack). This wrapper keeps one
 * difference away: a missing body (undefined) is 'null', as before, not undefined.
 */
export function canonicalJson(body: unknown): string {
  return stringify(body) ?? 'null';
}

/** SHA-256 (hex) of the canonical JSON of a request body. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}
