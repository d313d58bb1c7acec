import { Injectable } from '@nestjs/common';
import type { OrderListQuery } from '@shop/contracts';
import { GenerateSql, JOB_OUTBOX_PREFIX, textSearch, withinPeriod } from '@shop/server';
import { DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { z } from 'zod';
import { OrderItemEntity } from './order-item.entity.js';
import { orderPredicateSql } from './order-status-sql.js';
import { OrderEntity } from './order.entity.js';
import type { ReceiptRow } from './receipt-status.js';

/** The branches whose orders a query reads: every branch, or the listed ones (none: no order). */
export type BranchScope = 'all' | number[];

export type OrderFilter = z.output<typeof OrderListQuery>;

/** The time an order is due: the agreed appointment, else when it was placed. */
const DUE = 'COALESCE(o.appointment, o."createdAt")';

/** Reads and row locks of orders for the use cases after creation (the order's write: OrderWriteRepository). */
@Injectable()
export class OrderRepository {
  constructor(private readonly ds: DataSource) {}

  /** The order of a public link's uid, row-locked in the caller's transaction when it is to be changed. */
  @GenerateSql(
    { name: 'to read', params: ({ manager }) => [manager, 'uid', false] },
    { name: 'to change', params: ({ manager }) => [manager, 'uid', true] },
  )
  byUid(m: EntityManager, uid: string, lock: boolean): Promise<OrderEntity | null> {
    const qb = m.getRepository(OrderEntity).createQueryBuilder('o').where('o.uid = :uid', { uid });
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** The order to be changed, row-locked in the caller's transaction. */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  lockById(m: EntityManager, id: number): Promise<OrderEntity | null> {
    return m
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where('o.id = :id', { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  @GenerateSql({ params: [1] })
  byId(id: number): Promise<OrderEntity | null> {
    return this.ds.getRepository(OrderEntity).findOneBy({ id });
  }

  /** An order's lines, read in the caller's transaction. */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  linesOf(m: EntityManager, orderId: number): Promise<OrderItemEntity[]> {
    return m.getRepository(OrderItemEntity).findBy({ orderId });
  }

  @GenerateSql({ params: [[1, 2]] })
  linesOfMany(orderIds: number[]): Promise<OrderItemEntity[]> {
    return this.ds.getRepository(OrderItemEntity).findBy({ orderId: In(orderIds) });
  }

  /**
   * The latest `print-receipt` job of each order, from what the order service holds: the job rows of its outbox
   * (kept 7 days), the workers' completions, their final failures (`order.job.failed`) and the printers' queue
   * entries for the job (receipt-status.ts reads a status from them).
   */
  @GenerateSql({ params: [[1, 2]] })
  receiptRows(orderIds: number[]): Promise<ReceiptRow[]> {
    return this.ds.query(
      `SELECT DISTINCT ON (j."orderId") j."orderId",
            EXISTS (SELECT 1 FROM "order"."job_completion" c WHERE c."jobId" = j."jobId") AS completed,
            EXISTS (SELECT 1 FROM "order"."outbox" f
                     WHERE f.subject = 'order.job.failed' AND f.payload->>'jobId' = j."jobId") AS "jobFailed",
            (SELECT array_agg(q.status) FROM "order"."device_queue" q
              WHERE q."jobKey" = j."jobId" AND q.kind = 'print') AS statuses
       FROM (SELECT o.id, (o.payload->'data'->>'orderId')::int AS "orderId", o.payload->>'jobId' AS "jobId"
               FROM "order"."outbox" o
              WHERE o.subject = $1 AND o.payload->>'name' = 'print-receipt'
                AND o.payload->'data'->>'orderId' = ANY($2::text[])) j
      ORDER BY j."orderId", j.id DESC`,
      [`${JOB_OUTBOX_PREFIX}print`, orderIds.map(String)],
    );
  }

  /** History with filters and paging, newest first; with the number of all matching orders. */
  @GenerateSql(
    {
      name: 'every filter',
      params: [
        [1, 2],
        {
          status: 'open',
          from: '2026-01-01T00:00:00Z',
          to: '2026-02-01T00:00:00Z',
          search: 'Muster',
          page: 2,
          perPage: 50,
        },
      ],
    },
    { name: 'every branch, no filter', params: ['all', { page: 1, perPage: 50 }] },
  )
  page(scope: BranchScope, q: OrderFilter): Promise<[OrderEntity[], number]> {
    const qb = this.scoped(scope);
    // the same partition as orderStatus(): every order matches exactly one status
    if (q.status) qb.andWhere(orderPredicateSql(q.status));
    withinPeriod(qb, 'o."createdAt"', q);
    if (q.search)
      qb.andWhere(
        textSearch(
          q.search,
          [`o.customer->>'lastName'`, `o.customer->>'firstName'`, `o.customer->>'email'`],
          [['o."ticketNumber"::text = :exact', { exact: q.search }]],
        ),
      );
    return qb
      .orderBy('o."createdAt"', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .skip((q.page - 1) * q.perPage)
      .take(q.perPage)
      .getManyAndCount();
  }

  /** Every order that is not final yet (open, confirmed, in delivery), oldest due first. */
  @GenerateSql({ params: [[1]] })
  current(scope: BranchScope): Promise<OrderEntity[]> {
    return this.currentQuery(scope).getMany();
  }

  /** Still open `minutes` after they were due: the customer is waiting and nobody has answered. */
  @GenerateSql({ params: [[1], 15] })
  missed(scope: BranchScope, minutes: number): Promise<OrderEntity[]> {
    return this.scoped(scope)
      .andWhere(orderPredicateSql('open'))
      .andWhere(`${DUE} < now() - make_interval(mins => :minutes)`, { minutes })
      .orderBy(DUE, 'ASC')
      .getMany();
  }

  /** The branch's current takeaway and dine-in orders staff confirmed: only what the pickup board shows. */
  @GenerateSql({ params: [1] })
  pickupTickets(branchId: number): Promise<Array<Pick<OrderEntity, 'id' | 'ticketNumber' | 'isReadyForPickup'>>> {
    return this.currentQuery([branchId])
      .andWhere('o."isConfirmed" AND NOT o."isDelivery"')
      .select(['o.id', 'o.ticketNumber', 'o.isReadyForPickup'])
      .getMany();
  }

  /** Whether a receipt of the branch would reach a printer (an enabled one), asked in the caller's transaction. */
  @GenerateSql({ params: ({ manager }) => [manager, 1] })
  async hasPrinter(m: EntityManager, branchId: number): Promise<boolean> {
    const [row] = await m.query<Array<{ found: boolean }>>(
      `SELECT EXISTS (SELECT 1 FROM "order"."device" WHERE "branchId" = $1 AND type = 'printer' AND "isEnabled") AS found`,
      [branchId],
    );
    return row?.found === true;
  }

  private currentQuery(scope: BranchScope): SelectQueryBuilder<OrderEntity> {
    return this.scoped(scope).andWhere(orderPredicateSql('current')).orderBy(DUE, 'ASC');
  }

  private scoped(scope: BranchScope): SelectQueryBuilder<OrderEntity> {
    const qb = this.ds.getRepository(OrderEntity).createQueryBuilder('o');
    if (scope !== 'all') qb.where('o."branchId" IN (:...branches)', { branches: scope.length ? scope : [-1] });
    return qb;
  }
}
