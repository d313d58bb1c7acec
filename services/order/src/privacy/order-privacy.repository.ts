import { Injectable } from '@nestjs/common';
import type { JobItem } from '@shop/contracts';
import { GenerateSql, JOB_OUTBOX_PREFIX, OutboxEntity, phoneDigitsSql } from '@shop/server';
import { DataSource, In, type EntityManager } from 'typeorm';
import { OrderItemEntity } from '../orders/order-item.entity.js';
import { OrderEntity, type Customer } from '../orders/order.entity.js';

/** A job row of the outbox with the worker's completion (null while no worker finished it). */
export interface JobRow {
  id: string;
  payload: JobItem;
  createdAt: Date;
  publishedAt: Date | null;
  completedAt: Date | null;
}

/** What an erasure writes into an order. */
export type OrderErasure = Pick<OrderEntity, 'customer' | 'questionnaire' | 'rejectionMessage'>;

const CUSTOMER: Customer = { email: 'anna.berger@example.at', phone: '+43 660 1234567' } as Customer;

/**
 * Issue 44: the reads and writes of a customer's request for their data and its erasure, on the order schema: the
 * orders of an address or number, their lines, the outbox's job rows and job failures of those orders, the printers'
 * queue entries. The caller's transaction throughout (an erasure is one transaction).
 */
@Injectable()
export class OrderPrivacyRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * The orders whose customer e-mail is one of `emails` (compared trimmed and in lower case) or whose phone's digits
   * end with one of `phoneDigits`: candidates, the caller checks each phone in the order's country. Row-locked when
   * they are to be erased, so a staff change in the meantime waits and then sees the anonymised order.
   */
  @GenerateSql(
    { name: 'to read', params: ({ manager }) => [manager, ['anna.berger@example.at'], ['6601234567'], false] },
    { name: 'to erase', params: ({ manager }) => [manager, ['anna.berger@example.at'], [], true] },
  )
  candidates(m: EntityManager, emails: string[], phoneDigits: string[], lock: boolean): Promise<OrderEntity[]> {
    const qb = m
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where(
        `lower(trim(o.customer->>'email')) = ANY(:emails) OR ${phoneDigitsSql(`o.customer->>'phone'`, ':digits')}`,
        {
          emails,
          digits: phoneDigits,
        },
      )
      .orderBy('o.id', 'ASC');
    if (lock) qb.setLock('pessimistic_write');
    return qb.getMany();
  }

  /** The orders' lines, in order and position. */
  @GenerateSql({ params: ({ manager }) => [manager, [1, 2]] })
  linesOf(m: EntityManager, orderIds: number[]): Promise<OrderItemEntity[]> {
    return m
      .getRepository(OrderItemEntity)
      .find({ where: { orderId: In(orderIds) }, order: { orderId: 'ASC', position: 'ASC' } });
  }

  /**
   * The orders' job rows in the outbox (receipts, e-mails, SMS; kept 7 days after they were handed to BullMQ), with
   * when a worker finished each, oldest first.
   */
  @GenerateSql({ params: ({ manager }) => [manager, [1, 2]] })
  jobRowsOf(m: EntityManager, orderIds: number[]): Promise<JobRow[]> {
    return m.query(
      `SELECT o.id, o.payload, o."createdAt", o."publishedAt", c."completedAt"
         FROM "order"."outbox" o
         LEFT JOIN "order"."job_completion" c ON c."jobId" = o.payload->>'jobId'
        WHERE o.subject LIKE $1 AND o.payload->'data'->>'orderId' = ANY($2::text[])
        ORDER BY o.id`,
      [`${JOB_OUTBOX_PREFIX}%`, orderIds.map(String)],
    );
  }

  /** An order's customer, questionnaire and rejection message replaced (the erasure's). */
  @GenerateSql({
    params: ({ manager }) => [manager, 1, { customer: CUSTOMER, questionnaire: null, rejectionMessage: null }],
  })
  async eraseOrder(m: EntityManager, id: number, erasure: OrderErasure): Promise<void> {
    await m.getRepository(OrderEntity).update(id, erasure);
  }

  /** A line's parts replaced (the erasure's, without what the customer typed). */
  @GenerateSql({ params: ({ manager }) => [manager, 1, 0, { size: { name: 'Groß' } }] })
  async replaceParts(m: EntityManager, orderId: number, position: number, parts: Record<string, unknown>) {
    // json, not jsonb: the column keeps the steps' order, so the statement writes the text as given
    await m.query(`UPDATE "order"."order_item" SET parts = $3::json WHERE "orderId" = $1 AND position = $2`, [
      orderId,
      position,
      JSON.stringify(parts),
    ]);
  }

  /** An outbox row's payload replaced (a job anonymised). */
  @GenerateSql({ params: ({ manager }) => [manager, '1', { jobId: 'print-1-created' }] })
  async replacePayload(m: EntityManager, id: string, payload: unknown): Promise<void> {
    await m.getRepository(OutboxEntity).update(id, { payload: payload as object });
  }

  /** Outbox job rows deleted with the completions of their jobs. */
  @GenerateSql({ params: ({ manager }) => [manager, ['1'], ['sms-1-created']] })
  async deleteJobRows(m: EntityManager, ids: string[], jobIds: string[]): Promise<void> {
    await m.query(
      `WITH done AS (DELETE FROM "order"."job_completion" WHERE "jobId" = ANY($2::text[]))
       DELETE FROM "order"."outbox" WHERE id = ANY($1::bigint[])`,
      [ids, jobIds],
    );
  }

  /** The workers' reports of the orders' jobs that failed (`order.job.failed`: the reason may name the recipient). */
  @GenerateSql({ params: ({ manager }) => [manager, [1, 2]] })
  jobFailuresOf(m: EntityManager, orderIds: number[]): Promise<Array<{ id: string; payload: { reason: string } }>> {
    return m.query(
      `SELECT id, payload FROM "order"."outbox"
        WHERE subject = 'order.job.failed' AND payload->>'orderId' = ANY($1::text[]) ORDER BY id`,
      [orderIds.map(String)],
    );
  }

  /**
   * The rendered receipts of the orders in the printers' queues (they print the customer's name, phone, address and
   * texts): a printed or given-up entry keeps its row for the receipt's status but loses its documents; a receipt
   * not printed yet is taken out of the queue. Answers how many entries were changed.
   */
  @GenerateSql({ params: ({ manager }) => [manager, [1, 2]] })
  async clearReceipts(m: EntityManager, orderIds: number[]): Promise<number> {
    const [row] = await m.query<Array<{ cleared: number }>>(
      `WITH finished AS (
         UPDATE "order"."device_queue" SET documents = '{}'::jsonb
          WHERE "orderId" = ANY($1::int[]) AND kind = 'print' AND status IN ('done', 'failed') AND documents <> '{}'::jsonb
         RETURNING 1
       ), pending AS (
         DELETE FROM "order"."device_queue"
          WHERE "orderId" = ANY($1::int[]) AND kind = 'print' AND status IN ('queued', 'printing')
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM finished)::int + (SELECT count(*) FROM pending)::int AS cleared`,
      [orderIds],
    );
    return row?.cleared ?? 0;
  }
}
