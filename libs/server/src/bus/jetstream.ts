import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { Objm, type ObjectStore } from '@nats-io/obj';
import type { NatsConnection } from '@nats-io/transport-node';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { EventName, EventOf, StagedFile } from '@shop/contracts';
import { randomUUID } from 'node:crypto';

export interface StreamDefinition {
  name: string;
  subjects: readonly string[];
}

/**
 * How long a set-up call of JetStream (creating or updating a stream or bucket at a process's start) may take: its
 * default of 5 s was exceeded on a loaded machine (file storage syncs), failing the start. The upload bucket's own
 * calls share it (a file of several MB is many chunks); events and requests keep the default.
 */
const JETSTREAM_SETUP_TIMEOUT_MS = 30_000;

/** Stream names may not contain dots: the subject prefix 't42.' becomes 't42_'. */
export function streamName(prefix: string, name: string): string {
  return prefix.replace(/[^A-Za-z0-9_-]/g, '_') + name;
}

/**
 * Creates or updates a stream (file storage, 10-minute duplicate window for Nats-Msg-Id). `replicas` (the
 * publisher's NATS_STREAM_REPLICAS; 3 on a JetStream cluster) sets its copies; a caller without it (a consumer)
 * keeps the copies the stream has.
 */
export async function ensureStream(
  nc: NatsConnection,
  prefix: string,
  def: StreamDefinition,
  replicas?: number,
): Promise<JetStreamManager> {
  const jsm = await jetstreamManager(nc, { timeout: JETSTREAM_SETUP_TIMEOUT_MS });
  const config = {
    name: streamName(prefix, def.name),
    subjects: def.subjects.map((s) => prefix + s),
    // a relay that dies between publishing and marking republishes on restart: drop copies for 10 minutes
    duplicate_window: 600_000_000_000,
    max_age: 7 * 24 * 3600 * 1_000_000_000,
  };
  let existing: number | undefined;
  try {
    existing = (await jsm.streams.info(config.name)).config.num_replicas;
  } catch {
    await jsm.streams.add({ ...config, num_replicas: replicas ?? 1 });
    return jsm;
  }
  await jsm.streams.update(config.name, { ...config, num_replicas: replicas ?? existing });
  return jsm;
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
 * hour if nobody takes them.
 */
export function uploadBucket(nc: NatsConnection, prefix: string): Promise<ObjectStore> {
  return new Objm(jetstream(nc, { timeout: JETSTREAM_SETUP_TIMEOUT_MS })).create(
    streamName(prefix, 'UPLOADS_INCOMING'),
    { ttl: 3_600_000_000_000 },
  );
}

/** A validated data-URL's bytes into the bucket under a fresh name; the content service takes the object out. */
export async function stageDataUrl(bucket: Promise<ObjectStore>, dataUrl: string): Promise<StagedFile> {
  const comma = dataUrl.indexOf(',');
  const objectName = randomUUID();
  await (await bucket).putBlob({ name: objectName }, Buffer.from(dataUrl.slice(comma + 1), 'base64'));
  return { objectName, mimeType: dataUrl.slice(5, comma).split(';')[0] };
}
