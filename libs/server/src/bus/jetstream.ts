import {
  DiscardPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { Objm, type ObjectStore } from '@nats-io/obj';
import type { NatsConnection } from '@nats-io/transport-node';
import type { JetStreamClient } from '@nats-io/jetstream';
import {
  STREAMS,
  UPLOADS_BUCKET,
  type EventName,
  type EventOf,
  type StagedFile,
  type StreamDefinition,
} from '@shop/contracts';
import { randomUUID } from 'node:crypto';
import { onScrape, streamBytes, streamMaxBytes, streamMessages } from '../metrics/metrics.js';

export type { StreamDefinition } from '@shop/contracts';

/**
 * How long a set-up call of JetStream (creating or updating a stream or bucket at a process's start) may take: its
 * default of 5 s was exceeded on a loaded machine (file storage syncs), failing the start. The upload bucket's own
 * calls share it (a file of several MB is many chunks); events and requests keep the default.
 */
const JETSTREAM_SETUP_TIMEOUT_MS = 30_000;

/** JetStream's answer to a stream whose subjects another stream captures */
const SUBJECTS_OVERLAP = 10065;
/** ... to a stream whose max_bytes the store cannot reserve (one server; a cluster without a peer with room) */
const NO_ROOM = [10047, 10023];

/**
 * A run under a subject prefix shares its NATS server with other runs (tests, drills, benches: README,
 * NATS_SUBJECT_PREFIX). The server reserves every stream's max_bytes from its store when the stream is made, so
 * full-size limits would let a few parallel runs, or the streams of killed ones left behind, use the store up: each
 * stream of such a run reserves at most this much.
 */
export const SHARED_SERVER_MAX_BYTES = 64 * 1024 ** 2;

const nanos = (ms: number) => ms * 1_000_000;
const limitUnder = (prefix: string, maxBytes: number) =>
  prefix ? Math.min(maxBytes, SHARED_SERVER_MAX_BYTES) : maxBytes;
const isApiError = (err: unknown, ...codes: number[]) => err instanceof JetStreamApiError && codes.includes(err.code);

/** Stream names may not contain dots: the subject prefix 't42.' becomes 't42_'. */
export function streamName(prefix: string, name: string): string {
  return prefix.replace(/[^A-Za-z0-9_-]/g, '_') + name;
}

/** A stream's configuration as the definition gives it: subjects, limits, a 10-minute duplicate window. */
export function streamConfig(prefix: string, def: StreamDefinition): Partial<StreamConfig> & { name: string } {
  return {
    name: streamName(prefix, def.name),
    subjects: def.subjects.map((s) => prefix + s),
    // a relay that dies between publishing and marking republishes on restart: drop copies for 10 minutes
    duplicate_window: nanos(600_000),
    max_age: nanos(def.limits.maxAgeMs),
    max_bytes: limitUnder(prefix, def.limits.maxBytes),
    // at the limit the oldest messages go. `discard: new` would refuse every publish instead: no outbox relay could
    // publish (orders neither printed nor mailed, the outbox growing) and the gateway would answer analytics with
    // 503, the very failure of a full store. An old message is lost unconsumed only when its consumer lags by the
    // whole stream (the consumer lag and storage alerts fire long before).
    discard: DiscardPolicy.Old,
    retention: def.limits.retention === 'workqueue' ? RetentionPolicy.Workqueue : RetentionPolicy.Limits,
  };
}

/**
 * Creates or updates a stream (file storage, the definition's subjects and limits). Limits and subjects are applied
 * to an existing stream too, so a deployment gets changed ones with its next start; a subject that moved here from
 * another stream (its `formerSubjects`) is removed there first, whichever process starts first. `replicas` (the
 * publisher's NATS_STREAM_REPLICAS; 3 on a JetStream cluster) sets its copies, and the publisher reports the
 * stream's size at every scrape (shop_jetstream_stream_*); a caller without it (a consumer) keeps the copies the
 * stream has.
 */
export async function ensureStream(
  nc: NatsConnection,
  prefix: string,
  def: StreamDefinition,
  replicas?: number,
): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc, { timeout: JETSTREAM_SETUP_TIMEOUT_MS });
  await applyStream(jsm, prefix, def, replicas);
  if (replicas !== undefined) await watchStream(nc, streamName(prefix, def.name));
  return jsm;
}

