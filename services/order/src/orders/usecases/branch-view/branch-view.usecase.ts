import { Injectable } from '@nestjs/common';
import type { FrontdeskOrder, StaffOrder } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import { toFrontdeskOrder } from '../../order-view.js';
import { OrderRepository } from '../../order.repository.js';
import { StaffViews } from '../shared/staff-views.js';

/** issue 42 item 4: a wrong, replaced or missing key is its own 403 ('not found' named the wrong cause). */
export const screenKeyInvalid = () => DomainException.of('FORBIDDEN', 'order.screenKeyInvalid');

/**
 * Counter screens without login, opened with the branch's own API key (else 403) and showing its current
 * orders: the back-office view (kitchen, behind the counter) the staff orders; the front-desk view faces the
 * customers and shows only tickets and their stage (ARCHITECTURE.md "Decisions").
 */
@Injectable()
export class BranchView {
  constructor(
    private readonly orders: OrderRepository,
    private readonly views: StaffViews,
    private readonly bus: ServiceBus,
  ) {}

  async execute(
    branchId: number,
    apiKey: string,
    view: 'frontdesk' | 'backoffice',
  ): Promise<FrontdeskOrder[] | StaffOrder[]> {
    // asked of the catalogue every time (not the cached context): a rotated key stops working at once
    const { valid } = await this.bus.requestAsService('catalogue.branch.check-screen-key', {
      branchId,
      key: String(apiKey),
    });
    if (!valid) throw screenKeyInvalid();
    // the key opens this one branch's screen: no staff member is involved
    const orders = await this.orders.current([branchId]);
    return view === 'frontdesk' ? orders.map(toFrontdeskOrder) : this.views.many(orders);
  }
}
