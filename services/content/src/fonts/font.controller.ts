import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { FontService } from './font.service.js';

/** GET /api/fonts and the embedded font CSS (anonymous reads: pages use them). */
@Controller()
export class FontController {
  constructor(private readonly fonts: FontService) {}

  @Rpc('content.font.list')
  async list() {
    return this.fonts.families();
  }

  @Rpc('content.font.embed')
  async embed(@Payload() m: RpcMessage<'content.font.embed'>) {
    return { css: await this.fonts.embed(m.payload.family, m.payload.variant) };
  }
}
