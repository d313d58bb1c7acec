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

/** Everything the order's one statement writes, by name (mapped onto its positional parameters in insertValues). */
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
  idempotencyTtlHours: number;
}

/** The stored first answer of an Idempotency-Key, with its order's ticket number. */
export type FirstAnswer = Pick<IdempotencyKeyEntity, 'requestHash' | 'status' | 'response' | 'createdAt'> & {
  ticketNumber: number | null;
};

/** The statement's parameters in order: $1 … $20 of INSERT_ORDER. */
function insertValues(p: OrderInsert): unknown[] {
  return [
    p.id, // $1
    p.branchId, // $2
    p.uid, // $3
    p.hash, // $4
    p.isDelivery, // $5
    p.isDineIn, // $6
    p.tableIdentifier, // $7
    p.paymentMethod, // $8
    p.appointment, // $9
    JSON.stringify(p.customer), // $10
    p.donateeId, // $11
    p.deliveryArea, // $12
    JSON.stringify(p.pricing), // $13
    p.totalGross, // $14
    JSON.stringify(p.lines), // $15
    JSON.stringify(p.outbox), // $16
    p.idempotencyKey, // $17
    p.requestHash, // $18
    JSON.stringify(p.answer), // $19
    p.idempotencyTtlHours, // $20
  ];
}

// With a key, the statement first takes the key's advisory lock for its own transaction (another request writing
// the same key right now: not locked) and claims the key; a key already taken (and not older than the replay
// window) writes nothing, and its first answer is looked up afterwards. Every insert hangs on the claim.
const INSERT_ORDER = `WITH lock AS (
         SELECT $17::text IS NULL OR pg_try_advisory_xact_lock(hashtextextended($17, 42)) AS ok
       ), claim AS (
         INSERT INTO "order"."idempotency_key" ("key", "requestHash", status, response)
         SELECT $17, $18, 201, $19::jsonb FROM lock WHERE ok AND $17::text IS NOT NULL
         -- a key older than the replay window is taken over
         ON CONFLICT ("key") DO UPDATE SET "requestHash" = EXCLUDED."requestHash", status = EXCLUDED.status,
           response = EXCLUDED.response, "createdAt" = now()
           WHERE "idempotency_key"."createdAt" < now() - make_interval(hours => $20)
         RETURNING 1
       ), go AS (
         SELECT 1 FROM claim UNION ALL SELECT 1 FROM lock WHERE ok AND $17::text IS NULL
       ), counter AS (
         INSERT INTO "order"."ticket_counter" ("branchId", "last") SELECT $2, 1 FROM go
         ON CONFLICT ("branchId") DO UPDATE SET "last" = "ticket_counter"."last" + 1 RETURNING "last"
       ), placed AS (
         INSERT INTO "order"."order" (id, uid, hash, "branchId", "ticketNumber", "isDelivery", "isDineIn", "tableIdentifier",
           "paymentMethod", "appointmentDate", appointment, customer, "donateeId", "deliveryArea", pricing, "totalGross")
         SELECT $1, $3, $4, $2, counter."last", $5, $6, $7, $8, $9, $9, $10::jsonb, $11, $12, $13::jsonb, $14 FROM counter
         RETURNING "ticketNumber"
       ), lines AS (
         INSERT INTO "order"."order_item" ("orderId", position, "productId", name, amount, unit, parts, gross, "taxRate")
         SELECT $1, l.position, l."productId", l.name, l.amount, l.unit, l.parts, l.gross, l."taxRate"
         FROM json_to_recordset($15::json) AS l(position int, "productId" int, name text, amount numeric, unit text, parts json, gross numeric, "taxRate" numeric), placed
       ), events AS (
         INSERT INTO "order"."outbox" (subject, payload, headers)
         SELECT e.subject, CASE WHEN e.subject LIKE 'job.%'
                  THEN jsonb_set(e.payload, '{data,snapshot,order,ticketNumber}', to_jsonb(placed."ticketNumber")) ELSE e.payload END,
                e.headers
         FROM json_to_recordset($16::json) AS e(subject text, payload jsonb, headers jsonb), placed
       )
       SELECT lock.ok AS locked, placed."ticketNumber" AS ticket FROM lock LEFT JOIN placed ON true`;

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
  idempotencyTtlHours: 24,
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
   * The order in one autocommit statement: the branch's ticket counter, the order, its lines, its event and job
   * rows, and the idempotency record with the finished answer. One statement keeps the branch's counter row locked
   * only for that statement and the commit (every order of the branch waits for it), and saves the round trips an
   * ORM would make; the column names are those of OrderEntity, OrderItemEntity and OutboxEntity. `locked` false:
   * another request is writing the same key now; `ticket` null: nothing written (the key was taken before).
   */
  @GenerateSql({ params: ({ runner }) => [runner, EXAMPLE] })
  async insert(runner: QueryRunner, order: OrderInsert): Promise<{ locked: boolean; ticket: number | null }> {
    const [row] = await queryPrepared<{ locked: boolean; ticket: number | null }>(
      runner,
      'order-create-insert',
      INSERT_ORDER,
      insertValues(order),
    );
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the statement answers one row (FROM lock)
    return row!;
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
