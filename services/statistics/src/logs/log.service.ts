import { Injectable } from '@nestjs/common';
import { LogListQuery, type Actor, type ListReply, type LogEntry } from '@shop/contracts';
import { DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { Brackets, DataSource } from 'typeorm';
import type { NewLogEntry } from './log-entries.js';
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

  /** Newest first, with filters (level, source, period, text in message, code or context) and paging. */
  async list(actor: Actor | null, rawQuery: Record<string, unknown>): Promise<ListReply<LogEntry>> {
    requireAccess(actor, 'admin'); // the system log is for administrators only
    const q = parseOrThrow(LogListQuery, rawQuery);
    const qb = this.ds.getRepository(LogEntity).createQueryBuilder('l');
    if (q.level) qb.andWhere('l.level = :level', { level: q.level });
    if (q.source) qb.andWhere('l.source = :source', { source: q.source });
    if (q.from) qb.andWhere('l."createdAt" >= :from', { from: q.from });
    if (q.to) qb.andWhere('l."createdAt" < :to', { to: q.to });
    if (q.search) {
      const s = `%${q.search.replace(/[%_\\]/g, '\\$&')}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where('l.message ILIKE :s', { s })
            .orWhere('l.code ILIKE :s', { s })
            .orWhere('l.context::text ILIKE :s', { s }),
        ),
      );
    }
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
    if (!row) throw DomainException.notFound('Logeintrag');
    return toEntry(row);
  }
}
