import { LoginAttemptEntity } from './auth/login-attempt.entity.js';
import { DepartmentEntity } from './departments/department.entity.js';
import { UserEntity } from './users/user.entity.js';

export const IDENTITY_SCHEMA = 'identity';
export const IDENTITY_ENTITIES = [UserEntity, DepartmentEntity, LoginAttemptEntity];
