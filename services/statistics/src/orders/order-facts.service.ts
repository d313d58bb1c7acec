import { Injectable } from '@nestjs/common';
import type { OrderChangedEvent } from '@shop/contracts';
import { DataSource } from 'typeorm';
import { RollupDelta } from '../metrics/rollups.js';

/**
 * The order read model (order_fact, order_item_fact) and its rollups, from the order events: orders, revenue
 * (gross cents of orders not canceled), canceled-orders, items, popular-items, order-origins and
 * revenue-origins, each in the hour the order was placed. Idempotent: the created event inserts the fact once
 * (a redelivery finds it); an updated event applies only the difference between the fact and the event.
 */
@Injectable()
export class OrderFactsService {
  constructor(private readonly ds: DataSource) {}

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
      if (items.length)
        await m.query(
          `INSERT INTO "statistics"."order_item_fact" ("orderId", position, "productId", name, quantity, "grossCents")
           SELECT $1, p - 1, pid, n, q, g FROM unnest($2::int[], $3::text[], $4::numeric[], $5::bigint[])
             WITH ORDINALITY AS u(pid, n, q, g, p)`,
          [
            e.id,
            items.map((i) => i.productId),
            items.map((i) => i.name),
            items.map((i) => i.quantity),
            items.map((i) => i.grossCents),
          ],
        );
      const d = new RollupDelta();
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
    if (e.totalCents === undefined && e.canceled === undefined) return;
    await this.ds.transaction(async (m) => {
      const [fact] = (await m.query(
        `SELECT branch, origin, "createdAt", "totalCents"::bigint AS "totalCents", canceled
         FROM "statistics"."order_fact" WHERE id = $1 FOR UPDATE`,
        [e.id],
      )) as Array<{ branch: number; origin: string; createdAt: Date; totalCents: string; canceled: boolean }>;
      if (!fact) return; // an order placed before the read model existed
      const before = { total: Number(fact.totalCents), canceled: fact.canceled };
      const after = { total: e.totalCents ?? before.total, canceled: e.canceled ?? before.canceled };
      if (before.total === after.total && before.canceled === after.canceled) return;
      const d = new RollupDelta();
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
}
