import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs fn with the request id visible to every log line and outgoing NATS request below it. */
export function runWithRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return storage.run({ requestId: requestId || randomUUID() }, fn);
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
