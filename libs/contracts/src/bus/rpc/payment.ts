import type { PaymentStatus, PaymentView, StartPaymentRequest } from '../../payment/payment.schema.js';

/** The payment service's request/reply subjects (part of RpcMap). */
export interface PaymentRpc {
  'payment.payment.start': { req: StartPaymentRequest; res: PaymentView };
  'payment.payment.recheck': { req: { orderId: number }; res: PaymentView | null };
  'payment.webhook.mollie': { req: { id: string }; res: { status: PaymentStatus | null } };
  'payment.webhook.datatrans': {
    req: { rawBody: string; signature: string | null };
    res: { accepted: boolean; status: PaymentStatus | null };
  };
  'payment.payment.returned': { req: { reference: string }; res: { location: string } };
  'payment.payment.list-final': { req: { orderIds: number[] }; res: PaymentView[] };
}
