import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SUBJECTS, type RpcEnvelope, type RpcMap } from '@shop/contracts';
import { UploadService } from './upload.service.js';

@Controller()
export class UploadController {
  constructor(private readonly uploads: UploadService) {}

  @MessagePattern(SUBJECTS.content.createUpload)
  create(@Payload() m: RpcEnvelope<RpcMap['content.upload.create']['req']>) {
    return this.uploads.create(m.payload);
  }

  @MessagePattern(SUBJECTS.content.verifyUploads)
  verify(@Payload() m: RpcEnvelope<RpcMap['content.upload.verify']['req']>) {
    return this.uploads.verify(m.payload.refs ?? []);
  }
}
