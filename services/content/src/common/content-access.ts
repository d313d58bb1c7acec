import type { Actor } from '@shop/contracts';
import { DomainException, holdsPermission, requireAccess } from '@shop/server';

/**
 * Who may change the websites' content (issue 42 item 3): administrators and the staff an administrator gave the
 * content permission (ROLE_CONTENT_EDITOR, 'Website-Redaktion'); other staff read only. Reads pass (visitors see
 * what each resource's public scope shows). A visitor is 401, a staff member without the permission 403
 * 'Sie haben keine Berechtigung, Website-Inhalte zu ändern. …'.
 */
export function requireContentWrite(actor: Actor | null, verb: 'read' | 'create' | 'update' | 'delete'): void {
  if (verb === 'read') return;
  const staff = requireAccess(actor, 'staff');
  if (!holdsPermission(staff, 'content')) throw DomainException.forbidden('content.editForbidden');
}
