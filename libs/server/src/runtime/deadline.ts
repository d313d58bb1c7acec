/**
 * Reads of a dependency that must answer in time however the dependency behaves: a probe or a scrape every few
 * seconds against a Redis that takes connections but does not answer (or an ioredis client holding commands while it
 * reconnects) must neither wait for it nor pile up a new command each time.
 */

const running = new WeakMap<object, Promise<void>>();

/** Runs `read`, or joins its run still in flight from an earlier call with the same key. */
export function singleFlight(key: object, read: () => Promise<void>): Promise<void> {
  let run = running.get(key);
  if (!run) {
    run = (async () => read())().finally(() => running.delete(key));
    running.set(key, run);
  }
  return run;
}

/** Whether `run` settles successfully within `deadlineMs` (false when it fails or is late; it is not cancelled). */
export async function succeedsWithin(run: Promise<unknown>, deadlineMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs)));
  try {
    return await Promise.race([
      run.then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
