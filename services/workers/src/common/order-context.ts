import { Injectable } from '@nestjs/common';
import { crudSubject, type Actor, type Branch, type Config, type StaffOrder } from '@shop/contracts';
import { ServiceBus } from '@shop/server';

/** The workers read orders and branches with staff rights. */
const WORKER: Actor = { id: 0, username: 'workers', roles: ['ROLE_ADMIN'], branches: [] };

export interface OrderMessageContext {
  order: StaffOrder;
  branch: Branch;
  shop: Config;
}

/** What a message about an order needs, read from the owning services. */
@Injectable()
export class OrderMessageContextLoader {
  constructor(private readonly bus: ServiceBus) {}

  async load(orderId: number): Promise<OrderMessageContext> {
    const order = await this.bus.request('order.order.get', { id: orderId }, WORKER);
    const [branch, shop] = await Promise.all([
      this.bus.send(crudSubject('branches', 'get'), { id: order.branch.id }, WORKER) as Promise<Branch>,
      this.bus.request('catalogue.config.get', {}, WORKER),
    ]);
    return { order, branch, shop };
  }
}
