import { Injectable } from '@nestjs/common';
import { CounterAppointmentInput, type Actor, type StaffOrder } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { DomainException, parseOrThrow } from '@shop/server';
import { isFinal } from '../../order-state.js';
import { OrderChanges } from '../shared/order-changes.js';

/** Staff propose another time to an order neither confirmed nor final; the customer answers on the status page. */
@Injectable()
export class ProposeCounterAppointment {
  constructor(private readonly changes: OrderChanges) {}

  async execute(actor: Actor | null, id: number, body: unknown): Promise<StaffOrder> {
    const { counterAppointment } = parseOrThrow(CounterAppointmentInput, body);
    if (new Date(counterAppointment) <= new Date())
      throw DomainException.validation([{ field: 'counterAppointment', message: t('order.counterInPast') }]);
    return this.changes.staffChange(actor, id, 'counter-proposed', (o) => {
      if (o.isConfirmed || isFinal(o)) throw DomainException.of('CONFLICT', 'order.counterNotAllowed');
      o.counterAppointment = new Date(counterAppointment);
      // a new proposal waits for its own answer
      o.counterAnswer = null;
      o.answeredCounterAppointment = null;
    });
  }
}
