import type { Role } from './identity.schema.js';

/**
 * What an operation needs of the staff member asking (backoffice-platform.md §6 roles). One table for the
 * gateway's guard, the services' `requireAccess` and the OpenAPI document.
 * - `staff`: any logged-in staff member (administrators and employees)
 * - `branch`: administrators, or employees of every branch the operation touches
 * - `admin`: administrators only
 * - `manage`: administrators on every branch, branch managers (ROLE_BRANCH_MANAGER) on the branches of their list
 * - `content`: administrators and content editors (ROLE_CONTENT_EDITOR) write the websites' content
 */
export const PERMISSIONS = {
  staff: { roles: ['ROLE_ADMIN', 'ROLE_EMPLOYEE'], branchScoped: false },
  branch: { roles: ['ROLE_ADMIN', 'ROLE_EMPLOYEE'], branchScoped: true },
  admin: { roles: ['ROLE_ADMIN'], branchScoped: false },
  /** statistics: administrators all branches, employees their own */
  statistics: { roles: ['ROLE_ADMIN', 'ROLE_EMPLOYEE'], branchScoped: true },
  /** time tracking's team sheet, planner, projects: administrators all branches, branch managers their own */
  manage: { roles: ['ROLE_ADMIN', 'ROLE_BRANCH_MANAGER'], branchScoped: true },
  /**
   * the websites' content (sites, nodes, blocks, navigations, redirects; issue 42): administrators, and employees an
   * administrator gave ROLE_CONTENT_EDITOR ('Website-Redaktion'); other staff read only
   */
  content: { roles: ['ROLE_ADMIN', 'ROLE_CONTENT_EDITOR'], branchScoped: false },
  /**
   * a customer's data (issue 44: search, export, erase): administrators, and employees an administrator gave
   * ROLE_PRIVACY ('Datenschutz'); the request records are for administrators only (`admin`)
   */
  privacy: { roles: ['ROLE_ADMIN', 'ROLE_PRIVACY'], branchScoped: false },
} as const satisfies Record<string, { roles: readonly Role[]; branchScoped: boolean }>;
export type Permission = keyof typeof PERMISSIONS;
