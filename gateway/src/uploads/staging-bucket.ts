import type { ObjectStore } from '@nats-io/obj';
import type { NatsConnection } from '@nats-io/transport-node';
import { uploadBucket } from '@shop/server';

/**
 * What `create` makes, made once and kept; a failed attempt is not kept, so the next call tries again. The upload
 * object store is opened at boot, and a JetStream timeout then (a loaded machine) must not fail every upload and
 * image write until the gateway restarts.
 */
export function keptOnceMade<T>(create: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => {
    made ??= create().catch((err: unknown) => {
      made = null;
      throw err;
    });
    return made;
  };
}

/** The upload object store (UPLOADS_INCOMING) the gateway stages files in: opened on first use, again after a failure. */
export function stagingBucket(nc: NatsConnection, natsPrefix: string): () => Promise<ObjectStore> {
  return keptOnceMade(() => uploadBucket(nc, natsPrefix));
}
