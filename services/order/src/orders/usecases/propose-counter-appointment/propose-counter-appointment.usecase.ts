import { Injectable } from '@nestjs/common';
import { CounterAppointmentInput, type Actor, type StaffOrder } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { addJobToOutbox, DomainException, parseOrThrow } from '@shop/server';
import { CatalogueContextCache } from '../../../catalogue-context/catalogue-context.cache.js';
import { isFinal } from '../../order-state.js';
import { statusMailJob, statusMailReason } from '../../status-mail.js';
import { OrderChanges } from '../shared/order-changes.js';

/**
 * Staff propose another time to an order neither confirmed nor final; the customer answers on the status page, which
 * the proposal's e-mail links (issue 42; unless the branch turned it off).
 */
@Injectable()
export class ProposeCounterAppointment {
  constructor(
    private readonly changes: OrderChanges,
    private readonly catalogue: CatalogueContextCache,
  ) {}

  async execute(actor: Actor | null, id: number, body: unknown): Promise<StaffOrder> {
    const { counterAppointment } = parseOrThrow(CounterAppointmentInput, body);
    if (new Date(counterAppointment) <= new Date())
      throw DomainException.validation([{ field: 'counterAppointment', message: t('order.counterInPast') }]);
    return this.changes.staffChange(actor, id, 'counter-proposed', async (o, m) => {
      if (o.isConfirmed || isFinal(o)) throw DomainException.of('CONFLICT', 'order.counterNotAllowed');
      // named by the order's state before this change: each proposal gets its own mail
      const reason = statusMailReason(o, 'counter-proposal');
      o.counterAppointment = new Date(counterAppointment);
      // a new proposal waits for its own answer
      o.counterAnswer = null;
      o.answeredCounterAppointment = null;
      const ctx = await this.catalogue.get(o.branchId);
      const job = ctx && statusMailJob(o, ctx, 'counter-proposal', reason);
      if (job) await addJobToOutbox(m, job);
    });
  }
}
