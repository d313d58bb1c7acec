import { createRpcController, rpc } from '@shop/server';
import { RenameUpload } from './rename-upload/rename-upload.usecase.js';
import { UploadService } from './upload.service.js';

export class UploadController extends createRpcController([
  rpc('content.upload.create', UploadService, (uploads, m) => uploads.create(m.payload)),
  rpc('content.upload.verify', UploadService, (uploads, m) => uploads.verify(m.payload.refs ?? [])),
  rpc('content.upload.rename', RenameUpload, (rename, m) => rename.execute(m.actor, m.payload.id, m.payload.body)),
]) {}
