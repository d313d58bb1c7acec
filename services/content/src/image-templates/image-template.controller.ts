import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';
import { RenderTemplate } from './render-template.usecase.js';

@Controller()
export class ImageTemplateController {
  constructor(private readonly render: RenderTemplate) {}

  @Rpc('content.image-template.layers')
  layers(@Payload() m: RpcMessage<'content.image-template.layers'>) {
    return this.render.layers(m.actor, m.payload.id);
  }

  @Rpc('content.image-template.render')
  renderImage(@Payload() m: RpcMessage<'content.image-template.render'>) {
    return this.render.execute(m.actor, m.payload);
  }
}
