import { Injectable } from '@nestjs/common';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';

/** What SQL pre-selects by (the precise check is PersonalText's): lower-case addresses, national numbers, names. */
export interface PersonalNeedles {
  emails: string[];
  phoneDigits: string[];
  names: string[];
}

/** A system log entry that may mention the subject. */
export interface LogCandidate {
  id: number;
  level: string;
  source: string;
  code: string;
  message: string;
  context: Record<string, unknown>;
  createdAt: Date;
}

/** A stored analytics event that may mention the subject. */
export interface EventCandidate {
  id: number;
  type: string;
  action: string;
  category: string;
  page: string | null;
  data: Record<string, unknown>;
  occurredAt: Date;
}

/** A visitor's day whose last page may mention the subject. */
export interface VisitorDayCandidate {
  day: string;
  visitorId: string;
  lastPage: string;
}

const NEEDLES: PersonalNeedles = { emails: ['anna@example.at'], phoneDigits: ['6641234567'], names: ['Anna Berger'] };
const params = (n: PersonalNeedles) => [n.emails, n.phoneDigits, n.names];

/**
 * SQL that pre-selects rows whose text expression may mention the subject ($1 addresses, $2 national numbers,
 * $3 names, their parts one blank apart): the address or name anywhere (case ignored, any run of blanks as one),
 * the number's digits anywhere once blanks, dots, slashes, dashes and brackets are left out. A superset:
 * PersonalText decides for each candidate.
 */
function mentionsSql(text: string): string {
  return `(EXISTS (SELECT 1 FROM unnest($1::text[]) AS e(v) WHERE strpos(lower(${text}), e.v) > 0)
      OR EXISTS (SELECT 1 FROM unnest($2::text[]) AS d(n) WHERE strpos(regexp_replace(${text}, '[\\s./()-]', '', 'g'), d.n) > 0)
      OR EXISTS (SELECT 1 FROM unnest($3::text[]) AS p(v)
        WHERE strpos(lower(regexp_replace(${text}, '\\s+', ' ', 'g')), lower(p.v)) > 0))`;
}

const lock = (forUpdate: boolean) => (forUpdate ? ' FOR UPDATE' : '');

/** The rollup layers in the order every writer locks them (RollupRepository.write): hourly, daily, spans. */
const ROLLUP_LAYERS = [
  { table: 'rollup_hourly', columns: 'metric, hour, branch' },
  { table: 'rollup_daily', columns: 'metric, day, branch' },
  { table: 'rollup_span', columns: 'metric, span, start, branch' },
] as const;

/**
 * Issue 44: the statistics service's rows that may hold a customer's e-mail, phone or name in free text (the system
 * log's message and context, an analytics event's action, category, page and data, the visitor's last page and the
 * rollup keys counted from them), and their redacted values written back. The order facts hold no customer data.
 */
@Injectable()
export class PrivacyRepository {
  constructor(private readonly ds: DataSource) {}

  @GenerateSql({ params: ({ manager }) => [manager, NEEDLES, true] })
  logCandidates(m: EntityManager, needles: PersonalNeedles, forUpdate: boolean): Promise<LogCandidate[]> {
    return m.query(
      `SELECT id, level, source, code, message, context, "createdAt" FROM "statistics"."log"
       WHERE ${mentionsSql(`message || ' ' || context::text`)}
       ORDER BY "createdAt", id${lock(forUpdate)}`,
      params(needles),
    );
  }

