import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';

import { ImageService } from './image.service.js';

@Controller()
export class ImageController {
  constructor(private readonly images: ImageService) {}

  @Rpc('content.image.list')
  list(@Payload() m: RpcMessage<'content.image.list'>) {
    return this.images.list(m.actor, m.payload);
  }

  @Rpc('content.image.get')
  get(@Payload() m: RpcMessage<'content.image.get'>) {
    return this.images.get(m.actor, m.payload);
  }

  @Rpc('content.image.create')
  create(@Payload() m: RpcMessage<'content.image.create'>) {
    return this.images.create(m.actor, m.payload);
  }

  @Rpc('content.image.update')
  update(@Payload() m: RpcMessage<'content.image.update'>) {
    return this.images.update(m.actor, m.payload);
  }

  @Rpc('content.image.delete')
  delete(@Payload() m: RpcMessage<'content.image.delete'>) {
    return this.images.delete(m.actor, m.payload);
  }
}
