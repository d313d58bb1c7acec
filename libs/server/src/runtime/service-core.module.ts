import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Type,
} from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import type { BaseConfig } from '../config/config.js';
import { natsOptions } from '../bus/nats-options.js';
import { ensureStream, type StreamDefinition } from '../bus/jetstream.js';
import { ServiceBus } from '../bus/service-bus.js';
import { databaseTimeouts, dataSourceOptions, type ServiceDatabaseOptions } from '../database/database.js';
import { createLogger } from '../logging/logger.js';
import { OutboxRelay, type OutboxRelayOptions } from '../outbox/outbox-relay.js';
import { connectionPlan, poolSizeOf, reportConnectionShare } from '../database/connection-budget.js';
import { watchServiceDatabase } from '../metrics/database-metrics.js';
import { PeriodicTasks } from './periodic-tasks.js';
import { PeriodicExplorer } from './periodic.js';
import { processProviders } from './process-providers.js';
import { CONFIG, LOGGER, NATS_CONNECTION, OUTBOX_RELAY } from './tokens.js';

export interface ServiceCoreOptions {
  name: string;
  config: BaseConfig;
  /**
   * its database/data-source.ts: the schema, entities (the outbox's included) and migrations at a URL, which the
   * service, scripts/migrate.mjs and the seeds all connect with (here at the config's DATABASE_URL)
   */
  database: (url: string) => Pick<ServiceDatabaseOptions, 'url' | 'schema' | 'entities' | 'migrations'>;
  /** the JetStream streams that capture the events this service's outbox publishes */
  streams: readonly StreamDefinition[];
  outboxPollMs?: number;
  /** see OutboxRelayOptions.dispatch */
  outboxDispatch?: OutboxRelayOptions['dispatch'];
  /** see OutboxRelayOptions.prepareDispatch */
  outboxPrepareDispatch?: OutboxRelayOptions['prepareDispatch'];
  /** see ServiceDatabaseOptions.sessionSettings */
  sessionSettings?: ServiceDatabaseOptions['sessionSettings'];
  /** the service asks other services (ServiceBus, connected under the service's name; it closes with the app) */
  bus?: boolean;
}

/** A service's root module: its ServiceCoreModule's options (the config is forRoot's), its controllers and providers. */
export interface ServiceDefinition extends Pick<DynamicModule, 'controllers' | 'providers'> {
  core: Omit<ServiceCoreOptions, 'config'>;
}

/** Connects to NATS (reconnecting without end, see natsOptions), or says plainly which server could not be reached. */
export async function connectNats(config: BaseConfig, name: string): Promise<NatsConnection> {
  try {
    return await connect(natsOptions(config, name));
  } catch (err) {
    throw new Error(`NATS is not reachable at ${config.NATS_URL} (set NATS_URL): ${(err as Error).message}`, {
      cause: err,
    });
  }
}

/**
 * What every service needs: typed config, JSON logger, its Postgres schema through TypeORM (the outbox table
 * included), a NATS connection with its JetStream stream, the outbox relay running for its lifetime, its periodic
 * jobs (@Periodic) and, where it asks other services, its ServiceBus.
 */
/** the removal of the service's metrics sources (outbox, pool), called on shutdown */
const UNWATCH_METRICS = Symbol('UNWATCH_METRICS');
/** the boot report of the process's database connection share (connection-budget.ts) */
const CONNECTION_SHARE = Symbol('CONNECTION_SHARE');

@Global()
@Module({})
export class ServiceCoreModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxRelay,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(UNWATCH_METRICS) private readonly unwatchMetrics: () => void,
  ) {}

  static forService(o: ServiceCoreOptions): DynamicModule {
    const logger = createLogger(o.name, o.config.LOG_LEVEL);
    const plan = connectionPlan(o.config);
    const database = o.database(o.config.DATABASE_URL);
    return {
      module: ServiceCoreModule,
      imports: [
        ScheduleModule.forRoot(),
        DiscoveryModule,
        TypeOrmModule.forRoot(
          dataSourceOptions({
            ...database,
            poolSize: poolSizeOf(o.name, plan),
            applicationName: o.name,
            timeouts: databaseTimeouts(o.config),
            sessionSettings: o.sessionSettings,
          }),
        ),
      ],
      providers: [
        ...processProviders(o.name, o.config, { logger, bus: o.bus }),
        PeriodicTasks,
        PeriodicExplorer,
        {
          provide: NATS_CONNECTION,
          useFactory: async () => {
            const nc = await connectNats(o.config, o.name);
            for (const stream of o.streams)
              await ensureStream(nc, o.config.NATS_SUBJECT_PREFIX, stream, o.config.NATS_STREAM_REPLICAS);
            return nc;
          },
        },
        {
          provide: CONNECTION_SHARE,
          inject: [DataSource],
          useFactory: (ds: DataSource) =>
            reportConnectionShare(o.name, plan, o.config.DATABASE_RESERVED_CONNECTIONS, ds, logger),
        },
        {
          provide: UNWATCH_METRICS,
          inject: [DataSource],
          useFactory: (ds: DataSource) => watchServiceDatabase(o.name, ds),
        },
        {
          provide: OUTBOX_RELAY,
          inject: [DataSource, NATS_CONNECTION],
          useFactory: (ds: DataSource, nc: NatsConnection) =>
            new OutboxRelay(ds, jetstream(nc), logger as Logger, {
              subjectPrefix: o.config.NATS_SUBJECT_PREFIX,
              msgIdPrefix: `${o.config.NATS_SUBJECT_PREFIX}${database.schema}`,
              pollIntervalMs: o.outboxPollMs ?? 1000,
              passIntervalMs: o.config.OUTBOX_PASS_INTERVAL_MS,
              batchSize: o.config.OUTBOX_BATCH_SIZE,
              dispatch: o.outboxDispatch,
              prepareDispatch: o.outboxPrepareDispatch,
            }),
        },
      ],
      exports: [
        CONFIG,
        LOGGER,
        NATS_CONNECTION,
        OUTBOX_RELAY,
        PeriodicTasks,
        TypeOrmModule,
        ...(o.bus ? [ServiceBus] : []),
      ],
    };
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatchMetrics();
    await this.relay.stop();
    await this.nc.drain().catch(() => undefined);
  }
}

/** What ServiceRoot answers: a base class whose subclass `forRoot(config)` builds the service's root module. */
export interface ServiceRootClass<C extends BaseConfig> {
  new (): object;
  forRoot(this: Type, config: C): DynamicModule;
}

/**
 * The base class of a service's root module, as Nest's ConfigurableModuleClass is of a configurable one:
 * `@Module({}) export class XModule extends ServiceRoot<XConfig>({ core, controllers, providers }) {}`, or with a
 * function of the config where a part needs it. `XModule.forRoot(config)` imports ServiceCoreModule with `core` and
 * the config, and adds the service's controllers and providers.
 */
export function ServiceRoot<C extends BaseConfig>(
  define: ServiceDefinition | ((config: C) => ServiceDefinition),
): ServiceRootClass<C> {
  @Module({})
  class ServiceRootModule {
    static forRoot(this: Type, config: C): DynamicModule {
      const { core, ...own } = typeof define === 'function' ? define(config) : define;
      return { module: this, imports: [ServiceCoreModule.forService({ ...core, config })], ...own };
    }
  }
  return ServiceRootModule;
}
