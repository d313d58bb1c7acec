import 'reflect-metadata';
import { bootstrapService } from '@shop/server';
import { loadTimeTrackingConfig } from './config/time-tracking-config.js';
import { TimeTrackingModule } from './time-tracking.module.js';

const config = loadTimeTrackingConfig();
await bootstrapService('time-tracking', TimeTrackingModule.forRoot(config), config, config.TIME_TRACKING_HEALTH_PORT);
