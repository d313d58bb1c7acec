import { Inject, Injectable } from '@nestjs/common';
import { AnalyticsEvent, type AnalyticsReceivedEvent } from '@shop/contracts';
import { CONFIG, LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { RollupRepository } from '../metrics/rollup.repository.js';
import { hourOf, RollupDelta } from '../metrics/rollups.js';
import type { StatisticsConfig } from '../config/statistics-config.js';
import type { AnalyticsEventEntity } from './analytics-event.entity.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { BranchDirectory, storeIdentifierOf } from './branch-directory.js';

type StoredEvent = Pick<AnalyticsEventEntity, 'type' | 'action' | 'data' | 'occurredAt' | 'branch' | 'page'>;

const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null);

/** The page of a page view: its path (data.path, else the action the storefront sets to the path). */
export const pageOf = (e: Pick<StoredEvent, 'type' | 'action' | 'data'>): string => text(e.data.path) ?? e.action;

/**
 * The branch an event counts for (the visits of the heatmap per branch), in this order:
 * 1. `data.branch`: a branch id, or a branch identifier (the storefront names the branch so in add-to-cart,
 *    checkout start and order placed);
 * 2. the page: the event's `data.path` (page views), else the page the browser was on when it sent the batch
 *    (the gateway's context), if it is a branch page `/store/{identifier}…` (also below `/self-service`);
 * 3. the branch of the visitor's latest event that day that had one (visitor_day.branch), so the checkout error,
 *    the contact page or the home page after a store still count for that store;
 * 4. else 0: the whole shop (a visitor who has not chosen a store yet).
 */
export function ownBranchOf(
  e: Pick<AnalyticsEvent, 'data'>,
  contextPage: string | null,
  ids: ReadonlyMap<string, number>,
): number {
  const b = e.data.branch;
  if (typeof b === 'number' && Number.isInteger(b) && b > 0) return b;
  if (typeof b === 'string' && ids.has(b)) return ids.get(b) as number;
  const path = typeof e.data.path === 'string' ? e.data.path : contextPage;
  const identifier = storeIdentifierOf(path);
  return identifier ? (ids.get(identifier) ?? 0) : 0;
}

/** The identifiers a batch names (data.branch as text, branch pages), to resolve before it is stored. */
function identifiersOf(events: AnalyticsEvent[], contextPage: string | null): string[] {
  const out = new Set<string>();
  const page = storeIdentifierOf(contextPage);
  if (page) out.add(page);
  for (const e of events) {
    if (typeof e.data.branch === 'string') out.add(e.data.branch);
    const p = typeof e.data.path === 'string' ? storeIdentifierOf(e.data.path) : null;
    if (p) out.add(p);
  }
  return [...out];
}

type VisitorDay = {
  lastPage: string | null;
  lastHour: Date | null;
  lastAt: Date | null;
  branch: number;
  isNew: boolean;
  /** its visitor metrics are counted again from all its events (a late batch: see rollUp) */
  recount: boolean;
};

/** What the visitor metrics count of one visitor's day, in the order of its events (time, then arrival). */
interface VisitorCount {
  metric: 'unique-visitors' | 'visitor-times' | 'event-flow';
  at: Date;
  branch: number;
  key: string;
}

/**
 * The visitor metrics of one visitor's UTC day from its events in order: the visitor at the first event
 * (unique-visitors), each hour at its first event (visitor-times), each step from one page to another at the page
 * reached (event-flow). What the rollups hold for a day whose events arrived in order, and what replaces it when a
 * late batch puts an event between them.
 */
function visitorCounts(events: Array<Pick<StoredEvent, 'type' | 'action' | 'data' | 'occurredAt' | 'branch'>>) {
  const counts: VisitorCount[] = [];
  let lastHour = -1;
  let lastPage: string | null = null;
  for (const e of events) {
    const at = e.occurredAt;
    if (!counts.length) counts.push({ metric: 'unique-visitors', at, branch: e.branch, key: '' });
    const hour = hourOf(at).getTime();
    if (hour !== lastHour) counts.push({ metric: 'visitor-times', at, branch: e.branch, key: '' });
    lastHour = hour;
    if (e.type === 'pageview') {
      const page = pageOf(e);
      if (lastPage && lastPage !== page)
        counts.push({ metric: 'event-flow', at, branch: e.branch, key: `${lastPage} → ${page}` });
      lastPage = page;
    }
  }
  const last = events[events.length - 1];
  return { counts, lastPage, lastAt: last?.occurredAt ?? null, lastHour: last ? hourOf(last.occurredAt) : null };
}

