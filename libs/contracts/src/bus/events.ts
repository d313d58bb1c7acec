import { z } from 'zod';
import { UNIT_NAMES } from '../catalogue/units.js';
import { PaymentSettledEvent } from '../payment/payment.schema.js';
import {
  AnalyticsReceivedEvent,
  GatewayErrorEvent,
  JobFailedEvent,
  ORDER_ORIGINS,
  PrintFailedEvent,
} from '../statistics/statistics.schema.js';
import { WorkingActivityClockedEvent } from '../time-tracking/time-tracking.schema.js';
import { SignageCommandEvent } from '../signage/signage.schema.js';
import { CRUD_RESOURCES, type CrudResourceName, type CrudSubjectOf } from './resources.js';

export const ENTITY_EVENT_VERBS = ['created', 'updated', 'deleted'] as const;
export type EntityEventVerb = (typeof ENTITY_EVENT_VERBS)[number];

/** Payload of every entity change event (`<service>.<entity>.<verb>`). */
export const EntityChangedEvent = z.object({
  entity: z.string(),
  id: z.number().int(),
  verb: z.enum(ENTITY_EVENT_VERBS),
  /** the catalogue version after this change (catalogue events only) */
  version: z.string().optional(),
  at: z.string(),
});
export type EntityChangedEvent = z.infer<typeof EntityChangedEvent>;

/**
 * A visitor's upload was stored: with its publicHash, so the order service checks an order's upload references
 * without asking (KnownUploads). Optional: an event of a content service older than the field still parses (its
 * uploads are checked by asking).
 */
export const UploadCreatedEvent = EntityChangedEvent.extend({ publicHash: z.string().optional() });
export type UploadCreatedEvent = z.infer<typeof UploadCreatedEvent>;

/** Payload of order events: enough for caches (uid) and consumers (branch, status). */
export const OrderChangedEvent = z.object({
  id: z.number().int(),
  uid: z.string(),
  branch: z.number().int(),
  verb: z.enum(['created', 'updated']),
  /** what happened: created, confirm, reject, cancel, in-delivery, completed, counter-proposed, … */
  change: z.string(),
  at: z.string(),
  /** for the statistics read model (issue 21): when it was placed, where, its total gross in cents … */
  createdAt: z.string().optional(),
  origin: z.enum(ORDER_ORIGINS).optional(),
  totalCents: z.number().int().optional(),
  canceled: z.boolean().optional(),
  /** … and its lines (created events, and updated events of an edited line: `change: 'item-updated'`) */
  items: z
    .array(
      z.object({
        productId: z.number().int(),
        name: z.string(),
        quantity: z.number(),
        grossCents: z.number().int(),
        /**
         * the unit `quantity` is in (issue 41: statistics count each unit on its own); absent in events published
         * before it (counted as pieces); a name no unit has reads as absent rather than dropping the order's event
         */
        unit: z.enum(UNIT_NAMES).optional().catch(undefined),
      }),
    )
    .optional(),
});
export type OrderChangedEvent = z.infer<typeof OrderChangedEvent>;

/** The entity events of every standard CRUD resource: `catalogue.product.created` and friends. */
type CrudEventName = CrudSubjectOf<CrudResourceName, EntityEventVerb>;

/** Events that are not standard CRUD changes, or that add fields to one (these schemas win over the CRUD ones). */
const OTHER_EVENTS = {
  'catalogue.config.updated': EntityChangedEvent,
  'content.image.created': EntityChangedEvent,
  'content.image.updated': EntityChangedEvent,
  'content.image.deleted': EntityChangedEvent,
  'content.upload.created': UploadCreatedEvent,
  'order.order.created': OrderChangedEvent,
  'order.order.updated': OrderChangedEvent,
  'payment.payment.settled': PaymentSettledEvent,
  /** a print, e-mail or SMS job failed its last attempt (reported by the workers, published by the order service) */
  'order.job.failed': JobFailedEvent,
  /** a printer could not print a queue entry within PRINT_MAX_ATTEMPTS */
  'order.print.failed': PrintFailedEvent,
  /** a request answered 500 (the gateway has no database: it publishes to JetStream itself) */
  'gateway.error.occurred': GatewayErrorEvent,
  /** a validated batch of anonymous analytics events (POST /api/analytics-log) */
  'gateway.analytics.received': AnalyticsReceivedEvent,
  /** the time clock (backoffice-platform.md §4), for the statistics' working-activities metrics */
  'time-tracking.working-activity.started': WorkingActivityClockedEvent,
  'time-tracking.working-activity.paused': WorkingActivityClockedEvent,
  'time-tracking.working-activity.resumed': WorkingActivityClockedEvent,
  'time-tracking.working-activity.ended': WorkingActivityClockedEvent,
  /** a command for a device was issued, acknowledged, finished, aborted or expired (the gateway pushes it) */
  'signage.command.changed': SignageCommandEvent,
} as const;

