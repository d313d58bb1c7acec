import { IdentityInit1795311982134 } from './1795311982134-IdentityInit.js';

/** Every migration of the identity schema, in order. */
export const IDENTITY_MIGRATIONS: Function[] = [IdentityInit1795311982134];
