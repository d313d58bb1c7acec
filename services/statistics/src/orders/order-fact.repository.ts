import { Injectable } from '@nestjs/common';
import type { OrderChangedEvent } from '@shop/contracts';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';

export type FactLine = NonNullable<OrderChangedEvent['items']>[number];

/** An order as order_fact keeps it. */
export interface NewFact {
  id: number;
  branch: number;
  origin: string;
  createdAt: string;
  totalCents: number;
  canceled: boolean;
}

export interface StoredFact {
  branch: number;
  origin: string;
  createdAt: Date;
  /** bigint, as text */
  totalCents: string;
  canceled: boolean;
}

const LINE: FactLine = { productId: 11, name: 'Pizza Margherita', quantity: 2, grossCents: 1800, unit: 'piece' };

/** A line as deleteLines answers it: quantity as text, in its unit (null: not recorded). */
export interface StoredLine {
  name: string;
  quantity: string;
  unit: string | null;
}

/** The order read model (order_fact, order_item_fact), written in the caller's transaction. */
@Injectable()
export class OrderFactRepository {
  constructor(private readonly ds: DataSource) {}

  /** Inserts the facts not kept yet (one statement) and answers the ids it inserted. */
  @GenerateSql({
    params: ({ manager }) => [
      manager,
      [
        {
          id: 1,
          branch: 1,
          origin: 'storefront',
          createdAt: '2026-03-02T10:17:00Z',
          totalCents: 1800,
          canceled: false,
        },
      ],
    ],
  })
  async insertFacts(m: EntityManager, facts: NewFact[]): Promise<number[]> {
    const inserted = (await m.query(
      `INSERT INTO "statistics"."order_fact" (id, branch, origin, "createdAt", "totalCents", canceled)
         SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::timestamptz[], $5::bigint[], $6::boolean[])
         ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        facts.map((e) => e.id),
        facts.map((e) => e.branch),
        facts.map((e) => e.origin),
        facts.map((e) => e.createdAt),
        facts.map((e) => e.totalCents),
        facts.map((e) => e.canceled),
      ],
    )) as Array<{ id: number }>;
    return inserted.map((r) => r.id);
  }

  /** The lines of several orders in one statement, each order's numbered from 0. */
  @GenerateSql({ params: ({ manager }) => [manager, [{ orderId: 1, items: [LINE] }]] })
  async insertLines(m: EntityManager, orders: Array<{ orderId: number; items: FactLine[] }>): Promise<void> {
    const lines = orders.flatMap(({ orderId, items }) => items.map((item, position) => ({ orderId, position, item })));
    if (!lines.length) return;
    await m.query(
      `INSERT INTO "statistics"."order_item_fact" ("orderId", position, "productId", name, quantity, "grossCents", unit)
     SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::numeric[], $6::bigint[], $7::text[])`,
      [
        lines.map((l) => l.orderId),
        lines.map((l) => l.position),
        lines.map((l) => l.item.productId),
        lines.map((l) => l.item.name),
        lines.map((l) => l.item.quantity),
        lines.map((l) => l.item.grossCents),
        lines.map((l) => l.item.unit ?? null),
      ],
    );
  }

  /** The fact of an order, row-locked; undefined for an order placed before the read model existed. */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  async lockFact(m: EntityManager, id: number): Promise<StoredFact | undefined> {
    const [fact] = (await m.query(
      `SELECT branch, origin, "createdAt", "totalCents"::bigint AS "totalCents", canceled
         FROM "statistics"."order_fact" WHERE id = $1 FOR UPDATE`,
      [id],
    )) as StoredFact[];
    return fact;
  }

  @GenerateSql({ params: ({ manager }) => [manager, 1, 1800, false] })
  async updateFact(m: EntityManager, id: number, totalCents: number, canceled: boolean): Promise<void> {
    await m.query(`UPDATE "statistics"."order_fact" SET "totalCents" = $2, canceled = $3 WHERE id = $1`, [
      id,
      totalCents,
      canceled,
    ]);
  }

  /** Deletes an order's lines and answers them (name, quantity as text, unit). */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  async deleteLines(m: EntityManager, orderId: number): Promise<StoredLine[]> {
    const old = (await m.query(
      `DELETE FROM "statistics"."order_item_fact" WHERE "orderId" = $1 RETURNING name, quantity::text AS quantity, unit`,
      [orderId],
    )) as [StoredLine[], number] | StoredLine[];
    // TypeORM answers a DELETE … RETURNING as [rows, count]
    return (Array.isArray(old[0]) ? old[0] : old) as StoredLine[];
  }
}
