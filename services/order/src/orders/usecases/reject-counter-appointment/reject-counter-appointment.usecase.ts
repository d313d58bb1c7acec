import { Injectable } from '@nestjs/common';
import type { PublicOrder, PublicOrderRef } from '@shop/contracts';
import { answerCounter, requireOpenCounter } from '../shared/counter-answer.js';
import { OrderChanges } from '../shared/order-changes.js';

/** Rejecting the counter-proposal cancels the order ('Nein, Bestellung stornieren'). */
@Injectable()
export class RejectCounterAppointment {
  constructor(private readonly changes: OrderChanges) {}

  execute(ref: PublicOrderRef): Promise<PublicOrder> {
    return this.changes.byLinkChange(ref, 'counter-rejected', (o) => {
      requireOpenCounter(o);
      answerCounter(o, 'declined');
      o.isCanceled = true;
    });
  }
}