async function applyStream(
  jsm: JetStreamManager,
  prefix: string,
  def: StreamDefinition,
  replicas: number | undefined,
): Promise<void> {
  const config = streamConfig(prefix, def);
  let existing: number | undefined;
  try {
    existing = (await jsm.streams.info(config.name)).config.num_replicas;
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
  }
  const apply = () =>
    existing === undefined
      ? jsm.streams.add({ ...config, num_replicas: replicas ?? 1 })
      : jsm.streams.update(config.name, { ...config, num_replicas: replicas ?? existing });
  try {
    await apply();
  } catch (err) {
    if (isApiError(err, SUBJECTS_OVERLAP) && (await releaseMovedSubjects(jsm, prefix, def))) await apply();
    else if (isApiError(err, ...NO_ROOM))
      throw new Error(
        `JetStream has no room for stream ${config.name} (max_bytes ${config.max_bytes}): the streams' limits ` +
          `(STREAMS in libs/contracts) exceed what is left of the server's store (max_file_store)`,
        { cause: err },
      );
    else throw err;
  }
}

/**
 * Brings the streams that still capture a subject the definition took over from them (their `formerSubjects`) to
 * their current definition, which lets the subject go; true when there was one. Their copies stay as they are.
 */
async function releaseMovedSubjects(jsm: JetStreamManager, prefix: string, def: StreamDefinition): Promise<boolean> {
  let released = false;
  for (const subject of def.subjects)
    for await (const holder of jsm.streams.names(prefix + subject)) {
      const former = Object.values(STREAMS).find(
        (d: StreamDefinition) => streamName(prefix, d.name) === holder && d.formerSubjects?.includes(subject),
      );
      if (!former) continue;
      await applyStream(jsm, prefix, former, undefined);
      released = true;
    }
  return released;
}

/** the streams whose size a connection reports, so that a stream ensured again is not reported twice */
const watched = new WeakMap<NatsConnection, Set<string>>();

/** The stream's bytes, limit and messages at every scrape, for as long as the connection lasts. */
async function watchStream(nc: NatsConnection, name: string): Promise<void> {
  const names = watched.get(nc) ?? new Set<string>();
  watched.set(nc, names);
  if (names.has(name)) return;
  names.add(name);
  // the default timeout: a scrape must not wait for a set-up call's 30 s
  const jsm = await jetstreamManager(nc, { checkAPI: false });
  const unwatch = onScrape(async () => {
    const { config, state } = await jsm.streams.info(name);
    streamBytes.set({ stream: name }, state.bytes);
    streamMaxBytes.set({ stream: name }, config.max_bytes);
    streamMessages.set({ stream: name }, state.messages);
  });
  void nc.closed().then(unwatch);
}

/**
 * Publishes an event of the event map straight to JetStream, for a process without an outbox (the gateway);
 * `msgId` makes a repeated publish a no-op within the stream's duplicate window.
 */
export async function publishEvent<E extends EventName>(
  js: JetStreamClient,
  prefix: string,
  event: E,
  payload: EventOf<E>,
  msgId: string,
): Promise<void> {
  await js.publish(prefix + event, JSON.stringify(payload), { msgID: msgId });
}

/**
 * The JetStream object store that carries uploaded files from the gateway to the content service: a file is
 * larger than a NATS message may be (1 MB), so only its name travels in the request. Objects expire after an
 * hour if nobody takes them; the bucket holds at most UPLOADS_BUCKET.maxBytes (a bucket made without a limit gets it
 * here: the object store keeps an existing bucket as it is).
 */
export async function uploadBucket(nc: NatsConnection, prefix: string): Promise<ObjectStore> {
  const js = jetstream(nc, { timeout: JETSTREAM_SETUP_TIMEOUT_MS });
  const maxBytes = limitUnder(prefix, UPLOADS_BUCKET.maxBytes);
  const bucket = await new Objm(js).create(streamName(prefix, UPLOADS_BUCKET.name), {
    ttl: nanos(UPLOADS_BUCKET.ttlMs),
    max_bytes: maxBytes,
  });
  const { config } = (await bucket.status()).streamInfo;
  if (config.max_bytes !== maxBytes)
    await (await js.jetstreamManager()).streams.update(config.name, { max_bytes: maxBytes });
  await watchStream(nc, config.name);
  return bucket;
}

/** A validated data-URL's bytes into the bucket under a fresh name; the content service takes the object out. */
export async function stageDataUrl(bucket: Promise<ObjectStore>, dataUrl: string): Promise<StagedFile> {
  const comma = dataUrl.indexOf(',');
  const objectName = randomUUID();
  await (await bucket).putBlob({ name: objectName }, Buffer.from(dataUrl.slice(comma + 1), 'base64'));
  return { objectName, mimeType: dataUrl.slice(5, comma).split(';')[0] };
}
