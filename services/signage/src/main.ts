import 'reflect-metadata';
import { bootstrapService } from '@shop/server';
import { loadSignageConfig } from './config/signage-config.js';
import { SignageModule } from './signage.module.js';

const config = loadSignageConfig();
await bootstrapService('signage', SignageModule.forRoot(config), config, config.SIGNAGE_HEALTH_PORT);
