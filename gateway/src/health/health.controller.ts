import { Controller, Get, Inject, Res, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  checkNats,
  checkReadiness,
  checkRedis,
  degradedOnly,
  NATS_CONNECTION,
  required,
  ServiceBus,
  watchReadiness,
  type Readiness,
} from '@shop/server';
import type { FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { Public } from '../auth/access.js';
import { ReturnsMedia } from '../openapi/returns.js';

/** /health's own JSON, outside the envelope (probes and load balancers read the status). */
const READINESS = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', enum: ['ok', 'degraded', 'error'] },
    checks: { type: 'object', additionalProperties: { type: 'string', enum: ['up', 'down'] } },
  },
};

/**
 * The gateway's readiness (Kubernetes takes a gateway that is not ready off the ingress). NATS is required: every
 * order, login and back-office request goes over it. Redis is degraded-only: without it the storefront still works
 * (orders are taken, rate limits and proof-of-work claims count in memory, /api/init and order status come from
 * memory), while staff sessions are gone (a login or a logged-in back-office request answers 503), and that is
 * alike on every gateway, since they share one Redis: taking them off would stop the orders too.
 */
@ApiTags('health')
@Public()
@Controller()
export class HealthController implements OnModuleInit, OnModuleDestroy {
  private readonly readiness: Readiness;
  private unwatch?: () => void;

  constructor(redis: Redis, @Inject(NATS_CONNECTION) nc: NatsConnection, bus: ServiceBus) {
    this.readiness = {
      // the events connection and the one requests to the services go out on
      nats: required(() => checkNats([nc, bus.connection()])),
      redis: degradedOnly(() => checkRedis(redis)),
    };
  }

  onModuleInit(): void {
    this.unwatch = watchReadiness('gateway', this.readiness);
  }

  onModuleDestroy(): void {
    this.unwatch?.();
  }

  @Get('health')
  @ApiOperation({
    summary:
      'Readiness: 200 while the gateway can serve ("ok", or "degraded" with Redis down: orders are taken, staff ' +
      'logins answer 503), 503 "error" without NATS; each check answers within 1 s',
  })
  @ReturnsMedia(['application/json'], 'ready (status ok or degraded): the checks of each dependency', {
    schema: READINESS,
  })
  async health(@Res() reply: FastifyReply) {
    const { httpStatus, body } = await checkReadiness('gateway', this.readiness);
    await reply.status(httpStatus).send(body);
  }
}
