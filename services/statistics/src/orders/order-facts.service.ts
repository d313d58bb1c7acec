import { Inject, Injectable } from '@nestjs/common';
import type { OrderChangedEvent } from '@shop/contracts';
import { CONFIG } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { RollupDelta } from '../metrics/rollups.js';

type Line = NonNullable<OrderChangedEvent['items']>[number];

/**
 * The order read model (order_fact, order_item_fact) and its rollups, from the order events: orders, revenue
 * (gross cents of orders not canceled), canceled-orders, items, popular-items, order-origins and
 * revenue-origins, each in the hour the order was placed. Idempotent: the created event inserts the fact once
 * (a redelivery finds it); an updated event applies only the difference between the fact and the event. Staff
 * editing a line (`change: 'item-updated'`) publish the order's lines with the new total: the lines replace the
 * stored ones and items / popular-items change by the difference, revenue by the new total.
 */
@Injectable()
export class OrderFactsService {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: Pick<StatisticsConfig, 'SHOP_TIME_ZONE'>,
  ) {}

  async apply(e: OrderChangedEvent): Promise<void> {
    if (e.verb === 'created') await this.created(e);
    else await this.updated(e);
  }

  private async created(e: OrderChangedEvent): Promise<void> {
    // events published before issue 21 carry no figures: nothing to count
    if (e.totalCents === undefined || !e.createdAt) return;
    const createdAt = new Date(e.createdAt);
    const origin = e.origin ?? 'storefront';
    await this.ds.transaction(async (m) => {
      const inserted = (await m.query(
        `INSERT INTO "statistics"."order_fact" (id, branch, origin, "createdAt", "totalCents", canceled)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [e.id, e.branch, origin, createdAt, e.totalCents, e.canceled ?? false],
      )) as unknown[];
      if (!inserted.length) return;
      const items = e.items ?? [];
      await insertLines(m, e.id, items);
      const d = new RollupDelta(this.config.SHOP_TIME_ZONE);
      d.add('orders', createdAt, e.branch, '');
      d.add('order-origins', createdAt, e.branch, origin);
      if (e.canceled) d.add('canceled-orders', createdAt, e.branch, '');
      else {
        d.add('revenue', createdAt, e.branch, '', e.totalCents);
        d.add('revenue-origins', createdAt, e.branch, origin, e.totalCents);
      }
      for (const i of items) {
        d.add('items', createdAt, e.branch, '', i.quantity);
        d.add('popular-items', createdAt, e.branch, i.name, i.quantity);
      }
      await d.write(m);
    });
  }

  private async updated(e: OrderChangedEvent): Promise<void> {
    if (e.totalCents === undefined && e.canceled === undefined && !e.items) return;
    await this.ds.transaction(async (m) => {
      const [fact] = (await m.query(
        `SELECT branch, origin, "createdAt", "totalCents"::bigint AS "totalCents", canceled
         FROM "statistics"."order_fact" WHERE id = $1 FOR UPDATE`,
        [e.id],
      )) as Array<{ branch: number; origin: string; createdAt: Date; totalCents: string; canceled: boolean }>;
      if (!fact) return; // an order placed before the read model existed
      const before = { total: Number(fact.totalCents), canceled: fact.canceled };
      const after = { total: e.totalCents ?? before.total, canceled: e.canceled ?? before.canceled };
      const d = new RollupDelta(this.config.SHOP_TIME_ZONE);
      if (e.items) await this.replaceLines(m, e.id, e.items, fact, d);
      if (before.total === after.total && before.canceled === after.canceled) return d.write(m);
      const revenue = (s: typeof before) => (s.canceled ? 0 : s.total);
      const diff = revenue(after) - revenue(before);
      d.add('revenue', fact.createdAt, fact.branch, '', diff);
      d.add('revenue-origins', fact.createdAt, fact.branch, fact.origin, diff);
      if (before.canceled !== after.canceled)
        d.add('canceled-orders', fact.createdAt, fact.branch, '', after.canceled ? 1 : -1);
      await m.query(`UPDATE "statistics"."order_fact" SET "totalCents" = $2, canceled = $3 WHERE id = $1`, [
        e.id,
        after.total,
        after.canceled,
      ]);
      await d.write(m);
    });
  }

  /** The order's lines as they are now; the item rollups change by the quantities that differ (per name). */
  private async replaceLines(
    m: EntityManager,
    orderId: number,
    lines: Line[],
    fact: { branch: number; createdAt: Date },
    d: RollupDelta,
  ): Promise<void> {
    const old = (await m.query(
      `DELETE FROM "statistics"."order_item_fact" WHERE "orderId" = $1 RETURNING name, quantity::text AS quantity`,
      [orderId],
    )) as [Array<{ name: string; quantity: string }>, number] | Array<{ name: string; quantity: string }>;
    // TypeORM answers a DELETE … RETURNING as [rows, count]
    const removed = (Array.isArray(old[0]) ? old[0] : old) as Array<{ name: string; quantity: string }>;
    const change = new Map<string, number>();
    for (const r of removed) change.set(r.name, (change.get(r.name) ?? 0) - Number(r.quantity));
    for (const l of lines) change.set(l.name, (change.get(l.name) ?? 0) + l.quantity);
    await insertLines(m, orderId, lines);
    for (const [name, q] of [...change].sort(([a], [b]) => a.localeCompare(b))) {
      // quantities have at most three decimals: rounded so 0.1 + 0.2 - 0.3 is 0
      const diff = Math.round(q * 1000) / 1000;
      d.add('items', fact.createdAt, fact.branch, '', diff);
      d.add('popular-items', fact.createdAt, fact.branch, name, diff);
    }
  }
}

function insertLines(m: Pick<EntityManager, 'query'>, orderId: number, items: Line[]): Promise<unknown> {
  if (!items.length) return Promise.resolve();
  return m.query(
    `INSERT INTO "statistics"."order_item_fact" ("orderId", position, "productId", name, quantity, "grossCents")
     SELECT $1, p - 1, pid, n, q, g FROM unnest($2::int[], $3::text[], $4::numeric[], $5::bigint[])
       WITH ORDINALITY AS u(pid, n, q, g, p)`,
    [
      orderId,
      items.map((i) => i.productId),
      items.map((i) => i.name),
      items.map((i) => i.quantity),
      items.map((i) => i.grossCents),
    ],
  );
}
