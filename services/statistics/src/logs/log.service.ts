import { Injectable } from '@nestjs/common';
import { LogListQuery, type Actor, type ListReply, type LogEntry } from '@shop/contracts';
import { NOUNS } from '@shop/i18n-de';
import { DomainException, parseOrThrow, requireAccess, textSearch, withinPeriod } from '@shop/server';
import { DataSource } from 'typeorm';
import { KEPT_ERROR_IDS, type NewLogEntry } from './log-entries.js';
import { LogEntity } from './log.entity.js';

const toEntry = (l: LogEntity): LogEntry => ({
  id: l.id,
  level: l.level,
  source: l.source,
  code: l.code,
  message: l.message,
  context: l.context,
  createdAt: l.createdAt.toISOString(),
});

@Injectable()
export class LogService {
  constructor(private readonly ds: DataSource) {}

  /** Idempotent: an entry whose event was recorded before is not added again. */
  async record(entry: NewLogEntry): Promise<void> {
    await this.ds
      .createQueryBuilder()
      .insert()
      .into(LogEntity)
      .values({ ...entry, context: entry.context as object })
      .orIgnore()
      .execute();
  }

  /**
   * An entry that stands for repeated events (a 500 of the same fingerprint within its window): the first one
   * is stored, each further one adds 1 to `count`, moves `lastSeenAt` and appends its `occurrenceId` to the
   * latest `errorIds` (at most KEPT_ERROR_IDS). An occurrence among the kept ids is not counted again (a
   * redelivered event; one redelivered after more than KEPT_ERROR_IDS newer ones would count twice).
   */
  async recordRepeated(entry: NewLogEntry, occurrenceId: string, at: Date): Promise<void> {
    const table = this.ds.getMetadata(LogEntity).tablePath;
    await this.ds.query(
      `INSERT INTO ${table} AS l (level, source, code, message, context, "eventKey", "createdAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("eventKey") DO UPDATE SET context = l.context || jsonb_build_object(
         'count', COALESCE((l.context->>'count')::int, 1) + 1,
         'lastSeenAt', GREATEST((l.context->>'lastSeenAt')::timestamptz, $8::timestamptz),
         'errorIds', jsonb_path_query_array(
           COALESCE(l.context->'errorIds', '[]'::jsonb) || to_jsonb($9::text), '$[last - ${KEPT_ERROR_IDS - 1} to last]'))
       WHERE NOT COALESCE(l.context->'errorIds', '[]'::jsonb) ? $9`,
      [
        entry.level,
        entry.source,
        entry.code,
        entry.message,
        entry.context,
        entry.eventKey,
        entry.createdAt,
        at.toISOString(),
        occurrenceId,
      ],
    );
  }

  /** Newest first, with filters (level, source, period, text in message, code or context) and paging. */
  async list(actor: Actor | null, rawQuery: Record<string, unknown>): Promise<ListReply<LogEntry>> {
    requireAccess(actor, 'admin'); // the system log is for administrators only
    const q = parseOrThrow(LogListQuery, rawQuery);
    const qb = this.ds.getRepository(LogEntity).createQueryBuilder('l');
    if (q.level) qb.andWhere('l.level = :level', { level: q.level });
    if (q.source) qb.andWhere('l.source = :source', { source: q.source });
    withinPeriod(qb, 'l."createdAt"', q);
    if (q.search) qb.andWhere(textSearch(q.search, ['l.message', 'l.code', 'l.context::text']));
    qb.orderBy('l."createdAt"', 'DESC')
      .addOrderBy('l.id', 'DESC')
      .skip((q.page - 1) * q.perPage)
      .take(q.perPage);
    const [rows, total] = await qb.getManyAndCount();
    return { items: rows.map(toEntry), meta: { total, page: q.page, perPage: q.perPage } };
  }

  async get(actor: Actor | null, id: number): Promise<LogEntry> {
    requireAccess(actor, 'admin'); // the system log is for administrators only
    const row = Number.isSafeInteger(id) && id > 0 ? await this.ds.getRepository(LogEntity).findOneBy({ id }) : null;
    if (!row) throw DomainException.notFound(NOUNS.logEntry);
    return toEntry(row);
  }
}
