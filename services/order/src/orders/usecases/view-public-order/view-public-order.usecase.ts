import { Injectable } from '@nestjs/common';
import type { PublicOrder, PublicOrderRef } from '@shop/contracts';
import { DataSource } from 'typeorm';
import { toPublicOrder } from '../../order-view.js';
import { OrderChanges } from '../shared/order-changes.js';

/** order.order.public: the order behind a public link (uid + hash), as the status page shows it. */
@Injectable()
export class ViewPublicOrder {
  constructor(
    private readonly ds: DataSource,
    private readonly changes: OrderChanges,
  ) {}

  async execute(ref: PublicOrderRef): Promise<PublicOrder> {
    return toPublicOrder(await this.changes.byLink(this.ds.manager, ref));
  }
}
