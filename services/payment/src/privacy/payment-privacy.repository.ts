import { Injectable } from '@nestjs/common';
import { GenerateSql } from '@shop/server';
import { DataSource, In } from 'typeorm';
import { PaymentEntity } from '../payments/payment.entity.js';

/** Issue 44: the payments a customer's data export lists (their orders' payments). */
@Injectable()
export class PaymentPrivacyRepository {
  constructor(private readonly ds: DataSource) {}

  /** Every payment of these orders, oldest first. */
  @GenerateSql({ params: [[1, 2]] })
  ofOrders(orderIds: number[]): Promise<PaymentEntity[]> {
    return this.ds.getRepository(PaymentEntity).find({ where: { orderId: In(orderIds) }, order: { id: 'ASC' } });
  }
}
