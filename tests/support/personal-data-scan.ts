import { jetstreamManager, type StoredMsg } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';

/**
 * Issue 44's proof of erasure: every place a test stack keeps data, searched for a customer's e-mail address,
 * phone number and names. Each hit names its place (table and row, Redis key and field, stream and sequence, file
 * path) so a failing test says what still holds the data.
 *
 * A needle of letters is matched case-insensitively (also URL-encoded: `anna.x%40example.at`). A needle of digits
 * only (six or more) is a phone number's national significant number (`6641234567`): it matches with any one to
 * three separators between the digits and any prefix before them ('+43 664 123 45 67', '0664/1234567',
 * '+436641234567'), so give the number as digits, not as typed. Every value is also searched in what its base64 and
 * hex runs decode to (a receipt's bytes in JSON, an Epson command) and, when it is gzip, unpacked.
 */
export interface ScanPlaces {
  /** the stack's database: every table of every non-system schema (plain, partitioned, materialized views) */
  database?: { url: string };
  /** every key under the run's prefix: its name and its value of any type */
  redis?: { url: string; prefix: string };
  /** every stream of the run (named after its subject prefix, object store OBJ_… and KV_… buckets too) */
  nats?: { url: string; prefix: string };
  /** FILES_DIR: every file's path and bytes (gzip files also unpacked) */
  filesDir?: string;
  /** a mail catcher's folder (.eml files): searched as files, and with quoted-printable and base64 parts decoded */
  mailDir?: string;
  /** mails kept in memory (`@shop/testing`'s `startMailCatcher` inbox), decoded like mailDir's */
  mails?: Array<{ to: string[]; raw: string }>;
}

export type ScanPlace = 'postgres' | 'redis' | 'jetstream' | 'files' | 'mail';

export interface PersonalDataHit {
  place: ScanPlace;
  /** e.g. `order.order id=3`, `redis test:x:bull:email:email-3-created (hash field data)`, `stream X seq 4 (subject)` */
  location: string;
  needle: string;
  /** the text around the match */
  excerpt: string;
}

export interface ScanReport {
  hits: PersonalDataHit[];
  /** what was searched: a place that was searched but held nothing at all is as suspicious as a wrong prefix */
  searched: {
    tables: number;
    rows: number;
    redisKeys: number;
    streams: number;
    messages: number;
    files: number;
    mails: number;
  };
}

interface Needle {
  needle: string;
  regex: RegExp;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** between two digits of a phone number: a space, dash, slash, dot, bracket … (at most three) */
const DIGIT_GAP = '[^0-9A-Za-z]{0,3}';

function needlePatterns(needles: string[]): Needle[] {
  return needles.map((needle) => {
    if (needle.trim().length < 4) throw new Error(`needle too short to search for: '${needle}'`);
    let source: string;
    if (/^\d{6,}$/.test(needle)) source = needle.split('').join(DIGIT_GAP);
    else {
      // as typed, URL-encoded, and as its UTF-8 bytes read as latin1 (how a binary value is searched: 'Jürgen')
      const forms = new Set([needle, encodeURIComponent(needle), Buffer.from(needle).toString('latin1')]);
      source = [...forms].map(escapeRegex).join('|');
    }
    return { needle, regex: new RegExp(source, 'gi') };
  });
}

/** Every match of every needle in a text (a binary value read as latin1: ASCII needles match its bytes). */
function matchPlain(needles: Needle[], text: string, place: ScanPlace, location: string): PersonalDataHit[] {
  const hits: PersonalDataHit[] = [];
  for (const n of needles) {
    n.regex.lastIndex = 0;
    const m = n.regex.exec(text);
    if (!m) continue;
    const excerpt = text
      .slice(Math.max(0, m.index - 40), m.index + m[0].length + 40)
      // eslint-disable-next-line no-control-regex -- binary values shown readable
      .replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, '·');
    hits.push({ place, location, needle: n.needle, excerpt });
  }
  return hits;
}

