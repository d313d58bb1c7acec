import { Inject, Injectable } from '@nestjs/common';
import { AnalyticsEvent, type AnalyticsReceivedEvent } from '@shop/contracts';
import { LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { hourOf, RollupDelta } from '../metrics/rollups.js';
import { AnalyticsEventEntity } from './analytics-event.entity.js';

type StoredEvent = Pick<AnalyticsEventEntity, 'type' | 'action' | 'data' | 'occurredAt' | 'branch' | 'page'>;

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

/** The page of a page view: its path (data.path, else the action the storefront sets to the path). */
export const pageOf = (e: Pick<StoredEvent, 'type' | 'action' | 'data'>): string => text(e.data.path) ?? e.action;

/**
 * Stores the analytics batches (the gateway validated and enriched them; checked again at this boundary) and
 * maintains the hourly rollups of the visitor metrics in the same transaction.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly ds: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Idempotent per batch: a redelivered batch finds its rows, adds nothing and counts nothing. */
  async store(batch: AnalyticsReceivedEvent): Promise<number> {
    const receivedAt = new Date(batch.receivedAt);
    const ctx = batch.context;
    const rows = batch.events.flatMap((raw, position) => {
      const parsed = AnalyticsEvent.safeParse(raw);
      if (!parsed.success) {
        // redelivering cannot make it valid: drop it, visibly
        this.logger.warn({ batchId: batch.batchId, position }, 'invalid analytics event dropped');
        return [];
      }
      const e = parsed.data;
      const branch = e.data.branch;
      return [
        {
          batchId: batch.batchId,
          position,
          type: e.type,
          action: e.action,
          category: e.category ?? '',
          data: e.data as Record<string, unknown>,
          occurredAt: e.occurredAt ? new Date(e.occurredAt) : receivedAt,
          receivedAt,
          visitorId: ctx?.visitorId ?? null,
          site: ctx?.site ?? null,
          page: ctx?.page ?? null,
          browser: ctx?.browser ?? null,
          os: ctx?.os ?? null,
          branch: typeof branch === 'number' && Number.isInteger(branch) && branch > 0 ? branch : 0,
        },
      ];
    });
    if (!rows.length) return 0;
    return this.ds.transaction(async (m) => {
      const result = await m
        .createQueryBuilder()
        .insert()
        .into(AnalyticsEventEntity)
        .values(rows.map((r) => ({ ...r, data: r.data as object })))
        .orIgnore()
        .returning(['position'])
        .execute();
      const inserted = new Set((result.raw as Array<{ position: number }>).map((r) => r.position));
      const fresh = rows.filter((r) => inserted.has(r.position)).sort((a, b) => +a.occurredAt - +b.occurredAt);
      if (fresh.length) await this.rollUp(m, fresh, ctx?.visitorId ?? null, ctx?.browser ?? null, ctx?.os ?? null);
      return fresh.length;
    });
  }

  /** The rollup increments of newly stored events (they share the batch's visitor id, browser and OS). */
  private async rollUp(
    m: EntityManager,
    events: StoredEvent[],
    visitorId: string | null,
    browser: string | null,
    os: string | null,
  ): Promise<void> {
    const delta = new RollupDelta();
    // the visitor's day: seen before (unique-visitors), last page (event-flow), last hour (visitor-times)
    const days = new Map<string, { lastPage: string | null; lastHour: Date | null; isNew: boolean }>();
    if (visitorId) {
      const keys = [...new Set(events.map((e) => e.occurredAt.toISOString().slice(0, 10)))].sort();
      const known = (await m.query(
        `SELECT day::text AS day, "lastPage", "lastHour" FROM "statistics"."visitor_day"
         WHERE "visitorId" = $1 AND day = ANY($2::date[]) FOR UPDATE`,
        [visitorId, keys],
      )) as Array<{ day: string; lastPage: string | null; lastHour: Date }>;
      for (const day of keys) {
        const k = known.find((r) => r.day === day);
        days.set(
          day,
          k
            ? { lastPage: k.lastPage, lastHour: k.lastHour, isNew: false }
            : { lastPage: null, lastHour: null, isNew: true },
        );
      }
    }
    const seen = new Set<string>();
    for (const e of events) {
      const at = e.occurredAt;
      const b = e.branch;
      if (visitorId) {
        const dayKey = at.toISOString().slice(0, 10);
        const day = days.get(dayKey) ?? { lastPage: null, lastHour: null, isNew: false };
        if (day.isNew && !seen.has(dayKey)) {
          seen.add(dayKey);
          delta.add('unique-visitors', at, b, '');
        }
        const hour = hourOf(at);
        if (!day.lastHour || day.lastHour.getTime() !== hour.getTime()) {
          delta.add('visitor-times', at, b, '');
          day.lastHour = hour;
        }
        if (e.type === 'pageview') {
          const page = pageOf(e);
          if (day.lastPage && day.lastPage !== page) delta.add('event-flow', at, b, `${day.lastPage} → ${page}`);
          day.lastPage = page;
        }
      }
      if (e.type === 'pageview') {
        delta.add('page-views', at, b, '');
        delta.add('pages', at, b, pageOf(e));
      } else if (e.type === 'device') {
        const w = text(e.data.screenWidth);
        const h = text(e.data.screenHeight);
        if (w && h) delta.add('resolutions', at, b, `${w}x${h}`);
        const dpr = text(e.data.pixelRatio);
        if (dpr) delta.add('device-pixel-ratios', at, b, dpr);
        const scheme = text(e.data.colorScheme);
        if (scheme) delta.add('color-schemes', at, b, scheme);
        // one device event per visit (the app's start): browsers, systems and referrers are counted per visit
        delta.add('browsers', at, b, browser ?? '');
        delta.add('operating-systems', at, b, os ?? '');
        delta.add('referrers', at, b, text(e.data.referrer) ?? '');
      } else {
        delta.add('events', at, b, e.action);
      }
    }
    if (visitorId && days.size) {
      const entries = [...days.entries()].filter(([, d]) => d.lastHour);
      await m.query(
        `INSERT INTO "statistics"."visitor_day" (day, "visitorId", "lastPage", "lastHour")
         SELECT d, $1, p, h FROM unnest($2::date[], $3::text[], $4::timestamptz[]) AS u(d, p, h)
         ON CONFLICT (day, "visitorId") DO UPDATE SET "lastPage" = EXCLUDED."lastPage", "lastHour" = EXCLUDED."lastHour"`,
        [visitorId, entries.map(([k]) => k), entries.map(([, d]) => d.lastPage), entries.map(([, d]) => d.lastHour)],
      );
    }
    await delta.write(m);
  }
}
