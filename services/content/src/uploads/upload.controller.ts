import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { Rpc, type RpcMessage } from '@shop/server';

import { UploadService } from './upload.service.js';

@Controller()
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @Rpc('content.upload.create')
  create(@Payload() m: RpcMessage<'content.upload.create'>) {
    return this.uploads.create(m.payload);
  }

  @Rpc('content.upload.verify')
  verify(@Payload() m: RpcMessage<'content.upload.verify'>) {
    return this.uploads.verify(m.payload.refs ?? []);
  }
}
