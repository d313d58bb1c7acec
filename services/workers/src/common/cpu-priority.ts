import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers this process's CPU priority to `nice` (WORKERS_NICE), on every thread it has: on Linux a nice value belongs
 * to a thread, and V8's garbage-collector and compiler threads and libuv's pool exist before main.ts runs (set on the
 * main thread alone, they kept nice 0 and took 45–200 ms of CPU per second beside the request path in
 * bench:order-full's 80 % run). Threads started later inherit the main thread's value. Only ever raised: lowering
 * it would need a privilege the process does not have.
 */
export function lowerCpuPriority(nice: number): void {
  if (nice <= getPriority()) return;
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    threads = [0]; // no /proc (not Linux): the process as the OS defines it
  }
  for (const thread of threads) {
    try {
      if (getPriority(thread) < nice) setPriority(thread, nice);
    } catch {
      // a thread that ended since the listing
    }
  }
}
