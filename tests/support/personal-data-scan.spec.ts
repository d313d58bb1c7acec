import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Objm } from '@nats-io/obj';
import { connect, headers, type NatsConnection } from '@nats-io/transport-node';
import {
  cleanupPrefixes,
  createTestDatabase,
  NATS_URL,
  REDIS_URL,
  uniquePrefixes,
  type TestDatabase,
} from '@shop/testing';
import { Redis } from 'ioredis';
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { formatHits, placesOf, scanForPersonalData, type ScanPlaces, type ScanReport } from './personal-data-scan.js';

/**
 * The scanner of the privacy e2e test (issue 44) must find what it is asked for in every kind of place: a scan
 * that finds nothing proves nothing. A customer's data is planted in each, in the forms services keep it (upper
 * case, a number written with separators, bytea, gzip, a Redis key's name, a mail's quoted-printable soft break),
 * beside another customer's data that must not be reported.
 */
describe('personal data scan', () => {
  const run = Array.from({ length: 6 }, () => 'bcdfghjkmnpqrstvwxz'[randomInt(19)]).join('');
  const email = `anna.${run}@example.at`;
  const subscriber = String(randomInt(1_000_000, 10_000_000));
  const phoneDigits = `664${subscriber}`;
  const firstName = `Annabell${run}`;
  const lastName = `Musterfrau${run}`;
  const umlautName = `Jürgen${run}`;
  const needles = [email, phoneDigits, firstName, lastName, umlautName];
  // another customer, everywhere beside ours
  const other = { email: 'anna.berger@example.at', phone: '+43 660 1234567', name: 'Anna Berger' };

  let db: TestDatabase;
  const prefixes = uniquePrefixes('pdscan');
  let dir: string;
  let places: ScanPlaces;
  let report: ScanReport;
  const mails: Array<{ to: string[]; raw: string }> = [];

  async function plantDatabase() {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA shopx;
        CREATE TABLE shopx.customer (id serial PRIMARY KEY, note text, data jsonb, blob bytea);
        CREATE TABLE public.no_id (x text);
        CREATE TABLE shopx.queue (id serial PRIMARY KEY, documents jsonb);`);
      // a printer's receipt: its bytes as base64 in JSON
      const receipt = Buffer.concat([Buffer.from([0x1b, 0x40]), Buffer.from(`Abholung\n${firstName} ${lastName}\n`)]);
      await client.query('INSERT INTO shopx.queue (documents) VALUES ($1)', [
        { 'application/vnd.star.line': receipt.toString('base64') },
      ]);
      const insert = 'INSERT INTO shopx.customer (note, data, blob) VALUES ($1, $2, $3)';
      await client.query(insert, [`Kundin ${lastName}`, null, null]);
      await client.query(insert, [null, { phone: `+43 664 ${subscriber.slice(0, 3)} ${subscriber.slice(3)}` }, null]);
      await client.query(insert, [
        null,
        null,
        Buffer.concat([Buffer.from([0, 0xff, 0x10]), Buffer.from(email.toUpperCase()), Buffer.from([0])]),
      ]);
      await client.query(insert, [other.name, { email: other.email, phone: other.phone }, Buffer.from(other.email)]);
      await client.query('INSERT INTO public.no_id (x) VALUES ($1)', [`Hallo ${firstName}`]);
      await client.query(
        'CREATE MATERIALIZED VIEW shopx.notes AS SELECT note FROM shopx.customer WHERE note IS NOT NULL',
      );
    } finally {
      await client.end();
    }
  }

  async function plantRedis() {
    const redis = new Redis(REDIS_URL);
    const p = prefixes.redis;
    try {
      await redis.hset(`${p}bull:email:42`, {
        name: 'email-new-order',
        data: JSON.stringify({ snapshot: { customer: { email, firstName: 'X' } } }),
      });
      await redis.set(`${p}sent:email-1-created:${email}`, 'sent');
      await redis.rpush(`${p}list`, 'a', `0664/${subscriber}`);
      await redis.sadd(`${p}set`, firstName.toLowerCase());
      await redis.zadd(`${p}zset`, 1, `Frau ${lastName}`);
      await redis.xadd(`${p}stream`, '*', 'event', 'completed', 'returnvalue', JSON.stringify({ sent: [email] }));
      await redis.set(`${p}gz`, gzipSync(JSON.stringify({ name: `${firstName} ${lastName}` })));
      await redis.set(`${p}other`, JSON.stringify(other));
      // an Epson printer's command: hex
      await redis.set(`${p}hex`, JSON.stringify({ command: Buffer.from(`1b40${email}`).toString('hex') }));
    } finally {
      redis.disconnect();
    }
  }

  async function plantJetStream(nc: NatsConnection) {
    const jsm = await jetstreamManager(nc);
    const stream = `${prefixes.nats.replace(/[^A-Za-z0-9_-]/g, '_')}SCANTEST`;
    await jsm.streams.add({ name: stream, subjects: [`${prefixes.nats}scan.>`] });
    const js = jetstream(nc);
    await js.publish(`${prefixes.nats}scan.deleted`, JSON.stringify({ name: lastName }));
    await js.publish(`${prefixes.nats}scan.order`, JSON.stringify({ phone: `+43${phoneDigits}` }));
    const h = headers();
    h.set('x-customer', email);
    await js.publish(`${prefixes.nats}scan.header`, JSON.stringify({ ok: true }), { headers: h });
    await js.publish(`${prefixes.nats}scan.other`, JSON.stringify(other));
    // a deleted message is not there any more: the scan passes over its sequence
    await jsm.streams.deleteMessage(stream, 1);
    const bucket = await new Objm(js).create(`${prefixes.nats.replace(/[^A-Za-z0-9_-]/g, '_')}scanfiles`);
    await bucket.putBlob({ name: 'staged' }, Buffer.concat([Buffer.from([0x89, 0, 1]), Buffer.from(firstName)]));
  }

  function plantFiles() {
    dir = mkdtempSync(join(tmpdir(), 'pdscan-'));
    mkdirSync(join(dir, 'files/upload/abc'), { recursive: true });
    mkdirSync(join(dir, 'files/privacy'), { recursive: true });
    mkdirSync(join(dir, 'mail'), { recursive: true });
    const png = Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      Buffer.from(`tEXtAuthor\0${lastName}`),
      Buffer.alloc(8),
    ]);
    writeFileSync(join(dir, 'files/upload/abc/1-1.png'), png);
    writeFileSync(join(dir, 'files/privacy/export.json.gz'), gzipSync(JSON.stringify({ email })));
    writeFileSync(join(dir, `files/${firstName}.txt`), 'nichts');
    writeFileSync(join(dir, 'files/other.txt'), JSON.stringify(other));
    // a name beyond ASCII, in a binary file's UTF-8 bytes
    writeFileSync(
      join(dir, 'files/note.bin'),
      Buffer.concat([Buffer.from([0, 0xff]), Buffer.from(`Grüße ${umlautName}`)]),
    );
    // nodemailer's quoted-printable breaks long lines, here inside the address
    const [local, domain] = email.split('@');
    writeFileSync(
      join(dir, 'mail/1.eml'),
      `Subject: Ihre Bestellung\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nAn ${local}@exa=\r\n${domain!.slice(3)}\r\n`,
    );
    const body = Buffer.from(`Telefon: 0664 ${subscriber}`).toString('base64');
    mails.push({
      to: ['office@example.at'],
      raw: `Subject: =?UTF-8?B?${Buffer.from(`Anfrage von ${firstName}`).toString('base64')}?=\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n${body}\r\n`,
    });
  }

  beforeAll(async () => {
    db = await createTestDatabase('pdscan');
    await plantDatabase();
    await plantRedis();
    const nc = await connect({ servers: NATS_URL });
    try {
      await plantJetStream(nc);
    } finally {
      await nc.close();
    }
    plantFiles();
    places = {
      database: { url: db.url },
      redis: { url: REDIS_URL, prefix: prefixes.redis },
      nats: { url: NATS_URL, prefix: prefixes.nats },
      filesDir: join(dir, 'files'),
      mailDir: join(dir, 'mail'),
      mails,
    };
    report = await scanForPersonalData(needles, places);
  });
  afterAll(async () => {
    await db?.drop();
    await cleanupPrefixes(prefixes);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const hitAt = (place: string, location: RegExp, needle: string) =>
    report.hits.some((h) => h.place === place && location.test(h.location) && h.needle === needle);

  it('finds the customer in every kind of place, and nothing of the other customer', () => {
    expect(placesOf(report.hits)).toEqual(['files', 'jetstream', 'mail', 'postgres', 'redis']);
    const shown = formatHits(report.hits);
    for (const text of [other.email, other.name, '1234567']) expect(shown).not.toContain(text);
  });

  it('reads every table of every schema: text, jsonb (a number with spaces, base64), bytea in capitals, a view, a table without id', () => {
    expect(hitAt('postgres', /^shopx\.customer id=1$/, lastName)).toBe(true);
    expect(hitAt('postgres', /^shopx\.customer id=2$/, phoneDigits)).toBe(true);
    expect(hitAt('postgres', /^shopx\.customer id=3 \(bytea blob\)$/, email)).toBe(true);
    expect(hitAt('postgres', /^shopx\.notes /, lastName)).toBe(true);
    expect(hitAt('postgres', /^public\.no_id ctid=/, firstName)).toBe(true);
    expect(hitAt('postgres', /^shopx\.queue id=1 \(base64\)$/, lastName)).toBe(true);
    expect(report.searched.tables).toBe(4);
    expect(report.searched.rows).toBe(4 + 1 + 2 + 1);
  });

  it('reads Redis key names and every type of value (BullMQ job hashes, lists, sets, streams, gzip, hex)', () => {
    const p = prefixes.redis;
    expect(hitAt('redis', new RegExp(`^redis key name ${p}sent:`), email)).toBe(true);
    expect(hitAt('redis', new RegExp(`^redis ${p}bull:email:42 \\(hash field data\\)$`), email)).toBe(true);
    expect(hitAt('redis', /list item 1/, phoneDigits)).toBe(true);
    expect(hitAt('redis', /\(set member\)/, firstName)).toBe(true);
    expect(hitAt('redis', /\(zset member\)/, lastName)).toBe(true);
    expect(hitAt('redis', /\(stream entry /, email)).toBe(true);
    expect(hitAt('redis', new RegExp(`${p}gz \\(string value\\)`), firstName)).toBe(true);
    expect(hitAt('redis', new RegExp(`${p}hex \\(string value\\) \\(hex\\)$`), email)).toBe(true);
    expect(report.searched.redisKeys).toBe(9);
  });

  it("reads every message of the run's streams (data and headers) and its object store's chunks", () => {
    expect(hitAt('jetstream', /SCANTEST seq 2 .*\(data\)$/, phoneDigits)).toBe(true);
    expect(hitAt('jetstream', /SCANTEST seq 3 .*\(headers\)$/, email)).toBe(true);
    expect(hitAt('jetstream', /^stream OBJ_.*scanfiles seq \d+ .*\(data\)$/, firstName)).toBe(true);
    // the deleted message is gone, its data with it
    expect(report.hits.some((h) => h.place === 'jetstream' && h.needle === lastName)).toBe(false);
    expect(report.searched.streams).toBe(2);
  });

  it('reads files (names, bytes, gzip) and mails (quoted-printable, base64, encoded headers)', () => {
    expect(hitAt('files', /upload\/abc\/1-1\.png$/, lastName)).toBe(true);
    expect(hitAt('files', /export\.json\.gz$/, email)).toBe(true);
    expect(hitAt('files', /^file name .*\.txt$/, firstName)).toBe(true);
    expect(hitAt('files', /note\.bin$/, umlautName)).toBe(true);
    expect(hitAt('mail', /^mail file .*1\.eml$/, email)).toBe(true);
    expect(hitAt('mail', /^mail 1 to office@example\.at$/, phoneDigits)).toBe(true);
    expect(hitAt('mail', /^mail 1 to office@example\.at$/, firstName)).toBe(true);
  });

  it('refuses needles too short to mean anything, and a place it cannot read', async () => {
    await expect(scanForPersonalData(['ab'], {})).rejects.toThrow('too short');
    await expect(scanForPersonalData([email], { redis: { url: REDIS_URL, prefix: '' } })).rejects.toThrow('prefix');
  });
});
