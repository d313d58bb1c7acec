import { PERMISSIONS, type User } from '@shop/contracts';
import { useMe } from '../auth/use-me';

/** May this staff member change the websites' content (permission `content`: administrators, ROLE_CONTENT_EDITOR)? */
export function canEditContent(user: Pick<User, 'roles'>): boolean {
  return PERMISSIONS.content.roles.some((role) => user.roles.includes(role));
}

/**
 * Issue 42: whether the content builder shows the logged-in staff member the content read only (no new, save or
 * delete): once they are known and lack the permission. The service refuses their writes anyway (403).
 */
export function useContentReadOnly(): boolean {
  const { data: me } = useMe();
  return Array.isArray(me?.roles) && !canEditContent(me);
}
