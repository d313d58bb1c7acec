import 'reflect-metadata';
import { bootstrapService } from '@shop/server';
import { loadStatisticsConfig } from './config/statistics-config.js';
import { StatisticsModule } from './statistics.module.js';

const config = loadStatisticsConfig();
await bootstrapService('statistics', StatisticsModule.forRoot(config), config, config.STATISTICS_HEALTH_PORT);
