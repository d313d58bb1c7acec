import { Injectable } from '@nestjs/common';
import type { PublicOrder, PublicOrderRef } from '@shop/contracts';
import { answerCounter, requireOpenCounter } from '../shared/counter-answer.js';
import { OrderChanges } from '../shared/order-changes.js';

/** The customer accepts the branch's counter-proposal (storefront-presenter.md §4 "Counter-proposal"). */
@Injectable()
export class ConfirmCounterAppointment {
  constructor(private readonly changes: OrderChanges) {}

  execute(ref: PublicOrderRef): Promise<PublicOrder> {
    return this.changes.byLinkChange(ref, 'counter-accepted', (o) => {
      requireOpenCounter(o);
      // the accepted proposal becomes the time in force everywhere (board, details, receipt, e-mail, history)
      o.appointment = o.counterAppointment;
      answerCounter(o, 'accepted');
    });
  }
}
