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

type VisitorDay = { lastPage: string | null; lastHour: Date | null; branch: number; isNew: boolean };

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
      if (fresh.length) await this.rollUp(m, fresh, visitorId, days, ctx?.browser ?? null, ctx?.os ?? null);
      return fresh.length;
    });
  }

  /** The visitor's days these events fall on (UTC days: the visitor id rotates at UTC midnight), locked. */
  private async visitorDays(m: EntityManager, visitorId: string, events: StoredEvent[]) {
    const days = new Map<string, VisitorDay>();
    const keys = [...new Set(events.map((e) => utcDay(e.occurredAt)))].sort();
    const known = await this.events.lockVisitorDays(m, visitorId, keys);
    for (const day of keys) {
      const k = known.find((r) => r.day === day);
      days.set(
        day,
        k
          ? { lastPage: k.lastPage, lastHour: k.lastHour, branch: k.branch, isNew: false }
          : { lastPage: null, lastHour: null, branch: 0, isNew: true },
      );
    }
    return days;
  }

  /** The rollup increments of newly stored events (they share the batch's visitor id, browser and OS). */
  private async rollUp(
    m: EntityManager,
    events: StoredEvent[],
    visitorId: string | null,
    days: Map<string, VisitorDay>,
    browser: string | null,
    os: string | null,
  ): Promise<void> {
    const delta = new RollupDelta(this.config.SHOP_TIME_ZONE);
    // the visitor's day (read by store): seen before (unique-visitors), last page (event-flow), last hour
    // (visitor-times)
    const seen = new Set<string>();
    for (const e of events) {
      const at = e.occurredAt;
      const b = e.branch;
      if (visitorId) {
        const dayKey = utcDay(at);
        const day = days.get(dayKey) ?? { lastPage: null, lastHour: null, branch: 0, isNew: false };
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
      await this.events.saveVisitorDays(
        m,
        visitorId,
        entries.map(([day, d]) => ({ day, lastPage: d.lastPage, lastHour: d.lastHour, branch: d.branch })),
      );
    }
    await this.rollups.write(m, delta);
  }
}
