import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { ContentAiService } from './content-ai.service.js';

@Controller()
export class ContentAiController {
  constructor(private readonly ai: ContentAiService) {}

  @Rpc('content.ai.generate-site')
  site(@Payload() m: RpcMessage<'content.ai.generate-site'>) {
    return this.ai.generateSite(m.actor, m.payload);
  }

  @Rpc('content.ai.generate-image')
  image(@Payload() m: RpcMessage<'content.ai.generate-image'>) {
    return this.ai.generateImage(m.actor, m.payload);
  }
}
