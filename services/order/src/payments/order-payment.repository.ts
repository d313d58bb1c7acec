import { Injectable } from '@nestjs/common';
import { ONLINE_PAYMENT_METHODS } from '@shop/domain';
import { GenerateSql } from '@shop/server';
import { DataSource } from 'typeorm';
import { OrderEntity } from '../orders/order.entity.js';

/** The orders the payment sweep asks about. */
@Injectable()
export class OrderPaymentRepository {
  constructor(private readonly ds: DataSource) {}

  /** Ids of unpaid, not failed online orders placed between `from` and `until`, oldest first, at most 500. */
  @GenerateSql({ params: [new Date('2026-01-01T00:00:00Z'), new Date('2026-01-03T00:00:00Z')] })
  async onlineOrders(from: Date, until: Date): Promise<number[]> {
    const orders = await this.ds
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .select('o.id')
      .where('o."paymentMethod" IN (:...online)', { online: ONLINE_PAYMENT_METHODS })
      .andWhere('o."isPaid" = false AND o."isFailed" = false')
      .andWhere('o."createdAt" <= :young', { young: until })
      .andWhere('o."createdAt" >= :old', { old: from })
      .orderBy('o.id', 'ASC')
      .limit(500)
      .getMany();
    return orders.map((o) => o.id);
  }
}
