import { MfaController } from './auth/mfa/mfa.controller.js';
import { MfaService } from './auth/mfa/mfa.service.js';
import { MfaSecretRewrite } from './auth/mfa/mfa-secret-rewrite.js';
import { LoginAttemptRetention } from './auth/login-attempt.retention.js';
import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import {
  createCrudMessageController,
  CrudService,
  OUTBOX_RELAY,
  ServiceCoreModule,
  type OutboxRelay,
} from '@shop/server';
import { DataSource } from 'typeorm';
import { AuthController } from './auth/auth.controller.js';
import { AuthService } from './auth/auth.service.js';
import type { IdentityConfig } from './config/identity-config.js';
import { IDENTITY_MIGRATIONS } from './database/migrations/index.js';
import { departmentCrud } from './departments/department.crud.js';
import { IDENTITY_ENTITIES, IDENTITY_SCHEMA } from './identity.entities.js';
import { userCrud } from './users/user.crud.js';
import { customerCrud } from './customers/customer.crud.js';
import { externalUserCrud } from './external-users/external-user.crud.js';
import { LoginLinkController } from './login-links/login-link.controller.js';
import { LoginLinkService } from './login-links/login-link.service.js';

const crud = {
  users: userCrud,
  departments: departmentCrud,
  customers: customerCrud,
  'external-users': externalUserCrud,
} as const;
const token = (r: string) => `CRUD:${r}`;

/** The identity service: users with roles and branches, departments, password login with lockout. */
@Module({})
export class IdentityModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    const providers: Provider[] = Object.entries(crud).map(([r, def]) => ({
      provide: token(r),
      inject: [DataSource, OUTBOX_RELAY],
      useFactory: (ds: DataSource, relay: OutboxRelay) => new CrudService(def as never, ds, relay),
    }));
    return {
      module: IdentityModule,
      imports: [
        ServiceCoreModule.forService({
          name: 'identity',
          config,
          schema: IDENTITY_SCHEMA,
          entities: IDENTITY_ENTITIES,
          migrations: IDENTITY_MIGRATIONS,
          streams: [STREAMS.identity],
        }),
      ],
      controllers: [
        AuthController,
        LoginLinkController,
        MfaController,
        ...(Object.keys(crud) as Array<keyof typeof crud>).map((r) => createCrudMessageController(r, token(r))),
      ],
      providers: [...providers, AuthService, LoginLinkService, MfaService, MfaSecretRewrite, LoginAttemptRetention],
    };
  }
}
