import { createTestDatabase, type TestDatabase } from '@shop/testing';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import type { BaseConfig } from '../config/config.js';
import { dataSourceOptions } from './database.js';
import { cutoffBefore, pruneRetained, pruneTarget, TableRetention } from './retention.js';

/** a table with a composite key and its time column under another name, as login_attempt has */
@Entity('attempt')
class AttemptEntity {
  @PrimaryColumn('text') username: string;
  @PrimaryColumn('text') client: string;
  @Column('timestamptz', { name: 'last_failure_at' }) lastFailureAt: Date;
  @Column('boolean', { default: false }) locked: boolean;
}

type AttemptConfig = BaseConfig & { KEEP_DAYS: number; SWEEP_MS: number };

class AttemptRetention extends TableRetention('attempt-retention', (c: AttemptConfig) => ({
  everyMs: c.SWEEP_MS,
  entity: AttemptEntity,
  column: 'lastFailureAt',
  age: { days: c.KEEP_DAYS },
  also: 'NOT locked',
})) {}

describe('retention', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

  it('cuts off at the age in days or hours', () => {
    expect(cutoffBefore(now, { days: 2 })).toEqual(new Date('2025-03-08T12:00:00Z'));
    expect(cutoffBefore(now, { hours: 24 })).toEqual(new Date('2025-03-09T12:00:00Z'));
  });

  describe('on real Postgres', () => {
    let db: TestDatabase;
    let ds: DataSource;
    beforeAll(async () => {
      db = await createTestDatabase('retention');
      const options = { url: db.url, schema: 'kept', entities: [AttemptEntity], migrations: [] };
      ds = await new DataSource(dataSourceOptions(options)).initialize();
      await ds.query('CREATE SCHEMA kept');
      await ds.synchronize();
    });
    afterAll(async () => {
      await ds?.destroy();
      await db?.drop();
    });
    beforeEach(async () => {
      await ds.getRepository(AttemptEntity).clear();
      await ds.getRepository(AttemptEntity).save([
        { username: 'old', client: 'a', lastFailureAt: daysAgo(31), locked: false },
        { username: 'old', client: 'b', lastFailureAt: daysAgo(40), locked: true },
        { username: 'new', client: 'a', lastFailureAt: daysAgo(29), locked: false },
      ]);
    });
    const left = async () =>
      (await ds.getRepository(AttemptEntity).find()).map((r) => `${r.username}/${r.client}`).sort();

    it("names the entity's table, key and time column as its metadata has them", () => {
      expect(pruneTarget(ds, AttemptEntity, 'lastFailureAt')).toEqual({
        table: '"kept"."attempt"',
        key: '("username", "client")',
        column: '"last_failure_at"',
      });
      expect(() => pruneTarget(ds, AttemptEntity, 'missing')).toThrow('AttemptEntity has no column missing');
    });

    it('deletes the rows that outlived their age and meet the further condition', async () => {
      await expect(
        pruneRetained(ds, now, { entity: AttemptEntity, column: 'lastFailureAt', age: { days: 30 } }),
      ).resolves.toBe(2);
      expect(await left()).toEqual(['new/a']);
    });

    it("is a provider's sweep with the rule read from the config", async () => {
      const retention = new AttemptRetention(ds, { KEEP_DAYS: 30, SWEEP_MS: 1000 } as AttemptConfig);
      await expect(retention.sweep(now)).resolves.toBe(1);
      expect(await left()).toEqual(['new/a', 'old/b']);
    });
  });
});
