import { MfaController } from './auth/mfa/mfa.controller.js';
import { MfaService } from './auth/mfa/mfa.service.js';
import { MfaSecretRewrite } from './auth/mfa/mfa-secret-rewrite.js';
import { LoginAttemptRetention } from './auth/login-attempt.retention.js';
import { Module, type Provider } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { createCrudMessageController, CrudService, OUTBOX_RELAY, ServiceRoot, type OutboxRelay } from '@shop/server';
import { DataSource } from 'typeorm';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import type { IdentityConfig } from './config/identity-config.js';
import { identityDatabase } from './database/data-source.js';
import { departmentCrud } from './departments/department.crud.js';
import { userCrud } from './users/user.crud.js';
import { customerCrud } from './customers/customer.crud.js';
import { externalUserCrud } from './external-users/external-user.crud.js';
import { LoginLinkController } from './login-links/login-link.controller.js';
import { LoginLinkService } from './login-links/login-link.service.js';
import { PrivacyController } from './privacy/privacy.controller.js';
import { PRIVACY_PROVIDERS } from './privacy/privacy.providers.js';

const crud = {
  users: userCrud,
  departments: departmentCrud,
  customers: customerCrud,
  'external-users': externalUserCrud,
} as const;
const token = (r: string) => `CRUD:${r}`;

const crudProviders: Provider[] = Object.entries(crud).map(([r, def]) => ({
  provide: token(r),
  inject: [DataSource, OUTBOX_RELAY],
  useFactory: (ds: DataSource, relay: OutboxRelay) => new CrudService(def as never, ds, relay),
}));

/** The identity service: users with roles and branches, departments, password login with lockout, privacy requests. */
@Module({})
export class IdentityModule extends ServiceRoot<IdentityConfig>({
  // bus: a customer's privacy request asks the services that keep customer data (issue 44)
  core: { name: 'identity', database: identityDatabase, streams: [STREAMS.identity], bus: true },
  controllers: [
    AuthController,
    LoginLinkController,
    MfaController,
    PrivacyController,
    ...(Object.keys(crud) as Array<keyof typeof crud>).map((r) => createCrudMessageController(r, token(r))),
  ],
  providers: [
    ...crudProviders,
    AuthService,
    LoginLinkService,
    MfaService,
    MfaSecretRewrite,
    LoginAttemptRetention,
    ...PRIVACY_PROVIDERS,
  ],
}) {}
