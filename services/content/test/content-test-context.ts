import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { ObjectStore } from '@nats-io/obj';
import { dataSourceOptions, DomainException, OutboxEntity, uploadBucket } from '@shop/server';
import { cleanupPrefixes, createTestDatabase, NATS_URL, uniquePrefixes } from '@shop/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { StagedFiles } from '../src/common/staged-files.js';
import { ContentConfigSchema, type ContentConfig } from '../src/config/content-config.js';
import { CONTENT_ENTITIES, CONTENT_SCHEMA } from '../src/content.entities.js';

export interface ContentTestContext {
  ds: DataSource;
  config: ContentConfig;
  staged: StagedFiles;
  /** the bucket the gateway stages files in (UPLOADS_INCOMING under this run's prefix) */
  bucket: ObjectStore;
  /** stages bytes as the gateway does and answers the object name */
  stage(bytes: Buffer): Promise<string>;
  /** the events the use cases left in the outbox, oldest first */
  events(): Promise<Array<{ subject: string; payload: unknown }>>;
  close(): Promise<void>;
}

/**
 * What a spec of the content service's use cases needs, all real: a throwaway database with the content schema
 * (synchronized from the entities, with the outbox), this run's own NATS object store bucket, and a temporary
 * FILES_DIR.
 */
export async function contentTestContext(label: string, env: Record<string, string> = {}): Promise<ContentTestContext> {
  const db = await createTestDatabase(label);
  const setup = new DataSource({ type: 'postgres', url: db.url });
  await setup.initialize();
  await setup.query(`CREATE SCHEMA "${CONTENT_SCHEMA}"`);
  await setup.destroy();
  const ds = await new DataSource(
    dataSourceOptions({
      url: db.url,
      schema: CONTENT_SCHEMA,
      entities: [OutboxEntity, ...CONTENT_ENTITIES],
      migrations: [],
      synchronize: true,
      poolSize: 4,
    }),
  ).initialize();
  const prefixes = uniquePrefixes(label);
  const filesDir = await mkdtemp(join(tmpdir(), `content-${label}-`));
  const config = ContentConfigSchema.parse({ NATS_SUBJECT_PREFIX: prefixes.nats, FILES_DIR: filesDir, ...env });
  const nc: NatsConnection = await connect({ servers: NATS_URL });
  const bucket = await uploadBucket(nc, prefixes.nats);
  let n = 0;
  return {
    ds,
    config,
    bucket,
    staged: new StagedFiles(nc, prefixes.nats),
    async stage(bytes) {
      const name = `${label}-${++n}`;
      await bucket.putBlob({ name }, bytes);
      return name;
    },
    async events() {
      const rows = await ds.getRepository(OutboxEntity).find({ order: { id: 'ASC' } });
      return rows.map((r) => ({ subject: r.subject, payload: r.payload }));
    },
    async close() {
      await bucket.destroy().catch(() => undefined);
      await nc.close();
      await cleanupPrefixes(prefixes);
      await ds.destroy();
      await db.drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}

/** The DomainException a use case threw, as its code and German field errors (fails when it threw none or another). */
export async function failure(p: Promise<unknown>): Promise<Pick<DomainException, 'code' | 'errors'>> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainException)) throw new Error(`expected a DomainException, got ${String(err)}`);
  return { code: err.code, errors: err.errors };
}