/** runs that may be base64 (standard or URL-safe) or hex: a receipt's bytes in JSON, an Epson command */
const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX_RUN = /(?:[0-9a-fA-F]{2}){8,}/g;

/**
 * The matches in a text, and in what its base64 and hex runs decode to (a printer's receipt is kept as base64 in
 * JSON): a hit there names its place with "(base64)" or "(hex)".
 */
function matchText(needles: Needle[], text: string, place: ScanPlace, location: string): PersonalDataHit[] {
  const hits = matchPlain(needles, text, place, location);
  for (const [pattern, encoding] of [
    [BASE64_RUN, 'base64'],
    [HEX_RUN, 'hex'],
  ] as const)
    for (const [run] of text.matchAll(pattern))
      for (const decoded of bytesTexts(Buffer.from(run, encoding)))
        hits.push(...matchPlain(needles, decoded, place, `${location} (${encoding})`));
  return dedupe(hits);
}

/** A value's bytes as text to search: as they are, and unpacked when they are gzip. */
function bytesTexts(bytes: Buffer): string[] {
  const texts = [bytes.toString('latin1')];
  if (bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b)
    try {
      texts.push(gunzipSync(bytes).toString('latin1'));
    } catch {
      // not gzip after all
    }
  return texts;
}

function matchBytes(needles: Needle[], bytes: Buffer, place: ScanPlace, location: string): PersonalDataHit[] {
  const hits = bytesTexts(bytes).flatMap((text) => matchText(needles, text, place, location));
  return dedupe(hits);
}