type EventSchemas = typeof OTHER_EVENTS & {
  readonly [E in Exclude<CrudEventName, keyof typeof OTHER_EVENTS>]: typeof EntityChangedEvent;
};

/**
 * The event map: every event name with the zod schema of its payload. Writers (`addToOutbox`, the gateway's
 * direct publish) accept only these names with their payload type; consumers validate each message with the
 * schema of its subject before their handler sees it.
 */
export const EVENT_SCHEMAS: EventSchemas = {
  ...(Object.fromEntries(
    Object.values(CRUD_RESOURCES).flatMap((r) =>
      ENTITY_EVENT_VERBS.map((verb) => [`${r.service}.${r.entity}.${verb}`, EntityChangedEvent]),
    ),
  ) as { readonly [E in CrudEventName]: typeof EntityChangedEvent }),
  ...OTHER_EVENTS,
};
export type EventName = keyof EventSchemas;
/** The payload type of an event (Immich's ArgOf<T>). */
export type EventOf<E extends EventName> = z.infer<EventSchemas[E]>;

/** `catalogue.product.created`: the entity event name of a CRUD resource. */
export function crudEvent<R extends CrudResourceName, V extends EntityEventVerb>(
  resource: R,
  verb: V,
): CrudSubjectOf<R, V> {
  const r = CRUD_RESOURCES[resource];
  return `${r.service}.${r.entity}.${verb}` as never;
}

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;

/**
 * What a stream may hold (issue 39): set when the stream is created and again at every start (ensureStream), so a
 * deployment gets changed limits with its next start. max_file_store is per NATS server and every copy of a stream
 * reserves `maxBytes` of it on its node, so the limits of all streams plus UPLOADS_BUCKET must fit one server's store
 * (8 GB in deploy/k8s) with room; the server refuses a stream it cannot reserve room for.
 */
export interface StreamLimits {
  /** bytes the stream may hold: at the limit the oldest messages go (discard old), so publishing never stops */
  maxBytes: number;
  /** messages older than this go */
  maxAgeMs: number;
  /**
   * 'workqueue': a message goes as soon as its one durable consumer acknowledged it, so the stream holds only what
   * that consumer has not stored yet (one consumer only; JetStream refuses a second). Default: kept until the limits.
   */
  retention?: 'workqueue';
}

/** A JetStream stream: its name (before the prefix), the subjects it captures and its limits. */
export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
  limits: StreamLimits;
  /**
   * Subjects the stream captured before they moved to another stream: messages of them stored before the move are
   * still handed to its consumers, and a stream that takes such a subject over removes it from here first.
   */
  formerSubjects?: readonly string[];
}

/** the outbox streams' default: a week, the time an operator has to bring a stopped consumer back */
const week = (maxBytes: number): StreamLimits => ({ maxBytes, maxAgeMs: WEEK_MS });

/** The subjects of the entity change events of `entities` (`catalogue.*`, `order.device`): created, updated, deleted. */
const changesOf = (entities: string): string[] => ENTITY_EVENT_VERBS.map((verb) => `${entities}.${verb}`);

/**
 * JetStream streams. Events are published by each service's outbox relay; subjects read
 * `<service>.<entity>.<past-tense verb>`; a stream captures only its service's events, never request/reply subjects.
 * Limits: a week at the 500-branch peak fits with room (ARCHITECTURE.md "Running at scale": 120,000 orders a day,
 * about 2.8 kB in ORDERS per order). With UPLOADS_BUCKET they sum to 5.5 GiB (5.9 GB), under three quarters of the
 * store in deploy/k8s (max_file_store 8G: NATS reads G as 10^9, so 8 GB).
 */
