import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { NatsConnection } from '@nats-io/transport-node';
import { checkNats, NATS_CONNECTION, ServiceBus } from '@shop/server';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { Public } from '../auth/access.js';

@ApiTags('health')
@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly redis: Redis,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly bus: ServiceBus,
  ) {}

  @Get('health')
  @ApiOperation({ summary: 'Liveness and dependencies: 200 when Redis and NATS answer, else 503' })
  async health(@Res() reply: FastifyReply) {
    const redis = await this.redis.ping().then(
      () => 'up',
      () => 'down',
    );
    // the events connection and the one requests to the services go out on
    const nats = await checkNats([this.nc, this.bus.connection()]).then(
      () => 'up',
      () => 'down',
    );
    const ok = redis === 'up' && nats === 'up';
    await reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', checks: { redis, nats } });
  }
}
