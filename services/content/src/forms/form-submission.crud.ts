import { CRUD_RESOURCES, type FormSubmission } from '@shop/contracts';
import { columnFilters, defineCrud, DomainException, meta, requireAccess } from '@shop/server';
import { FormSubmissionEntity } from './form-submission.entity.js';

/**
 * Form submissions: staff list, read and delete them (visitors create them through `content.form.submit`;
 * the registry offers no CRUD create or update, and this refuses them should one arrive).
 */
export const formSubmissionCrud = defineCrud(CRUD_RESOURCES['form-submissions'], FormSubmissionEntity, {
  searchColumns: ['formName'],
  order: { createdAt: 'DESC' },
  applyFilters: columnFilters({ node: 'nodeId' }),
  authorize(actor, verb) {
    requireAccess(actor, 'staff');
    if (verb === 'create' || verb === 'update') throw DomainException.forbidden();
  },
  assign() {
    throw DomainException.forbidden();
  },
  toDto: (e): FormSubmission => ({ ...meta(e), node: e.nodeId, formName: e.formName, values: e.values }),
});
