import type { DataSource } from 'typeorm';
import { OutboxEntity } from '../outbox/outbox.entity.js';
import { dbPoolConnections, onScrape, outboxBacklog, outboxOldestAge } from './metrics.js';

/** What the metrics read of node-postgres' pool (TypeORM's Postgres driver keeps it as `master`). */
interface PgPool {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** A service's outbox backlog and age and its Postgres pool use, read at every scrape; returns the removal. */
export function watchServiceDatabase(service: string, ds: DataSource): () => void {
  return onScrape(async () => {
    const pool = (ds.driver as unknown as { master?: PgPool }).master;
    if (pool) {
      dbPoolConnections.set({ service, state: 'total' }, pool.totalCount);
      dbPoolConnections.set({ service, state: 'idle' }, pool.idleCount);
      dbPoolConnections.set({ service, state: 'waiting' }, pool.waitingCount);
    }
    const row = await ds
      .getRepository(OutboxEntity)
      .createQueryBuilder('o')
      .select('count(*)::int', 'backlog')
      .addSelect(`coalesce(extract(epoch from now() - min(o."createdAt")), 0)::float`, 'age')
      .where('o."publishedAt" IS NULL')
      .getRawOne<{ backlog: number; age: number }>();
    outboxBacklog.set({ service }, row?.backlog ?? 0);
    outboxOldestAge.set({ service }, row?.age ?? 0);
  });
}
