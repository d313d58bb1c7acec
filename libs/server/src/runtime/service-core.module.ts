import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import { TypeOrmModule } from '@nestjs/typeorm';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { DataSource, type MixedList } from 'typeorm';
import type { BaseConfig } from '../config/config.js';
import { natsOptions } from '../bus/nats-options.js';
import { ensureStream, type StreamDefinition } from '../bus/jetstream.js';
import {
  databaseTimeouts,
  dataSourceOptions,
  type ServiceDatabaseOptions,
  type TypeOrmClass,
} from '../database/database.js';
import { createLogger } from '../logging/logger.js';
import { OutboxEntity } from '../outbox/outbox.entity.js';
import { OutboxRelay, type OutboxRelayOptions } from '../outbox/outbox-relay.js';
import { connectionPlan, poolSizeOf, reportConnectionShare } from '../database/connection-budget.js';
import { watchServiceDatabase } from '../metrics/database-metrics.js';
import { PeriodicTasks } from './periodic-tasks.js';
import { CONFIG, LOGGER, NATS_CONNECTION, OUTBOX_RELAY } from './tokens.js';

export interface ServiceCoreOptions {
  name: string;
  config: BaseConfig;
  schema: string;
  entities: MixedList<TypeOrmClass>;
  migrations: MixedList<TypeOrmClass>;
  /** the JetStream streams that capture the events this service's outbox publishes */
  streams: readonly StreamDefinition[];
  outboxPollMs?: number;
  /** see OutboxRelayOptions.dispatch */
  outboxDispatch?: OutboxRelayOptions['dispatch'];
  /** see ServiceDatabaseOptions.sessionSettings */
  sessionSettings?: ServiceDatabaseOptions['sessionSettings'];
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
 * included), a NATS connection with its JetStream stream, and the outbox relay running for its lifetime.
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
    return {
      module: ServiceCoreModule,
      imports: [
        ScheduleModule.forRoot(),
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: o.config.DATABASE_URL,
            schema: o.schema,
            entities: [OutboxEntity, ...(o.entities as TypeOrmClass[])],
            migrations: o.migrations,
            poolSize: poolSizeOf(o.name, plan),
            applicationName: o.name,
            timeouts: databaseTimeouts(o.config),
            sessionSettings: o.sessionSettings,
          }),
        ),
      ],
      providers: [
        { provide: CONFIG, useValue: o.config },
        { provide: LOGGER, useValue: logger },
        PeriodicTasks,
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
              msgIdPrefix: `${o.config.NATS_SUBJECT_PREFIX}${o.schema}`,
              pollIntervalMs: o.outboxPollMs ?? 1000,
              dispatch: o.outboxDispatch,
            }),
        },
      ],
      exports: [CONFIG, LOGGER, NATS_CONNECTION, OUTBOX_RELAY, PeriodicTasks, TypeOrmModule],
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
