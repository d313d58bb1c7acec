import type { PublicOrder } from '@shop/contracts';
import type { OrderInsert, OrderWriteRepository } from '../src/orders/order-write.repository.js';

/**
 * The rows of a new cash order as OrderWriteRepository.insertMany takes them, with a fresh id from the sequence:
 * one line, its created event and an e-mail job (whose snapshot gets the ticket).
 */
export async function orderInsert(repo: OrderWriteRepository, o: Partial<OrderInsert> = {}): Promise<OrderInsert> {
  const [id = 0] = await repo.onOneConnection((r) => repo.nextIds(r, 1));
  return {
    id,
    branchId: 1,
    uid: `uid-${id}`,
    hash: `hash-${id}`,
    isDelivery: false,
    isDineIn: false,
    tableIdentifier: null,
    paymentMethod: 'cash',
    appointment: null,
    customer: { firstName: 'Anna' } as OrderInsert['customer'],
    donateeId: null,
    deliveryArea: null,
    pricing: { totalGross: 19 },
    totalGross: 19,
    lines: [{ position: 0, productId: 11, name: 'Pizza', amount: 2, unit: 'piece', parts: {}, gross: 19, taxRate: 10 }],
    outbox: [
      { subject: 'order.order.created', payload: { id }, headers: {} },
      {
        subject: 'job.email',
        payload: { jobId: `email-${id}-created`, data: { snapshot: { order: { ticketNumber: 0 } } } },
        headers: {},
      },
    ],
    idempotencyKey: null,
    requestHash: 'request',
    answer: { id } as unknown as PublicOrder,
    ...o,
  };
}
