import { Inject, Injectable } from '@nestjs/common';
import type { Actor, OrderChangedEvent, PublicOrder, PublicOrderRef, StaffOrder } from '@shop/contracts';
import {
  addToOutbox,
  canAccess,
  DomainException,
  OUTBOX_RELAY,
  requireAccess,
  sameSecret,
  type OutboxKicker,
} from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import { orderEvent } from '../../order-events.js';
import { toPublicOrder } from '../../order-view.js';
import type { OrderEntity } from '../../order.entity.js';
import { OrderRepository } from '../../order.repository.js';
import { StaffViews } from './staff-views.js';

export const orderNotFound = () => DomainException.of('NOT_FOUND', 'order.notFound');

/** What a staff change adds to its order event (an edited line: the order's lines); nothing for most. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the changes that add nothing return nothing
export type EventExtra = Partial<OrderChangedEvent> | void;

/**
 * The frame of every change after creation: the order row-locked in a transaction, the change applied, the order
 * saved with its `order.order.updated` event in the outbox, the relay kicked after the commit. A public link's
 * change opens the order by uid and hash, a staff change by id within the staff member's branches.
 */
@Injectable()
export class OrderChanges {
  constructor(
    private readonly ds: DataSource,
    private readonly orders: OrderRepository,
    private readonly views: StaffViews,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  /** The order of a public link: the same 404 whether the uid is unknown or the hash does not match. */
  async byLink(m: EntityManager, ref: PublicOrderRef, lock = false): Promise<OrderEntity> {
    const order = await this.orders.byUid(m, String(ref.uid), lock);
    if (!order || !sameSecret(order.hash, String(ref.hash))) throw orderNotFound();
    return order;
  }

  async byLinkChange(ref: PublicOrderRef, change: string, apply: (o: OrderEntity) => void): Promise<PublicOrder> {
    const order = await this.ds.transaction(async (m) => {
      const o = await this.byLink(m, ref, true);
      apply(o);
      await m.save(o);
      await addToOutbox(m, 'order.order.updated', orderEvent(o, 'updated', change));
      return o;
    });
    void this.relay.kick();
    return toPublicOrder(order);
  }

  async staffChange(
    actor: Actor | null,
    id: number,
    change: string,
    // what the change adds to its event (an edited line: the order's lines, for the statistics' item counts)
    apply: (o: OrderEntity, m: EntityManager) => Promise<EventExtra> | EventExtra,
  ): Promise<StaffOrder> {
    const staff = requireAccess(actor, 'staff');
    const order = await this.ds.transaction(async (m) => {
      const o = await this.orders.lockById(m, id);
      if (!o || !canAccess(staff, 'branch', [o.branchId])) throw orderNotFound();
      const extra = (await apply(o, m)) as Partial<OrderChangedEvent> | undefined;
      await m.save(o);
      await addToOutbox(m, 'order.order.updated', { ...orderEvent(o, 'updated', change), ...(extra ?? {}) });
      return o;
    });
    void this.relay.kick();
    return this.views.one(order);
  }
}
