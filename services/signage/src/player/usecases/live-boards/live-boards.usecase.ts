import { Injectable } from '@nestjs/common';
import type { MenuBoard, PickupBoard, PlayerCredentials } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
import { DataSource } from 'typeorm';
import { authenticatePlayer } from '../../../devices/player-credentials.js';
import { DEFAULT_TIME_ZONE } from '../shared/player-scenes.js';

/**
 * The live boards of a TV's branch (identifier + key), asked on the signage service's own behalf: the pickup board's
 * ticket numbers from the order service, the menu board's menus, categories and products from the catalogue.
 */
@Injectable()
export class LiveBoards {
  constructor(
    private readonly ds: DataSource,
    private readonly bus: ServiceBus,
  ) {}

  async pickupBoard(creds: PlayerCredentials): Promise<PickupBoard> {
    const device = await authenticatePlayer(this.ds.manager, creds);
    return this.bus.requestAsService('order.order.pickup-board', { branchId: device.branchId });
  }

  async menuBoard(creds: PlayerCredentials): Promise<MenuBoard> {
    const device = await authenticatePlayer(this.ds.manager, creds);
    const context = await this.bus.requestAsService('catalogue.order.context', { branchId: device.branchId });
    return {
      branch: device.branchId,
      timeZone: context?.branch.timezone ?? DEFAULT_TIME_ZONE,
      menus: context?.menus ?? [],
      categories: context?.categories ?? [],
      products: context?.products ?? [],
    };
  }
}
