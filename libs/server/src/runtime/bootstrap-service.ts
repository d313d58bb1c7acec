import type { INestApplicationContext, INestMicroservice, Type, DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { BaseConfig } from '../config/config.js';
import { BusServer } from '../bus/bus-transport.js';
import { RpcDomainExceptionFilter } from '../errors/rpc-exception.filter.js';
import { PinoNestLogger } from '../logging/logger.js';
import { checkNats, required, startHealthServer, type Readiness } from '../health/health-server.js';
import { natsOptions } from '../bus/nats-options.js';
import { initTracing } from '../tracing/tracing.js';
import { LOGGER, NATS_CONNECTION } from './tokens.js';

/** Options for the NATS server side of a service (subjects prefixed, one queue group per service). */
export function busServerFor(name: string, config: BaseConfig): BusServer {
  return new BusServer(config.NATS_SUBJECT_PREFIX, { ...natsOptions(config, name), queue: name });
}

/** Wires a created microservice: JSON logger, domain exception filter, shutdown hooks. */
export function configureMicroservice(app: INestMicroservice): INestMicroservice {
  const logger = app.get<Logger>(LOGGER);
  app.useLogger(new PinoNestLogger(logger));
  app.useGlobalFilters(new RpcDomainExceptionFilter(logger));
  app.enableShutdownHooks();
  return app;
}

/**
 * What every NATS service needs to serve: its Postgres schema and NATS, both required (a service that cannot reach
 * either answers nothing). The NATS connections are the one events go out on and the one requests come in on.
 */
export function serviceReadiness(app: INestApplicationContext, nats: NatsConnection[]): Readiness {
  const ds = app.get(DataSource);
  return {
    postgres: required(async () => void (await ds.query('SELECT 1'))),
    nats: required(() => checkNats(nats)),
  };
}

/**
 * main.ts of a service: start the NATS microservice and its health endpoint; `readiness` adds the service's own
 * dependencies to those of every service (the job queues' Redis of order and content).
 */
export async function bootstrapService(
  name: string,
  module: Type<unknown> | DynamicModule,
  config: BaseConfig,
  healthPort: number,
  readiness: (app: INestMicroservice) => Readiness = () => ({}),
): Promise<INestMicroservice> {
  initTracing({ otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: name });
  const server = busServerFor(name, config);
  const app = await NestFactory.createMicroservice(module, { strategy: server, bufferLogs: true });
  configureMicroservice(app);
  await app.listen();
  const connections = [app.get<NatsConnection>(NATS_CONNECTION), server.unwrap<NatsConnection>()];
  await startHealthServer(healthPort, { ...serviceReadiness(app, connections), ...readiness(app) }, name);
  exitAfterShutdownDeadline(app.get<Logger>(LOGGER), config.SHUTDOWN_DEADLINE_MS);
  app.get<Logger>(LOGGER).info({ healthPort, node: process.version }, `${name} service listening on NATS`);
  return app;
}

/**
 * A process asked to stop (SIGTERM, SIGINT) closes gracefully, but not forever: a close that waits on a server
 * that is gone (Redis or NATS unreachable) would keep the process alive until a supervisor kills it. After the
 * deadline it logs and exits with 1; what it had not finished is redelivered (BullMQ locks, JetStream acks).
 */
export function exitAfterShutdownDeadline(logger: Logger, deadlineMs: number): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      setTimeout(() => {
        logger.error({ signal, deadlineMs }, 'graceful shutdown did not finish in time; exiting');
        process.exit(1);
      }, deadlineMs).unref();
    });
  }
}
