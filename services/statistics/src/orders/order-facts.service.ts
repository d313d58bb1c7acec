import { Inject, Injectable } from '@nestjs/common';
import type { OrderChangedEvent, StatisticsQuantityUnit } from '@shop/contracts';
import { CONFIG } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import type { StatisticsConfig } from '../config/statistics-config.js';
import { RollupRepository } from '../metrics/rollup.repository.js';
import { RollupDelta } from '../metrics/rollups.js';
import { OrderFactRepository, type FactLine } from './order-fact.repository.js';
import { itemKey, quantityOf } from './quantity-units.js';

/**
 * The order read model (order_fact, order_item_fact) and its rollups, from the order events: orders, revenue
 * (gross cents of orders not canceled), canceled-orders, items, popular-items (per unit: quantity-units.ts),
 * order-origins and revenue-origins, each in the hour the order was placed. Idempotent: the created event inserts the fact once
 * (a redelivery finds it); an updated event applies only the difference between the fact and the event. Staff
 * editing a line (`change: 'item-updated'`) publish the order's lines with the new total: the lines replace the
 * stored ones and items / popular-items change by the difference, revenue by the new total.
 */
@Injectable()
export class OrderFactsService {
  constructor(
    private readonly ds: DataSource,
    private readonly facts: OrderFactRepository,
    private readonly rollups: RollupRepository,
    @Inject(CONFIG) private readonly config: Pick<StatisticsConfig, 'SHOP_TIME_ZONE'>,
  ) {}

  async apply(e: OrderChangedEvent): Promise<void> {
    if (e.verb === 'created') await this.created([e]);
    else await this.updated(e);
  }

  /**
   * Several events in their order, as the consumer hands them over under load (issue 22: one transaction per
   * created event cost as much CPU per order as Postgres): each run of created events is one transaction of one
   * statement per table, an updated event is applied on its own after the events before it.
   */
  async applyAll(events: OrderChangedEvent[]): Promise<void> {
    let created: OrderChangedEvent[] = [];
    for (const e of events) {
      if (e.verb === 'created') {
        created.push(e);
        continue;
      }
      if (created.length) await this.created(created);
      created = [];
      await this.updated(e);
    }
    if (created.length) await this.created(created);
  }

  private async created(events: OrderChangedEvent[]): Promise<void> {
    const facts = new Map<number, OrderChangedEvent & { totalCents: number; createdAt: string }>();
    // events published before issue 21 carry no figures: nothing to count; a redelivery within the batch once
    for (const e of events)
      if (e.totalCents !== undefined && e.createdAt && !facts.has(e.id))
        facts.set(e.id, { ...e, totalCents: e.totalCents, createdAt: e.createdAt });
    if (!facts.size) return;
    const all = [...facts.values()];
    await this.ds.transaction(async (m) => {
      const inserted = await this.facts.insertFacts(
        m,
        all.map((e) => ({ ...e, origin: e.origin ?? 'storefront', canceled: e.canceled ?? false })),
      );
      if (!inserted.length) return;
      const taken = inserted.map((id) => facts.get(id)).filter((e) => e !== undefined);
      await this.facts.insertLines(
        m,
        taken.map((e) => ({ orderId: e.id, items: e.items ?? [] })),
      );
      const d = new RollupDelta(this.config.SHOP_TIME_ZONE);
      for (const e of taken) {
        const createdAt = new Date(e.createdAt);
        const origin = e.origin ?? 'storefront';
        d.add('orders', createdAt, e.branch, '');
        d.add('order-origins', createdAt, e.branch, origin);
        if (e.canceled) d.add('canceled-orders', createdAt, e.branch, '');
        else {
          d.add('revenue', createdAt, e.branch, '', e.totalCents);
          d.add('revenue-origins', createdAt, e.branch, origin, e.totalCents);
        }
        for (const i of e.items ?? []) {
          const q = quantityOf(i.unit, i.quantity);
          d.add('items', createdAt, e.branch, q.unit, q.value);
          d.add('popular-items', createdAt, e.branch, itemKey(q.unit, i.name), q.value);
        }
      }
      await this.rollups.write(m, d);
    });
  }

  private async updated(e: OrderChangedEvent): Promise<void> {
    if (e.totalCents === undefined && e.canceled === undefined && !e.items) return;
    await this.ds.transaction(async (m) => {
      const fact = await this.facts.lockFact(m, e.id);
      if (!fact) return; // an order placed before the read model existed
      const before = { total: Number(fact.totalCents), canceled: fact.canceled };
      const after = { total: e.totalCents ?? before.total, canceled: e.canceled ?? before.canceled };
      const d = new RollupDelta(this.config.SHOP_TIME_ZONE);
      if (e.items) await this.replaceLines(m, e.id, e.items, fact, d);
      if (before.total === after.total && before.canceled === after.canceled) return this.rollups.write(m, d);
      const revenue = (s: typeof before) => (s.canceled ? 0 : s.total);
      const diff = revenue(after) - revenue(before);
      d.add('revenue', fact.createdAt, fact.branch, '', diff);
      d.add('revenue-origins', fact.createdAt, fact.branch, fact.origin, diff);
      if (before.canceled !== after.canceled)
        d.add('canceled-orders', fact.createdAt, fact.branch, '', after.canceled ? 1 : -1);
      await this.facts.updateFact(m, e.id, after.total, after.canceled);
      await this.rollups.write(m, d);
    });
  }

  /**
   * The order's lines as they are now; the item rollups change by the quantities that differ (per name and unit:
   * a line changed from 250 g to 2 pieces takes back 250 grams and adds 2 pieces).
   */
  private async replaceLines(
    m: EntityManager,
    orderId: number,
    lines: FactLine[],
    fact: { branch: number; createdAt: Date },
    d: RollupDelta,
  ): Promise<void> {
    const removed = await this.facts.deleteLines(m, orderId);
    const change = new Map<string, { unit: StatisticsQuantityUnit; value: number }>();
    const count = (name: string, unit: string | null | undefined, quantity: number, sign: 1 | -1) => {
      const q = quantityOf(unit, quantity);
      const key = itemKey(q.unit, name);
      change.set(key, { unit: q.unit, value: (change.get(key)?.value ?? 0) + sign * q.value });
    };
    for (const r of removed) count(r.name, r.unit, Number(r.quantity), -1);
    for (const l of lines) count(l.name, l.unit, l.quantity, 1);
    await this.facts.insertLines(m, [{ orderId, items: lines }]);
    for (const [key, q] of [...change].sort(([a], [b]) => a.localeCompare(b))) {
      // quantities have at most three decimals: rounded so 0.1 + 0.2 - 0.3 is 0
      const diff = Math.round(q.value * 1000) / 1000;
      d.add('items', fact.createdAt, fact.branch, q.unit, diff);
      d.add('popular-items', fact.createdAt, fact.branch, key, diff);
    }
  }
}
