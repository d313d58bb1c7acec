import { migrate } from '@shop/server';
import { createTestDatabase, type TestDatabase } from '@shop/testing';
import pg from 'pg';
import { signageDatabase } from '../data-source.js';
import { SegmentFrameOrigins1795900000000 } from './1795900000000-SegmentFrameOrigins.js';
import { SIGNAGE_MIGRATIONS } from './index.js';

/**
 * Issue 37, item 7: a TV's key has at least 32 characters. Keys chosen shorter before the rule are replaced by
 * random ones at the upgrade (the TV signs in again with the new key), the others stay, and the database refuses a
 * short key from then on.
 */
describe('signage migration: device keys of at least 32 characters', () => {
  let db: TestDatabase;
  let client: pg.Client;
  beforeAll(async () => {
    db = await createTestDatabase('signage-key-length');
    const before = SIGNAGE_MIGRATIONS.slice(0, SIGNAGE_MIGRATIONS.indexOf(SegmentFrameOrigins1795900000000) + 1);
    await migrate({ ...signageDatabase(db.url), migrations: before });
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  const insert = (identifier: string, key: string) =>
    client.query(`INSERT INTO signage.device (identifier, name, "branchId", key) VALUES ($1, $1, 1, $2)`, [
      identifier,
      key,
    ]);

  it('replaces the short keys by random ones of 32 or more characters and keeps the others', async () => {
    const long = 'L'.repeat(32);
    await insert('tv-short-1', 'kurz-aber-16-zei');
    await insert('tv-short-2', 'x'.repeat(31));
    await insert('tv-long', long);
    await migrate(signageDatabase(db.url));
    const keys = Object.fromEntries(
      (await client.query<{ identifier: string; key: string }>('SELECT identifier, key FROM signage.device')).rows.map(
        (r) => [r.identifier, r.key],
      ),
    );
    expect(keys['tv-long']).toBe(long);
    for (const short of ['tv-short-1', 'tv-short-2']) expect(keys[short]).toMatch(/^[A-Za-z0-9_-]{32,128}$/);
    expect(keys['tv-short-1']).not.toBe(keys['tv-short-2']);
    await expect(insert('tv-new', 'y'.repeat(31))).rejects.toThrow(/device_key_length/);
    await insert('tv-new', 'y'.repeat(32));
  });
});
