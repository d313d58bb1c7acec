/**
 * How a signage player repeats a call whose answer it needs (its acknowledgement and result of a command): the same
 * policy for the browser player (web/player) and the bench's simulated players. Exponential backoff with full
 * jitter (a random wait between 0 and min(cap, base · 2^attempt)): a thousand screens that failed together do not
 * come back together. Both calls are idempotent (the service treats a repeated ack or result as a no-op and
 * answers the command as it stands), so repeating one whose answer was lost is harmless.
 */
export const PLAYER_RETRY = { baseMs: 200, capMs: 10_000, attempts: 8 } as const;

/** The wait before retry number `attempt` (0 for the first retry). */
export function playerRetryDelay(attempt: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(PLAYER_RETRY.capMs, PLAYER_RETRY.baseMs * 2 ** Math.min(attempt, 30)));
}

/**
 * Whether an answer is worth another try: no answer at all (`null`: the network or the server is gone), 408, 429
 * or a 5xx (503: the bus's request time ran out). Any other 4xx says the same again (401 wrong key, 404 unknown
 * command), and a 200 for an aborted or expired command is an answer, not a failure.
 */
export const isRetryableStatus = (status: number | null): boolean =>
  status === null || status === 408 || status === 429 || status >= 500;

export interface PlayerRetryOptions {
  /** the HTTP status of a failure (null: no answer); retried when `isRetryableStatus` says so */
  statusOf: (err: unknown) => number | null;
  /** stops waiting and retrying (the player unmounted) */
  signal?: AbortSignal;
  /** called before each retry (the bench counts them) */
  onRetry?: (attempt: number, err: unknown) => void;
  random?: () => number;
}

/** Runs `call`, repeating it per PLAYER_RETRY while it fails retryably; the last failure is thrown. */
export async function withPlayerRetry<T>(call: () => Promise<T>, options: PlayerRetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (attempt + 1 >= PLAYER_RETRY.attempts || options.signal?.aborted || !isRetryableStatus(options.statusOf(err)))
        throw err;
      options.onRetry?.(attempt + 1, err);
      await abortableSleep(playerRetryDelay(attempt, options.random), options.signal);
    }
  }
}

function abortableSleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      if (signal?.aborted) reject(signal.reason ?? new Error('aborted'));
      else resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
