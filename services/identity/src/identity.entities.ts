import { LoginAttemptEntity } from './auth/login-attempt.entity.js';
import { UserMfaEntity } from './auth/mfa/user-mfa.entity.js';
import { DepartmentEntity } from './departments/department.entity.js';
import { LoginLinkEntity } from './login-links/login-link.entity.js';
import { CustomerEntity } from './customers/customer.entity.js';
import { ExternalUserEntity } from './external-users/external-user.entity.js';
import { PrivacyRequestEntity } from './privacy/privacy-request.entity.js';
import { UserEntity } from './users/user.entity.js';

export const IDENTITY_SCHEMA = 'identity';
export const IDENTITY_ENTITIES = [
  UserEntity,
  DepartmentEntity,
  LoginAttemptEntity,
  UserMfaEntity,
  LoginLinkEntity,
  CustomerEntity,
  ExternalUserEntity,
  PrivacyRequestEntity,
];
