import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import {
  checkNats,
  checkRedis,
  exitAfterShutdownDeadline,
  initTracing,
  LOGGER,
  PinoNestLogger,
  required,
  ServiceBus,
  startHealthServer,
} from '@shop/server';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { lowerCpuPriority } from './common/cpu-priority.js';
import { loadWorkersConfig } from './config/workers-config.js';
import { WorkersModule } from './workers.module.js';

const config = loadWorkersConfig();
// below the request path's processes (WORKERS_NICE), every thread
lowerCpuPriority(config.WORKERS_NICE);
initTracing({ otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: 'workers' });
const app = await NestFactory.createApplicationContext(WorkersModule.forRoot(config), { bufferLogs: true });
const logger = app.get<Logger>(LOGGER);
app.useLogger(new PinoNestLogger(logger));
app.enableShutdownHooks();
exitAfterShutdownDeadline(logger, config.SHUTDOWN_DEADLINE_MS);
await app.init();
const redis = app.get(Redis);
const bus = app.get(ServiceBus);
await startHealthServer(
  config.WORKERS_HEALTH_PORT,
  {
    // BullMQ's queues are the workers' whole work
    redis: required(() => checkRedis(redis)),
    // each job's result is reported to its writer over this connection; unreported, BullMQ runs the job again
    nats: required(() => checkNats([bus.connection()])),
  },
  'workers',
);
logger.info(
  { healthPort: config.WORKERS_HEALTH_PORT, node: process.version },
  'workers running (queues: print, email, sms)',
);
