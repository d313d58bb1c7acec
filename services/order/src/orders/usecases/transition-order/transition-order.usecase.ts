import { Injectable } from '@nestjs/common';
import { RejectInput, type Actor, type OrderAction, type StaffOrder } from '@shop/contracts';
import { addJobToOutbox, parseOrThrow } from '@shop/server';
import { CatalogueContextCache } from '../../../catalogue-context/catalogue-context.cache.js';
import { orderJob, storedOrderSnapshot } from '../../order-snapshot.js';
import { transition } from '../../order-state.js';
import { ACTION_MAILS, statusMailJob, statusMailReason } from '../../status-mail.js';
import { OrderChanges } from '../shared/order-changes.js';

/**
 * order.order.transition: confirm, reject (with rejectionMessage), cancel, in-delivery, ready-for-pickup,
 * completed (the rules: order-state.ts). A branch that prints on confirmation gets its receipt job with the confirm;
 * the customer's status e-mail (issue 42: all but completed, unless the branch turned it off) is written with the
 * change.
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
      const mail = ACTION_MAILS[action];
      if (action !== 'confirm' && !mail) return;
      const ctx = await this.catalogue.get(o.branchId);
      if (!ctx) return;
      if (action === 'confirm' && ctx.branch.printOn === 'confirmed')
        await addJobToOutbox(m, orderJob('print-receipt', await storedOrderSnapshot(m, o, ctx), 'confirmed'));
      const job = mail && statusMailJob(o, ctx, mail, statusMailReason(o, mail));
      if (job) await addJobToOutbox(m, job);
    });
  }
}
