import type { NatsConnection } from '@nats-io/transport-node';
import type { ObjectStore } from '@nats-io/obj';
import { uploadBucket } from '@shop/server';
import { dataError } from './file-errors.js';

/**
 * Files the gateway decoded from data-URLs wait in the object store bucket UPLOADS_INCOMING (a file may be
 * larger than a NATS message); requests name them by object name.
 */
export class StagedFiles {
  private readonly bucket: Promise<ObjectStore>;
  constructor(nc: NatsConnection, natsPrefix: string) {
    this.bucket = uploadBucket(nc, natsPrefix);
  }

  /** Hands the staged bytes to `use`; the object leaves the bucket either way. */
  async take<T>(objectName: string, use: (bytes: Buffer) => Promise<T>): Promise<T> {
    const bucket = await this.bucket;
    try {
      const bytes = await bucket.getBlob(String(objectName));
      if (!bytes) throw dataError('validation.required');
      return await use(Buffer.from(bytes));
    } finally {
      await bucket.delete(String(objectName)).catch(() => undefined);
    }
  }
}
