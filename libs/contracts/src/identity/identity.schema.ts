import { z } from 'zod';
import { IdRef, Identifier, Text } from '../catalogue/common.schema.js';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';
import { personFields } from './person-fields.js';

/**
 * ROLE_BRANCH_MANAGER (issue 19): held together with ROLE_EMPLOYEE (identity refuses it alone); manages the
 * branches of the user's own branch list (permission `manage`).
 * ROLE_CONTENT_EDITOR (issue 42): held together with ROLE_EMPLOYEE; edits the websites' content (permission `content`).
 * ROLE_PRIVACY (issue 44): held together with ROLE_EMPLOYEE; searches, exports and erases a customer's data
 * (permission `privacy`).
 */
export const ROLES = [
  'ROLE_ADMIN',
  'ROLE_EMPLOYEE',
  'ROLE_BRANCH_MANAGER',
  'ROLE_CONTENT_EDITOR',
  'ROLE_PRIVACY',
] as const;
export type Role = (typeof ROLES)[number];

export const DepartmentInput = z.object({
  identifier: Identifier,
  name: Text(200).min(1),
  branch: IdRef.nullable().default(null),
});
export type DepartmentInput = z.input<typeof DepartmentInput>;
export type Department = z.output<typeof DepartmentInput> & EntityMeta;

export const UserInput = z.object({
  ...personFields,
  roles: z.array(z.enum(ROLES)).min(1).max(ROLES.length),
  branches: z.array(IdRef).max(500).default([]),
  department: IdRef.nullable().default(null),
  isEnabled: z.boolean().default(true),
  /** locked by an administrator until unlocked (login: 'Der Account ist gesperrt.') */
  isLocked: z.boolean().default(false),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  /** write-only; required on create, optional on update (unchanged when absent) */
  password: z.string().min(10).max(200).optional(),
});
export type UserInput = z.input<typeof UserInput>;
/**
 * A user as the API shows it: never the password hash; lockedUntil is the end of the latest running lockout after
 * failed logins (from any client), null when none runs.
 */
export type User = Omit<z.output<typeof UserInput>, 'password'> &
  EntityMeta & {
    displayName: string;
    lockedUntil: string | null;
    /** when the password was last changed (a session older than this ends); null: never since creation */
    credentialsChangedAt?: string | null;
    /** two-factor login is on */
    mfaEnabled?: boolean;
  };

export const LoginInput = z.object({
  username: z.string().trim().min(1).max(200),
  password: z.string().min(1).max(200),
  /** the authenticator app's code or a recovery code, for users with two-factor login */
  code: z.string().trim().max(64).optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

/**
 * What the gateway asks identity at a login: the credentials and the client they came from (its IP address as
 * the gateway sees it). Failed logins lock the pair (username, client), so nobody elsewhere can lock a known
 * username out.
 */
export const LoginRequest = LoginInput.extend({ client: z.string().max(100) });
export type LoginRequest = z.infer<typeof LoginRequest>;

/** What the gateway keeps about the staff member behind a request (from the session). */
export interface Actor {
  id: number;
  username: string;
  roles: Role[];
  branches: number[];
}
