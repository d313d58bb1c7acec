import { Injectable } from '@nestjs/common';
import type { PaymentView } from '@shop/contracts';
import { parseOrThrow } from '@shop/server';
import { z } from 'zod';
import { PaymentRepository } from '../../payment.repository.js';
import { toView } from '../shared/payment-settlement.js';

const OrderIdsInput = z.object({ orderIds: z.array(z.number().int().positive()).max(500) });

/**
 * payment.payment.list-final: the final payments of these orders, as stored. The order service asks for its unpaid
 * online orders, so a settled event that never reached it (a lost stream, a reset consumer) is applied all the same.
 */
@Injectable()
export class ListFinalPayments {
  constructor(private readonly payments: PaymentRepository) {}

  async execute(payload: unknown): Promise<PaymentView[]> {
    const { orderIds } = parseOrThrow(OrderIdsInput, payload);
    if (!orderIds.length) return [];
    return (await this.payments.finalOfOrders(orderIds)).map(toView);
  }
}
