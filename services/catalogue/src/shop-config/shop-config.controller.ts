import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';

import { ShopConfigService } from './shop-config.service.js';

@Controller()
export class ShopConfigController {
  constructor(private readonly config: ShopConfigService) {}

  @Rpc('catalogue.config.get')
  get() {
    return this.config.get();
  }

  @Rpc('catalogue.config.save')
  save(@Payload() m: RpcMessage<'catalogue.config.save'>) {
    return this.config.save(m.actor, m.payload.body);
  }
}
