import type { MigrationInterface } from 'typeorm';
import { IdentityInit1795311982134 } from './1795311982134-IdentityInit.js';
import { LoginLinks1795400000000 } from './1795400000000-LoginLinks.js';
import { CustomersExternalUsers1795400000001 } from './1795400000001-CustomersExternalUsers.js';
import { UserLock1795400000002 } from './1795400000002-UserLock.js';
import { LoginAttemptPerClient1795450000000 } from './1795450000000-LoginAttemptPerClient.js';
import { UserMfa1795581384430 } from './1795581384430-UserMfa.js';
import { PrivacyRequests1796581691356 } from './1796581691356-PrivacyRequests.js';

/** Every migration of the identity schema, in order. */
export const IDENTITY_MIGRATIONS: (new () => MigrationInterface)[] = [
  IdentityInit1795311982134,
  LoginLinks1795400000000,
  CustomersExternalUsers1795400000001,
  UserLock1795400000002,
  LoginAttemptPerClient1795450000000,
  UserMfa1795581384430,
  PrivacyRequests1796581691356,
];
