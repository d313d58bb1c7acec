import 'reflect-metadata';
import { bootstrapService } from '@shop/server';
import { loadContentConfig } from './config/content-config.js';
import { ContentModule } from './content.module.js';

const config = loadContentConfig();
await bootstrapService('content', ContentModule.forRoot(config), config, config.CONTENT_HEALTH_PORT);