const dedupe = (hits: PersonalDataHit[]) => {
  const seen = new Set<string>();
  return hits.filter((h) => {
    const key = `${h.place}\n${h.location}\n${h.needle}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/* ------------------------------------------------------------------ Postgres */

async function scanDatabase(needles: Needle[], url: string, report: ScanReport): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: relations } = await client.query<{ oid: number; schema: string; name: string }>(
      `SELECT c.oid::int AS oid, n.nspname AS schema, c.relname AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'm')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
        ORDER BY 2, 3`,
    );
    if (!relations.length) throw new Error(`no table in database ${url}`);
    for (const rel of relations) {
      const { rows: byteaColumns } = await client.query<{ name: string }>(
        `SELECT attname AS name FROM pg_attribute
          WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped AND atttypid = 'bytea'::regtype`,
        [rel.oid],
      );
      // every row is read and matched here (a needle may be inside base64 in a JSON value, which no SQL pattern
      // sees); a bytea value is hex in the row's text, so its bytes come as they are besides
      const bytea = byteaColumns.map((c, i) => ({ alias: `b${i}`, name: c.name }));
      const select = [`t::text AS "row"`, `to_jsonb(t)->>'id' AS id`, `t.ctid::text AS ctid`]
        .concat(bytea.map((b) => `t."${b.name}" AS ${b.alias}`))
        .join(', ');
      let rows: Array<Record<string, string | Buffer | null>>;
      try {
        rows = (await client.query(`SELECT ${select} FROM ONLY "${rel.schema}"."${rel.name}" t`)).rows;
      } catch (err) {
        // a materialized view that was never refreshed holds nothing to search
        if ((err as { code?: string }).code === '55000') continue;
        throw err;
      }
      report.searched.tables += 1;
      report.searched.rows += rows.length;
      for (const row of rows) {
        const where = `${rel.schema}.${rel.name} ${row.id != null ? `id=${String(row.id)}` : `ctid=${String(row.ctid)}`}`;
        report.hits.push(...matchText(needles, String(row.row ?? ''), 'postgres', where));
        for (const b of bytea) {
          const value = row[b.alias];
          if (Buffer.isBuffer(value))
            report.hits.push(...matchBytes(needles, value, 'postgres', `${where} (bytea ${b.name})`));
        }
      }
    }
  } finally {
    await client.end();
  }
}

/* ------------------------------------------------------------------ Redis */

/** A key's values: a string, hash fields and values (BullMQ's job hashes: data, returnvalue …), members, entries. */
async function redisValues(redis: Redis, key: string, type: string): Promise<Array<{ part: string; bytes: Buffer }>> {
  switch (type) {
    case 'string': {
      const v = await redis.getBuffer(key);
      return v ? [{ part: 'value', bytes: v }] : [];
    }
    case 'hash': {
      const h = await redis.hgetallBuffer(key);
      return Object.entries(h).flatMap(([field, bytes]) => [
        { part: `field name ${field}`, bytes: Buffer.from(field) },
        { part: `field ${field}`, bytes },
      ]);
    }
    case 'list':
      return (await redis.lrangeBuffer(key, 0, -1)).map((bytes, i) => ({ part: `item ${i}`, bytes }));
    case 'set':
      return (await redis.smembersBuffer(key)).map((bytes) => ({ part: 'member', bytes }));
    case 'zset':
      return (await redis.zrangeBuffer(key, 0, -1)).map((bytes) => ({ part: 'member', bytes }));
    case 'stream': {
      const entries = (await redis.xrangeBuffer(key, '-', '+')) as unknown as Array<[Buffer, Buffer[]]>;
      return entries.map(([id, fields]) => ({
        part: `entry ${id.toString()}`,
        bytes: Buffer.concat(fields.flatMap((f) => [f, Buffer.from(' ')])),
      }));
    }
    case 'none':
      return []; // expired between SCAN and TYPE
    default:
      throw new Error(`Redis key ${key} has a type the scan cannot read: ${type}`);
  }
}

async function scanRedis(needles: Needle[], where: { url: string; prefix: string }, report: ScanReport): Promise<void> {
  if (!where.prefix) throw new Error('a Redis scan needs the run’s key prefix');
  const redis = new Redis(where.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${where.prefix}*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        report.searched.redisKeys += 1;
        report.hits.push(...matchText(needles, key, 'redis', `redis key name ${key}`));
        const type = await redis.type(key);
        for (const { part, bytes } of await redisValues(redis, key, type))
          report.hits.push(...matchBytes(needles, bytes, 'redis', `redis ${key} (${type} ${part})`));
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/* ------------------------------------------------------------------ JetStream */

function headerText(msg: StoredMsg): string {
  if (!msg.header) return '';
  const lines: string[] = [];
  for (const [k, values] of msg.header) lines.push(`${k}: ${values.join(', ')}`);
  return lines.join('\n');
}

async function scanJetStream(
  needles: Needle[],
  where: { url: string; prefix: string },
  report: ScanReport,
): Promise<void> {
  if (!where.prefix) throw new Error('a JetStream scan needs the run’s subject prefix');
  const streamPrefix = where.prefix.replace(/[^A-Za-z0-9_-]/g, '_');
  const nc = await connect({ servers: where.url });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const info of jsm.streams.list()) {
      const name = info.config.name;
      if (![streamPrefix, `OBJ_${streamPrefix}`, `KV_${streamPrefix}`].some((p) => name.startsWith(p))) continue;
      report.searched.streams += 1;
      const { first_seq: first, last_seq: last, messages } = (await jsm.streams.info(name)).state;
      if (!messages) continue;
      for (let seq = first; seq <= last; seq++) {
        const msg = await jsm.streams.getMessage(name, { seq });
        if (!msg) continue; // deleted or purged
        report.searched.messages += 1;
        const location = `stream ${name} seq ${seq} subject ${msg.subject}`;
        report.hits.push(...matchText(needles, msg.subject, 'jetstream', `${location} (subject)`));
        report.hits.push(...matchText(needles, headerText(msg), 'jetstream', `${location} (headers)`));
        report.hits.push(...matchBytes(needles, Buffer.from(msg.data), 'jetstream', `${location} (data)`));
      }
    }
  } finally {
    await nc.close();
  }
}

/* ------------------------------------------------------------------ files and mails */

/** what was deleted while the scan ran (an erasure's files going): nothing to search */
const unlessGone = <T>(read: () => T, gone: T): T => {
  try {
    return read();
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return gone;
    throw err;
  }
};

function walk(dir: string): string[] {
  return unlessGone(() => readdirSync(dir, { withFileTypes: true }), []).flatMap((e) => {
    const path = join(e.parentPath, e.name);
    if (e.isDirectory()) return walk(path);
    return e.isFile() ? [path] : [];
  });
}

function scanFiles(needles: Needle[], dir: string, place: ScanPlace, report: ScanReport, decodeMail = false): void {
  readdirSync(dir); // the folder itself must be there: a wrong path would search nothing
  for (const path of walk(dir)) {
    const bytes = unlessGone(() => readFileSync(path), null);
    if (!bytes) continue;
    report.searched.files += 1;
    report.hits.push(...matchText(needles, relative(dir, path), place, `file name ${path}`));
    report.hits.push(...matchBytes(needles, bytes, place, `file ${path}`));
    if (decodeMail) report.hits.push(...matchMail(needles, bytes.toString('latin1'), `mail file ${path}`));
  }
}

/** A mail's parts as a reader sees them: quoted-printable soft breaks joined and =XX decoded, base64 parts decoded. */
export function decodedMailTexts(raw: string): string[] {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const texts = [qp];
  const base64 = /Content-Transfer-Encoding:\s*base64[^\n]*\n(?:[^\r\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/gi;
  for (const m of raw.matchAll(base64)) texts.push(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64').toString('latin1'));
  // RFC 2047 encoded words of the headers
  texts.push(
    raw.replace(/=\?[^?]+\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('latin1')
        : text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    ),
  );
  return texts;
}

function matchMail(needles: Needle[], raw: string, location: string): PersonalDataHit[] {
  return dedupe(decodedMailTexts(raw).flatMap((text) => matchText(needles, text, 'mail', location)));
}

/* ------------------------------------------------------------------ the scan */

/**
 * Searches every place given for every needle. Throws when a place cannot be read (a wrong URL, an unknown Redis
 * type): a scan that silently searched nothing would prove nothing. `searched` tells how much each place held.
 */
export async function scanForPersonalData(needles: string[], where: ScanPlaces): Promise<ScanReport> {
  if (!needles.length) throw new Error('nothing to search for');
  const patterns = needlePatterns(needles);
  const report: ScanReport = {
    hits: [],
    searched: { tables: 0, rows: 0, redisKeys: 0, streams: 0, messages: 0, files: 0, mails: 0 },
  };
  if (where.database) await scanDatabase(patterns, where.database.url, report);
  if (where.redis) await scanRedis(patterns, where.redis, report);
  if (where.nats) await scanJetStream(patterns, where.nats, report);
  if (where.filesDir) scanFiles(patterns, where.filesDir, 'files', report);
  if (where.mailDir) scanFiles(patterns, where.mailDir, 'mail', report, true);
  for (const [i, mail] of (where.mails ?? []).entries()) {
    report.searched.mails += 1;
    report.hits.push(...matchMail(patterns, mail.raw, `mail ${i + 1} to ${mail.to.join(', ')}`));
  }
  report.hits = dedupe(report.hits);
  return report;
}

/** The hits as lines for a failing test: place, location, needle and the text around it. */
export function formatHits(hits: PersonalDataHit[]): string {
  return hits.map((h) => `[${h.place}] ${h.location}\n    '${h.needle}' in …${h.excerpt}…`).join('\n');
}

/** The places that hold at least one hit. */
export const placesOf = (hits: PersonalDataHit[]) => [...new Set(hits.map((h) => h.place))].sort();
