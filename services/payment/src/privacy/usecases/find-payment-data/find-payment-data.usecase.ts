import { Injectable } from '@nestjs/common';
import type { PrivacyFindReply, PrivacyFindRequest, PrivacyValue } from '@shop/contracts';
import { backofficeTexts, PAYMENT_PRIVACY_TEXTS } from '@shop/i18n-de';
import type { PaymentEntity } from '../../../payments/payment.entity.js';
import { PaymentPrivacyRepository } from '../../payment-privacy.repository.js';

const T = PAYMENT_PRIVACY_TEXTS;
const providers: Readonly<Record<string, string>> = backofficeTexts.orders.paymentMethods;

/** A payment as the export shows it (German field names). */
function paymentRow(p: PaymentEntity): Record<string, PrivacyValue> {
  return {
    [T.fields.id]: p.id,
    [T.fields.order]: p.orderId,
    [T.fields.provider]: providers[p.provider] ?? p.provider,
    [T.fields.providerPaymentId]: p.providerPaymentId,
    [T.fields.amount]: p.amount,
    [T.fields.currency]: p.currency,
    [T.fields.status]: T.statuses[p.status] ?? p.status,
    [T.fields.createdAt]: p.createdAt.toISOString(),
    [T.fields.paidAt]: p.status === 'paid' ? (p.settledAt?.toISOString() ?? null) : null,
  };
}

/**
 * payment.privacy.find (issue 44): the payments of the customer's orders (the order service found them by address or
 * number; a payment names no customer itself). The payment schema holds no personal data (amount, provider and its
 * payment id, status, the return paths and the provider's checkout address), so the payment service has no erasure:
 * a payment is a business record of the tax period like its order.
 */
@Injectable()
export class FindPaymentData {
  constructor(private readonly payments: PaymentPrivacyRepository) {}

  async execute(req: PrivacyFindRequest): Promise<PrivacyFindReply> {
    const orderIds = req.orderIds ?? [];
    const payments = orderIds.length ? await this.payments.ofOrders(orderIds) : [];
    return { sections: payments.length ? [{ kind: 'payments', rows: payments.map(paymentRow) }] : [] };
  }
}
