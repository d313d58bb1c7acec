/** Event subjects that are not entity changes (see STREAMS for the stream that captures each). */
export const EVENTS = {
  /** a print, e-mail or SMS job failed its last attempt (reported by the workers, published by the order service) */
  jobFailed: 'order.job.failed',
  /** a printer could not print a queue entry within PRINT_MAX_ATTEMPTS */
  printFailed: 'order.print.failed',
  /** a request answered 500 (the gateway has no database: it publishes to JetStream itself) */
  gatewayError: 'gateway.error.occurred',
  /** a validated batch of anonymous analytics events (POST /api/analytics-log) */
  analyticsReceived: 'gateway.analytics.received',
} as const;

/**
 * Events are published by each service's outbox relay to JetStream. Subjects read
 * `<service>.<entity>.<past-tense verb>`; the stream of a service captures only its events,
 * never its request/reply subjects.
 */
export const STREAMS = {
  catalogue: { name: 'CATALOGUE', subjects: ['catalogue.*.created', 'catalogue.*.updated', 'catalogue.*.deleted'] },
  content: { name: 'CONTENT', subjects: ['content.*.created', 'content.*.updated', 'content.*.deleted'] },
  order: { name: 'ORDERS', subjects: ['order.order.created', 'order.order.updated'] },
  /** device changes (the order service owns devices) */
  devices: { name: 'DEVICES', subjects: ['order.device.created', 'order.device.updated', 'order.device.deleted'] },
  payment: { name: 'PAYMENTS', subjects: ['payment.payment.settled'] },
  identity: { name: 'IDENTITY', subjects: ['identity.*.created', 'identity.*.updated', 'identity.*.deleted'] },
  /** jobs that finally failed (the order service's outbox; consumed by the statistics service's log) */
  jobs: { name: 'JOBS', subjects: [EVENTS.jobFailed, EVENTS.printFailed] },
  /** published by the gateway directly: 500s with their errorId, analytics batches (consumed by statistics) */
  gateway: { name: 'GATEWAY', subjects: [EVENTS.gatewayError, EVENTS.analyticsReceived] },
} as const;
export type StreamOwner = keyof typeof STREAMS;

export type EntityEventVerb = 'created' | 'updated' | 'deleted';
export function entityEvent(service: string, entity: string, verb: EntityEventVerb): string {
  return `${service}.${entity}.${verb}`;
}

/** Payload of every entity change event. */
export interface EntityChangedEvent {
  entity: string;
  id: number;
  verb: EntityEventVerb;
  /** the catalogue version after this change (catalogue events only) */
  version?: string;
  at: string;
}

/** Payload of order events: enough for caches (uid) and consumers (branch, status). */
export interface OrderChangedEvent {
  id: number;
  uid: string;
  branch: number;
  verb: 'created' | 'updated';
  /** what happened: created, confirm, reject, cancel, in-delivery, completed, counter-proposed, … */
  change: string;
  at: string;
}

/** BullMQ queues (issue: workers); job ids are deterministic so a retried enqueue never sends twice. */
export const QUEUES = { print: 'print', email: 'email', sms: 'sms' } as const;
export type QueueName = keyof typeof QUEUES;
export interface OrderJobPayload {
  orderId: number;
  branch: number;
  /** why: created, confirmed, resend-{n}, print-{n}, test-{device}-{time} (a printer's test page) */
  reason: string;
  /** print jobs only: the one device that prints it (test pages); otherwise every printer of the branch */
  deviceId?: number;
}
