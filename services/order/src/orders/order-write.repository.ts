import { Injectable } from '@nestjs/common';
import type { PublicOrder } from '@shop/contracts';
import { GenerateSql, queryPrepared } from '@shop/server';
import { DataSource, type QueryRunner } from 'typeorm';
import type { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import type { Customer } from './order.entity.js';

/** The sequence of "order"."order".id (a serial column: the name Postgres gives it). */
const ORDER_ID_SEQUENCE = '"order"."order_id_seq"';

/** A line as the statement writes it into "order"."order_item". */
export interface OrderLineRow {
  position: number;
  productId: number;
  name: string;
  amount: number;
  unit: string;
  parts: unknown;
  gross: number;
  taxRate: number;
}

/** An outbox row of the new order: its event, and its jobs (whose snapshot gets the ticket number). */
export interface OrderOutboxRow {
  subject: string;
  payload: unknown;
  headers: Record<string, string>;
}

/** Everything a new order's write stores, by name (one element of the batch statement's JSON array). */
export interface OrderInsert {
  id: number;
  branchId: number;
  uid: string;
  hash: string;
  isDelivery: boolean;
  isDineIn: boolean;
  tableIdentifier: string | null;
  paymentMethod: string;
  /** written as appointmentDate and appointment (the time in force until a counter-proposal is accepted) */
  appointment: Date | null;
  customer: Customer;
  donateeId: number | null;
  deliveryArea: string | null;
  pricing: unknown;
  totalGross: number;
  lines: OrderLineRow[];
  outbox: OrderOutboxRow[];
  /** null: no Idempotency-Key, nothing to claim */
  idempotencyKey: string | null;
  requestHash: string;
  /** the answer a replay of the key gets (its ticket number is the order's) */
  answer: PublicOrder;
}

/** What the statement did with one order: `locked` false, another request writes its key now; `ticket` null, nothing written. */
export interface OrderWritten {
  locked: boolean;
  ticket: number | null;
}

/** The stored first answer of an Idempotency-Key, with its order's ticket number. */
export type FirstAnswer = Pick<IdempotencyKeyEntity, 'requestHash' | 'status' | 'response' | 'createdAt'> & {
  ticketNumber: number | null;
};

// Several orders in one statement (issue 45, group commit); $1 is the batch as a JSON array (each order's position
// `i` added), $2 the replay window in hours. Per order with a key, the statement takes the key's advisory lock for
// its own transaction (another request writing the same key right now: not locked) and claims the key; a key
// already taken (and not older than the replay window) writes nothing, and its first answer is looked up
// afterwards. The orders that go ahead draw their tickets per branch at once: each branch's counter rises by its
// number of orders (rows locked in branch order, so concurrent batches cannot deadlock), and the orders get the
// numbers below it in batch order. Every insert hangs on those tickets. The batch's keys are distinct
// (OrderGroupCommit): ON CONFLICT may not touch one row twice in a statement.
const INSERT_ORDERS = `WITH input AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS o(i int, id int, "branchId" int, uid text, hash text,
           "isDelivery" boolean, "isDineIn" boolean, "tableIdentifier" text, "paymentMethod" text, appointment timestamptz,
           customer jsonb, "donateeId" int, "deliveryArea" text, pricing jsonb, "totalGross" numeric, lines jsonb,
           outbox jsonb, "idempotencyKey" text, "requestHash" text, answer jsonb)
       ), lock AS (
         SELECT i, "idempotencyKey" IS NULL OR pg_try_advisory_xact_lock(hashtextextended("idempotencyKey", 42)) AS ok
         FROM input
       ), claim AS (
         INSERT INTO "order"."idempotency_key" ("key", "requestHash", status, response)
         SELECT o."idempotencyKey", o."requestHash", 201, o.answer FROM input o JOIN lock USING (i)
         WHERE lock.ok AND o."idempotencyKey" IS NOT NULL
         -- a key older than the replay window is taken over
         ON CONFLICT ("key") DO UPDATE SET "requestHash" = EXCLUDED."requestHash", status = EXCLUDED.status,
           response = EXCLUDED.response, "createdAt" = now()
           WHERE "idempotency_key"."createdAt" < now() - make_interval(hours => $2)
         RETURNING "key"
       ), go AS (
         SELECT o.*, row_number() OVER (PARTITION BY o."branchId" ORDER BY o.i) AS nth,
                count(*) OVER (PARTITION BY o."branchId") AS n
         FROM input o JOIN lock USING (i)
         WHERE lock.ok AND (o."idempotencyKey" IS NULL OR o."idempotencyKey" IN (SELECT "key" FROM claim))
       ), counter AS (
         INSERT INTO "order"."ticket_counter" ("branchId", "last")
         SELECT "branchId", count(*) FROM go GROUP BY "branchId" ORDER BY "branchId"
         ON CONFLICT ("branchId") DO UPDATE SET "last" = "ticket_counter"."last" + EXCLUDED."last"
         RETURNING "branchId", "last"
       ), ticketed AS (
         SELECT go.*, (counter."last" - go.n + go.nth)::int AS ticket FROM go JOIN counter USING ("branchId")
       ), placed AS (
         INSERT INTO "order"."order" (id, uid, hash, "branchId", "ticketNumber", "isDelivery", "isDineIn", "tableIdentifier",
           "paymentMethod", "appointmentDate", appointment, customer, "donateeId", "deliveryArea", pricing, "totalGross")
         SELECT id, uid, hash, "branchId", ticket, "isDelivery", "isDineIn", "tableIdentifier", "paymentMethod",
           appointment, appointment, customer, "donateeId", "deliveryArea", pricing, "totalGross"
         FROM ticketed ORDER BY i
       ), lines AS (
         INSERT INTO "order"."order_item" ("orderId", position, "productId", name, amount, unit, parts, gross, "taxRate")
         SELECT t.id, l.position, l."productId", l.name, l.amount, l.unit, l.parts, l.gross, l."taxRate"
         FROM ticketed t, jsonb_to_recordset(t.lines) AS l(position int, "productId" int, name text, amount numeric, unit text,
           parts json, gross numeric, "taxRate" numeric)
       ), events AS (
         INSERT INTO "order"."outbox" (subject, payload, headers)
         SELECT e.subject, CASE WHEN e.subject LIKE 'job.%'
                  THEN jsonb_set(e.payload, '{data,snapshot,order,ticketNumber}', to_jsonb(t.ticket)) ELSE e.payload END,
                e.headers
         FROM ticketed t,
           ROWS FROM (jsonb_to_recordset(t.outbox) AS (subject text, payload jsonb, headers jsonb)) WITH ORDINALITY
             AS e(subject, payload, headers, nr)
         ORDER BY t.i, e.nr
       )
       SELECT lock.i, lock.ok AS locked, ticketed.ticket FROM lock LEFT JOIN ticketed USING (i)`;

/** The example order of the snapshot (rolled back): one line, one event, a key. */
const EXAMPLE: OrderInsert = {
  id: 1,
  branchId: 1,
  uid: 'uid',
  hash: 'hash',
  isDelivery: false,
  isDineIn: false,
  tableIdentifier: null,
  paymentMethod: 'cash',
  appointment: null,
  customer: {} as Customer,
  donateeId: null,
  deliveryArea: null,
  pricing: {},
  totalGross: 9.5,
  lines: [{ position: 0, productId: 1, name: 'Pizza', amount: 1, unit: 'piece', parts: {}, gross: 9.5, taxRate: 7 }],
  outbox: [{ subject: 'order.order.created', payload: {}, headers: {} }],
  idempotencyKey: 'key',
  requestHash: 'hash',
  answer: {} as PublicOrder,
};

/**
 * The order write (CreateOrder): its statements run as named prepared statements on the caller's connection, so
 * Postgres plans each once per pooled connection instead of once per order (issue 22), and one connection serves
 * an order's ids, its write and its replay.
 */
@Injectable()
export class OrderWriteRepository {
  constructor(private readonly ds: DataSource) {}

  /** `count` new order ids from the sequence, in one round trip. */
  @GenerateSql({ params: ({ runner }) => [runner, 50] })
  async nextIds(runner: QueryRunner, count: number): Promise<number[]> {
    const rows = await queryPrepared<{ id: number }>(
      runner,
      'order-create-ids',
      `SELECT nextval('${ORDER_ID_SEQUENCE}')::int AS id FROM generate_series(1, $1)`,
      [count],
    );
    return rows.map((r) => r.id);
  }

  /**
   * Orders in one autocommit statement and one commit (OrderGroupCommit gathers them): per order its ticket, the
   * order, its lines, its event and job rows, and the idempotency record with the finished answer. One statement
   * keeps the branches' counter rows locked only for that statement and the commit (every order of a branch waits
   * for them), and saves the round trips an ORM would make; the column names are those of OrderEntity,
   * OrderItemEntity and OutboxEntity. Answers per order, in the batch's order.
   */
  @GenerateSql({ params: ({ runner }) => [runner, [EXAMPLE], 24] })
  async insertMany(runner: QueryRunner, orders: OrderInsert[], idempotencyTtlHours: number): Promise<OrderWritten[]> {
    const rows = await queryPrepared<OrderWritten & { i: number }>(runner, 'order-create-insert-many', INSERT_ORDERS, [
      JSON.stringify(orders.map((order, i) => ({ ...order, i }))),
      idempotencyTtlHours,
    ]);
    const written: OrderWritten[] = [];
    for (const { i, locked, ticket } of rows) written[i] = { locked, ticket };
    return written;
  }

  /** The first answer stored for an Idempotency-Key, with the ticket number its order got; undefined for a new key. */
  @GenerateSql({ params: ({ runner }) => [runner, 'key'] })
  async firstAnswer(runner: QueryRunner, key: string): Promise<FirstAnswer | undefined> {
    // plain SQL: the query builder's work for a one-row look-up by primary key was a visible share of the profile
    const [row] = await queryPrepared<FirstAnswer>(
      runner,
      'order-create-replay',
      `SELECT k."requestHash", k.status, k.response, k."createdAt", o."ticketNumber"
         FROM "order"."idempotency_key" k LEFT JOIN "order"."order" o ON o.id = (k.response->>'id')::int
        WHERE k."key" = $1`,
      [key],
    );
    return row;
  }

  /** One connection for an order's statements, released however the work ends. */
  async onOneConnection<T>(work: (runner: QueryRunner) => Promise<T>): Promise<T> {
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    try {
      return await work(runner);
    } finally {
      await runner.release();
    }
  }
}