export const STREAMS = {
  catalogue: { name: 'CATALOGUE', subjects: changesOf('catalogue.*'), limits: week(64 * MiB) },
  content: { name: 'CONTENT', subjects: changesOf('content.*'), limits: week(64 * MiB) },
  /** a week at the peak: 840,000 orders × (created ~780 B + 4 updates ~500 B) ≈ 2.2 GiB */
  order: { name: 'ORDERS', subjects: ['order.order.created', 'order.order.updated'], limits: week(3 * GiB) },
  /** device changes (the order service owns devices) */
  devices: { name: 'DEVICES', subjects: changesOf('order.device'), limits: week(64 * MiB) },
  /** a week at the peak: 840,000 orders, all paid online, × ~450 B ≈ 0.35 GiB */
  payment: { name: 'PAYMENTS', subjects: ['payment.payment.settled'], limits: week(512 * MiB) },
  identity: { name: 'IDENTITY', subjects: changesOf('identity.*'), limits: week(64 * MiB) },
  /** jobs that finally failed (the order service's outbox; consumed by the statistics service's log) */
  jobs: { name: 'JOBS', subjects: ['order.job.failed', 'order.print.failed'], limits: week(128 * MiB) },
  /** published by the gateway directly: 500s with their errorId (consumed by statistics) */
  gateway: {
    name: 'GATEWAY',
    subjects: ['gateway.error.occurred'],
    limits: week(128 * MiB),
    // issue 39: analytics have their own stream; batches stored here before the move are still stored
    formerSubjects: ['gateway.analytics.received'],
  },
  /**
   * analytics batches, published by the gateway directly (consumed by statistics). The busiest stream (about 17 kB
   * per order: ten storefront visits), so a work queue: it holds only what the statistics service has not stored yet,
   * at most 1 GiB (two hours of the peak hour's batches, half a peak day's) and 48 hours (statistics keeps a
   * visitor's day until the next UTC day ends; a later batch would count its visitor again). A statistics service
   * down for longer loses raw analytics: acceptable for analytics, never for orders (a week).
   */
  analytics: {
    name: 'ANALYTICS',
    subjects: ['gateway.analytics.received'],
    limits: { maxBytes: 1 * GiB, maxAgeMs: 48 * HOUR_MS, retention: 'workqueue' },
  },
  /** time tracking: entity changes (a schedule changed) and the clock's started, paused, resumed, ended */
  timeTracking: {
    name: 'TIME_TRACKING',
    subjects: [
      ...changesOf('time-tracking.*'),
      'time-tracking.working-activity.started',
      'time-tracking.working-activity.paused',
      'time-tracking.working-activity.resumed',
      'time-tracking.working-activity.ended',
    ],
    limits: week(256 * MiB),
  },
  /** signage content and device changes and device commands (the gateway pushes them to the players) */
  signage: {
    name: 'SIGNAGE',
    subjects: [...changesOf('signage.*'), 'signage.command.changed'],
    limits: week(128 * MiB),
  },
} as const satisfies Record<string, StreamDefinition>;

/**
 * The object store bucket that carries uploaded files from the gateway to the content service (uploadBucket): its
 * objects live seconds (the content service takes them out) and expire after an hour unclaimed. 128 MiB: a dozen
 * 10 MB files at once. At the limit an upload is refused and sent again (an object store discards new: dropping the
 * oldest chunks would break a file half taken out).
 */
export const UPLOADS_BUCKET = { name: 'UPLOADS_INCOMING', maxBytes: 128 * MiB, ttlMs: HOUR_MS } as const;

export type StreamKey = keyof typeof STREAMS;

/** The events each stream carries (a test checks that every event is captured by exactly this stream). */
export interface StreamEventMap {
  catalogue: Extract<EventName, `catalogue.${string}`>;
  content: Extract<EventName, `content.${string}`>;
  order: 'order.order.created' | 'order.order.updated';
  devices: Extract<EventName, `order.device.${string}`>;
  payment: 'payment.payment.settled';
  identity: Extract<EventName, `identity.${string}`>;
  jobs: 'order.job.failed' | 'order.print.failed';
  /** analytics batches only in ANALYTICS now; those stored here before the move still come (formerSubjects) */
  gateway: 'gateway.error.occurred' | 'gateway.analytics.received';
  analytics: 'gateway.analytics.received';
  timeTracking: Extract<EventName, `time-tracking.${string}`>;
  signage: Extract<EventName, `signage.${string}`>;
}

/** One message of a stream as its consumers see it: the event name with its validated payload. */
export type StreamEvent<S extends StreamKey> = {
  [E in StreamEventMap[S]]: { name: E; payload: EventOf<E> };
}[StreamEventMap[S]];

/** Does a NATS subject pattern (`*` one token, `>` the rest) match a subject? */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

/**
 * The stream's event with a validated payload, or null for a subject the stream does not carry (nor carried before
 * the subject moved: formerSubjects) or a payload its schema refuses.
 */
export function parseStreamEvent<S extends StreamKey>(
  stream: S,
  name: string,
  payload: unknown,
): StreamEvent<S> | null {
  const def: StreamDefinition = STREAMS[stream];
  const carried = [...def.subjects, ...(def.formerSubjects ?? [])];
  if (!(name in EVENT_SCHEMAS) || !carried.some((p) => subjectMatches(p, name))) return null;
  const parsed = EVENT_SCHEMAS[name as EventName].safeParse(payload);
  return parsed.success ? ({ name, payload: parsed.data } as StreamEvent<S>) : null;
}
