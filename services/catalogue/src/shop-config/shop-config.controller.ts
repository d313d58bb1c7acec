import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { ShopConfigService } from './shop-config.service.js';

@Controller()
export class ShopConfigController {
  constructor(private readonly config: ShopConfigService) {}

  @MessagePattern(SUBJECTS.catalogue.configGet)
  get() {
    return this.config.get();
  }

  @MessagePattern(SUBJECTS.catalogue.configSave)
  save(@Payload() m: RpcEnvelope<RpcMap['catalogue.config.save']['req']>) {
    return this.config.save(m.actor, m.payload.body);
  }
}
