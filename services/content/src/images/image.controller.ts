import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { ImageService } from './image.service.js';

type Req<S extends keyof RpcMap> = RpcEnvelope<RpcMap[S]['req']>;

@Controller()
export class ImageController {
  constructor(private readonly images: ImageService) {}

  @MessagePattern(SUBJECTS.content.listImages)
  list(@Payload() m: Req<'content.image.list'>) {
    return this.images.list(m.actor, m.payload);
  }

  @MessagePattern(SUBJECTS.content.getImage)
  get(@Payload() m: Req<'content.image.get'>) {
    return this.images.get(m.actor, m.payload);
  }

  @MessagePattern(SUBJECTS.content.createImage)
  create(@Payload() m: Req<'content.image.create'>) {
    return this.images.create(m.actor, m.payload);
  }

  @MessagePattern(SUBJECTS.content.updateImage)
  update(@Payload() m: Req<'content.image.update'>) {
    return this.images.update(m.actor, m.payload);
  }

  @MessagePattern(SUBJECTS.content.deleteImage)
  delete(@Payload() m: Req<'content.image.delete'>) {
    return this.images.delete(m.actor, m.payload);
  }
}
