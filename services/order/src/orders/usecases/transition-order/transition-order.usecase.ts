import { Injectable } from '@nestjs/common';
import { RejectInput, type Actor, type OrderAction, type StaffOrder } from '@shop/contracts';
import { addJobToOutbox, parseOrThrow } from '@shop/server';
import { CatalogueContextCache } from '../../../catalogue-context/catalogue-context.cache.js';
import { orderJob, storedOrderSnapshot } from '../../order-snapshot.js';
import { transition } from '../../order-state.js';
import { OrderChanges } from '../shared/order-changes.js';

/**
 * order.order.transition: confirm, reject (with rejectionMessage), cancel, in-delivery, ready-for-pickup,
 * completed (the rules: order-state.ts). A branch that prints on confirmation gets its receipt job with the confirm.
 */
@Injectable()
export class TransitionOrder {
  constructor(
    private readonly changes: OrderChanges,
    private readonly catalogue: CatalogueContextCache,
  ) {}

  async execute(actor: Actor | null, id: number, action: OrderAction, body: unknown): Promise<StaffOrder> {
    const { rejectionMessage } =
      action === 'reject' ? parseOrThrow(RejectInput, body ?? {}) : { rejectionMessage: null };
    return this.changes.staffChange(actor, id, action, async (o, m) => {
      transition(o, action, rejectionMessage);
      if (action === 'confirm') {
        const ctx = await this.catalogue.get(o.branchId);
        if (ctx?.branch.printOn === 'confirmed')
          await addJobToOutbox(m, orderJob('print-receipt', await storedOrderSnapshot(m, o, ctx), 'confirmed'));
      }
    });
  }
}