/**
 * Stores the analytics batches (the gateway validated and enriched them; checked again at this boundary) and
 * maintains the rollups of the visitor metrics in the same transaction.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly ds: DataSource,
    private readonly events: AnalyticsRepository,
    private readonly branches: BranchDirectory,
    private readonly rollups: RollupRepository,
    @Inject(CONFIG) private readonly config: StatisticsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Idempotent per batch: a redelivered batch finds its rows, adds nothing and counts nothing. */
  async store(batch: AnalyticsReceivedEvent): Promise<number> {
    const receivedAt = new Date(batch.receivedAt);
    const ctx = batch.context;
    const parsedEvents = batch.events.flatMap((raw, position) => {
      const parsed = AnalyticsEvent.safeParse(raw);
      if (!parsed.success) {
        // redelivering cannot make it valid: drop it, visibly
        this.logger.warn({ batchId: batch.batchId, position }, 'invalid analytics event dropped');
        return [];
      }
      return [{ e: parsed.data, position }];
    });
    if (!parsedEvents.length) return 0;
    const contextPage = ctx?.page ?? null;
    const ids = await this.branches.resolve(
      identifiersOf(
        parsedEvents.map((x) => x.e),
        contextPage,
      ),
    );
    const rows = parsedEvents
      .map(({ e, position }) => ({
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
        page: contextPage,
        browser: ctx?.browser ?? null,
        os: ctx?.os ?? null,
        branch: ownBranchOf(e, contextPage, ids),
      }))
      .sort((a, b) => +a.occurredAt - +b.occurredAt || a.position - b.position);
    const visitorId = ctx?.visitorId ?? null;
    return this.ds.transaction(async (m) => {
      const days = visitorId ? await this.visitorDays(m, visitorId, rows) : new Map<string, VisitorDay>();
      // rule 3: an event without a branch of its own counts for the visitor's branch of the day so far
      for (const r of rows) {
        const day = days.get(utcDay(r.occurredAt));
        if (!day) continue;
        if (r.branch) day.branch = r.branch;
        else r.branch = day.branch;
      }
      const inserted = await this.events.insertEvents(m, rows);
      const fresh = rows.filter((r) => inserted.has(r.position));
      if (fresh.length)
        await this.rollUp(m, fresh, visitorId, days, ctx?.browser ?? null, ctx?.os ?? null, {
          batchId: batch.batchId,
          positions: inserted,
        });
      return fresh.length;
    });
  }

  /**
   * The visitor's days these events fall on (UTC days: the visitor id rotates at UTC midnight), locked; whether a
   * day is counted again (`recount`): it has an event of this batch before its latest one (the visitor metrics
   * count in the order of time, and the rows kept by the last events hold only the day's end), or its events are
   * stored and its row is not (pruned: a batch a day or more late).
   */
  private async visitorDays(m: EntityManager, visitorId: string, events: StoredEvent[]) {
    const days = new Map<string, VisitorDay>();
    const keys = [...new Set(events.map((e) => utcDay(e.occurredAt)))].sort();
    const locked = await this.events.lockVisitorDays(m, visitorId, keys);
    for (const day of keys) {
      const k = locked.find((r) => r.day === day);
      // the day's first event of this batch (events are in order)
      const first = events.find((e) => utcDay(e.occurredAt) === day) as StoredEvent;
      // kept before issue 41 without lastAt: its last hour is the latest known
      const last = k?.lastAt ?? k?.lastHour ?? null;
      days.set(
        day,
        k?.known
          ? {
              lastPage: k.lastPage,
              lastHour: k.lastHour,
              lastAt: k.lastAt,
              branch: k.branch,
              isNew: false,
              recount: last !== null && first.occurredAt < last,
            }
          : {
              lastPage: null,
              lastHour: null,
              lastAt: null,
              branch: 0,
              isNew: true,
              recount: !!k?.stored,
            },
      );
    }
    return days;
  }

  /**
   * The rollup increments of newly stored events (they share the batch's visitor id, browser and OS). The visitor
   * metrics of a day whose events arrive in order follow from its row (seen, last hour, last page); a day with a
   * late event (`recount`) is counted again from all its stored events: what its events counted without this
   * batch's is taken back, what they all count is added (visitorCounts), so each figure is what the events in the
   * order of time count, however they arrived.
   */
  private async rollUp(
    m: EntityManager,
    events: StoredEvent[],
    visitorId: string | null,
    days: Map<string, VisitorDay>,
    browser: string | null,
    os: string | null,
    batch: { batchId: string; positions: Set<number> },
  ): Promise<void> {
    const delta = new RollupDelta(this.config.SHOP_TIME_ZONE);
    // the visitor's day (read by store): seen before (unique-visitors), last page (event-flow), last hour
    // (visitor-times)
    const seen = new Set<string>();
    for (const e of events) {
      const at = e.occurredAt;
      const b = e.branch;
      const dayKey = utcDay(at);
      const day = visitorId ? days.get(dayKey) : undefined;
      if (day && !day.recount) {
        day.lastAt = at;
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
    if (visitorId)
      for (const [dayKey, day] of days) {
        if (!day.recount) continue;
        const all = await this.events.visitorDayEvents(m, visitorId, dayKey);
        const isFresh = (e: { batchId: string; position: number }) =>
          e.batchId === batch.batchId && batch.positions.has(e.position);
        for (const c of visitorCounts(all.filter((e) => !isFresh(e))).counts)
          delta.add(c.metric, c.at, c.branch, c.key, -1);
        const now = visitorCounts(all);
        for (const c of now.counts) delta.add(c.metric, c.at, c.branch, c.key);
        Object.assign(day, { lastPage: now.lastPage, lastHour: now.lastHour, lastAt: now.lastAt });
      }
    if (visitorId && days.size) {
      const entries = [...days.entries()].filter(([, d]) => d.lastHour);
      await this.events.saveVisitorDays(
        m,
        visitorId,
        entries.map(([day, d]) => ({
          day,
          lastPage: d.lastPage,
          lastHour: d.lastHour,
          lastAt: d.lastAt,
          branch: d.branch,
        })),
      );
    }
    await this.rollups.write(m, delta);
  }
}
