import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { GetGeneration } from './get-generation.usecase.js';
import { StartGeneration } from './start-generation.usecase.js';

@Controller()
export class ContentAiController {
  constructor(
    private readonly start: StartGeneration,
    private readonly get: GetGeneration,
  ) {}

  @Rpc('content.ai.generate-site')
  site(@Payload() m: RpcMessage<'content.ai.generate-site'>) {
    return this.start.site(m.actor, m.payload);
  }

  @Rpc('content.ai.generate-image')
  image(@Payload() m: RpcMessage<'content.ai.generate-image'>) {
    return this.start.image(m.actor, m.payload);
  }

  @Rpc('content.ai.generation.get')
  generation(@Payload() m: RpcMessage<'content.ai.generation.get'>) {
    return this.get.execute(m.actor, m.payload);
  }
}
