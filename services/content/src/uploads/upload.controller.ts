import { createRpcController, rpc } from '@shop/server';
import { UploadService } from './upload.service.js';

export class UploadController extends createRpcController([
  rpc('content.upload.create', UploadService, (uploads, m) => uploads.create(m.payload)),
  rpc('content.upload.verify', UploadService, (uploads, m) => uploads.verify(m.payload.refs ?? [])),
]) {}
