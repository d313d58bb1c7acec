import { Injectable } from '@nestjs/common';
import { CRUD_RESOURCES, UploadRenameInput, type Actor, type StaffUpload } from '@shop/contracts';
import { DomainException, parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { toStaffUpload } from '../upload.crud.js';
import { UploadEntity } from '../upload.entity.js';

/**
 * content.upload.rename (issue 42 item 7): staff give an upload the name the back office shows (until then the
 * visitor's file name). The file, its version and its address stay: a link already sent keeps working.
 */
@Injectable()
export class RenameUpload {
  constructor(private readonly ds: DataSource) {}

  async execute(actor: Actor | null, id: number, body: unknown): Promise<StaffUpload> {
    requireAccess(actor, 'staff');
    const { originalName } = parseOrThrow(UploadRenameInput, body);
    return this.ds.transaction(async (manager) => {
      const uploads = manager.getRepository(UploadEntity);
      const upload = await uploads.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!upload) throw DomainException.notFound(CRUD_RESOURCES.uploads.label);
      upload.originalName = originalName;
      await uploads.save(upload);
      return toStaffUpload(upload);
    });
  }
}
