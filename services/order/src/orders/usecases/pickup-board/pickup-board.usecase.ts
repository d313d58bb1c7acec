import { Injectable } from '@nestjs/common';
import type { PickupBoard } from '@shop/contracts';
import { OrderRepository } from '../../order.repository.js';

/**
 * The pickup board of a branch's signage screens: ticket numbers of its current takeaway and dine-in orders that
 * staff confirmed, 'Wird bearbeitet' until staff mark them 'Abholbereit'. Tickets only: the board faces customers.
 */
@Injectable()
export class GetPickupBoard {
  constructor(private readonly orders: OrderRepository) {}

  async execute(branchId: number): Promise<PickupBoard> {
    const orders = await this.orders.pickupTickets(branchId);
    const tickets = (ready: boolean) =>
      orders.filter((o) => o.isReadyForPickup === ready).map((o) => String(o.ticketNumber));
    return { branch: branchId, inProgress: tickets(false), ready: tickets(true) };
  }
}
