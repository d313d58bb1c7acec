import { Global, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { COALESCED_REDIS, processProviders } from '@shop/server';
import { Redis } from 'ioredis';
import type { WorkersConfig } from './config/workers-config.js';
import { SentMarkers } from './common/sent-markers.js';
import { QueueWorkers } from './common/queue-worker.js';
import { EmailProcessor } from './email/email.processor.js';
import { SmsProcessor } from './sms/sms.processor.js';
import { PrintProcessor } from './print/print.processor.js';

/** The workers process: BullMQ processors for print, e-mail and SMS; no database of its own. */
@Global()
@Module({})
export class WorkersModule implements OnApplicationShutdown {
  constructor(private readonly redis: Redis) {}

  static forRoot(config: WorkersConfig): DynamicModule {
    return {
      module: WorkersModule,
      providers: [
        ...processProviders('workers', config, { bus: true }),
        {
          provide: Redis,
          useFactory: () => new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, ...COALESCED_REDIS }),
        },
        SentMarkers,
        QueueWorkers,
        EmailProcessor,
        SmsProcessor,
        PrintProcessor,
      ],
    };
  }

  // the bus closes itself (ServiceBus.onApplicationShutdown)
  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