  @GenerateSql({ params: ({ manager }) => [manager, [{ id: 1, message: '[E-Mail]', context: {} }]] })
  async updateLogs(m: EntityManager, rows: Array<Pick<LogCandidate, 'id' | 'message' | 'context'>>): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `UPDATE "statistics"."log" AS l SET message = u.message, context = u.context
       FROM unnest($1::int[], $2::text[], $3::jsonb[]) AS u(id, message, context) WHERE l.id = u.id`,
      [rows.map((r) => r.id), rows.map((r) => r.message), rows.map((r) => JSON.stringify(r.context))],
    );
  }

  @GenerateSql({ params: ({ manager }) => [manager, NEEDLES, true] })
  eventCandidates(m: EntityManager, needles: PersonalNeedles, forUpdate: boolean): Promise<EventCandidate[]> {
    return m.query(
      `SELECT id, type, action, category, page, data, "occurredAt" FROM "statistics"."analytics_event"
       WHERE ${mentionsSql(`concat_ws(' ', action, category, page, data::text)`)}
       ORDER BY "occurredAt", id${lock(forUpdate)}`,
      params(needles),
    );
  }

  @GenerateSql({
    params: ({ manager }) => [manager, [{ id: 1, action: '/', category: '', page: null, data: { path: '/' } }]],
  })
  async updateEvents(
    m: EntityManager,
    rows: Array<Pick<EventCandidate, 'id' | 'action' | 'category' | 'page' | 'data'>>,
  ): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `UPDATE "statistics"."analytics_event" AS e
       SET action = u.action, category = u.category, page = u.page, data = u.data
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::jsonb[]) AS u(id, action, category, page, data)
       WHERE e.id = u.id`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.action),
        rows.map((r) => r.category),
        rows.map((r) => r.page),
        rows.map((r) => JSON.stringify(r.data)),
      ],
    );
  }

  /** Locked: the analytics ingestion reads a visitor's day under the same lock (AnalyticsRepository). */
  @GenerateSql({ params: ({ manager }) => [manager, NEEDLES] })
  visitorDayCandidates(m: EntityManager, needles: PersonalNeedles): Promise<VisitorDayCandidate[]> {
    return m.query(
      `SELECT day::text AS day, "visitorId", "lastPage" FROM "statistics"."visitor_day"
       WHERE "lastPage" IS NOT NULL AND ${mentionsSql(`"lastPage"`)}
       ORDER BY day, "visitorId" FOR UPDATE`,
      params(needles),
    );
  }

  @GenerateSql({ params: ({ manager }) => [manager, [{ day: '2026-03-02', visitorId: 'v', lastPage: '/' }]] })
  async updateVisitorDays(m: EntityManager, rows: VisitorDayCandidate[]): Promise<void> {
    if (!rows.length) return;
    await m.query(
      `UPDATE "statistics"."visitor_day" AS v SET "lastPage" = u.page
       FROM unnest($1::date[], $2::text[], $3::text[]) AS u(day, visitor, page)
       WHERE v.day = u.day AND v."visitorId" = u.visitor`,
      [rows.map((r) => r.day), rows.map((r) => r.visitorId), rows.map((r) => r.lastPage)],
    );
  }

  /** The keys of `metrics` (in any rollup layer) that may mention the subject. */
  @GenerateSql({ params: ({ manager }) => [manager, NEEDLES, ['pages']] })
  async rollupKeyCandidates(m: EntityManager, needles: PersonalNeedles, metrics: string[]): Promise<string[]> {
    const selects = ROLLUP_LAYERS.map(
      (l) => `SELECT key FROM "statistics"."${l.table}" WHERE metric = ANY($4::text[]) AND ${mentionsSql('key')}`,
    );
    const rows = (await m.query(`${selects.join('\n       UNION ')}\n       ORDER BY key`, [
      ...params(needles),
      metrics,
    ])) as Array<{ key: string }>;
    return rows.map((r) => r.key);
  }

  /**
   * Moves the sums of `metrics` counted under each old key to its new key (added to what the new key holds), in
   * every layer: the totals and series stay as they were, only the key no longer names the subject.
   */
  @GenerateSql({ params: ({ manager }) => [manager, ['pages'], ['/anna@example.at'], ['/[E-Mail]']] })
  async renameRollupKeys(m: EntityManager, metrics: string[], from: string[], to: string[]): Promise<void> {
    if (!from.length) return;
    for (const { table, columns } of ROLLUP_LAYERS) {
      await m.query(
        `WITH moved AS (
           DELETE FROM "statistics"."${table}" AS r USING unnest($2::text[], $3::text[]) AS k(old_key, new_key)
           WHERE r.metric = ANY($1::text[]) AND r.key = k.old_key RETURNING ${columns.replace(/(\w+)/g, 'r.$1')}, k.new_key, r.value)
         INSERT INTO "statistics"."${table}" (${columns}, key, value)
         SELECT ${columns}, new_key, sum(value) FROM moved GROUP BY ${columns}, new_key ORDER BY ${columns}, new_key
         ON CONFLICT (${columns}, key) DO UPDATE SET value = "${table}".value + EXCLUDED.value`,
        [metrics, from, to],
      );
    }
  }
}
