import 'reflect-metadata';
import { bootstrapService } from '@shop/server';
import { loadIdentityConfig } from './config/identity-config.js';
import { IdentityModule } from './identity.module.js';

const config = loadIdentityConfig();
await bootstrapService('identity', IdentityModule.forRoot(config), config, config.IDENTITY_HEALTH_PORT);
