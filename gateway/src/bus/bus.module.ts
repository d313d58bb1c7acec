import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { CONFIG, connectNats, createServiceBus, NATS_CONNECTION, ServiceBus } from '@shop/server';
import type { GatewayConfig } from '../config/gateway-config.js';

/** The gateway's two NATS uses: typed request/reply to services, and a raw connection for JetStream events. */
@Global()
@Module({
  providers: [
    {
      provide: ServiceBus,
      inject: [CONFIG],
      useFactory: (config: GatewayConfig) => createServiceBus(config, 'gateway'),
    },
    {
      provide: NATS_CONNECTION,
      inject: [CONFIG],
      useFactory: (c: GatewayConfig) => connectNats(c, 'gateway-events'),
    },
  ],
  exports: [ServiceBus, NATS_CONNECTION],
})
export class BusModule implements OnApplicationShutdown {
  constructor(
    private readonly bus: ServiceBus,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}
  async onApplicationShutdown() {
    await this.bus.close().catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
  }
}
