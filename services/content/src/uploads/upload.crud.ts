import { CRUD_RESOURCES, type StaffUpload } from '@shop/contracts';
import { defineCrud, DomainException, equalFilters, requireAccess } from '@shop/server';
import { resolve } from 'node:path';
import { PREVIEW_TYPES } from './file-types.js';
import { UploadEntity } from './upload.entity.js';
import { removeUploadFiles } from './upload.service.js';

/** An upload as staff see it: the file's reference, size, name and addresses (list, read, rename). */
export function toStaffUpload(e: UploadEntity): StaffUpload {
  const name = `${e.id}-${e.version}`;
  return {
    id: e.id,
    version: e.version,
    extension: e.extension,
    publicHash: e.publicHash,
    mimeType: e.mimeType,
    size: e.size,
    originalName: e.originalName,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.createdAt.toISOString(),
    url: `/upload/${e.publicHash}/${name}.${e.extension}`,
    previewUrl: PREVIEW_TYPES.has(e.mimeType) ? `/upload/${e.publicHash}/preview/${name}.jpg` : null,
  };
}

/**
 * Visitors' uploads for staff: list, read and delete (renamed by RenameUpload) (POST /api/uploads creates them, anonymously; the registry
 * offers no CRUD create or update, and this refuses them should one arrive). Deleting removes the files too.
 */
export const uploadCrud = (filesDir: string) =>
  defineCrud(CRUD_RESOURCES.uploads, UploadEntity, {
    searchColumns: ['originalName', 'mimeType'],
    order: { createdAt: 'DESC' },
    applyFilters: equalFilters('mimeType'),
    authorize(actor, verb) {
      requireAccess(actor, 'staff');
      if (verb === 'create' || verb === 'update') throw DomainException.forbidden();
    },
    assign() {
      throw DomainException.forbidden();
    },
    // the files go with the row (a commit that failed after this leaves a row whose file is gone: it 404s, and the
    // staff member deletes it again)
    beforeDelete: (_m, e) => removeUploadFiles(resolve(filesDir, 'upload'), e),
    toDto: toStaffUpload,
  });
