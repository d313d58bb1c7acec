import type { Image, ListReply } from '@shop/contracts';
import { createRpcController, rpc } from '@shop/server';
import { ImageService } from './image.service.js';

export class ImageController extends createRpcController([
  // the CRUD service's reads are type-erased (one CrudService type for every resource); their DTOs are images
  rpc('content.image.list', ImageService, (images, m) => images.list(m.actor, m.payload) as Promise<ListReply<Image>>),
  rpc('content.image.get', ImageService, (images, m) => images.get(m.actor, m.payload) as Promise<Image>),
  rpc('content.image.create', ImageService, (images, m) => images.create(m.actor, m.payload)),
  rpc('content.image.update', ImageService, (images, m) => images.update(m.actor, m.payload)),
  rpc('content.image.delete', ImageService, (images, m) => images.delete(m.actor, m.payload)),
]) {}
