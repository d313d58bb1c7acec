import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import type { OrderContext, PickupBoard } from '@shop/contracts';
import { BusServer, createServiceBus, Rpc, type RpcMessage, type ServiceBus } from '@shop/server';
import { cleanupPrefixes, NATS_URL, uniquePrefixes } from '@shop/testing';
import { testSignageConfig } from './signage-test-database.js';

/**
 * What the catalogue and the order service answer the signage service, per branch (a branch missing from
 * `contexts` has none; `catalogueDown` makes the catalogue fail every request).
 */
const answers = {
  contexts: new Map<number, OrderContext>(),
  pickupBoards: new Map<number, PickupBoard>(),
  catalogueDown: false,
  asked: [] as string[],
};

@Controller()
class StandInController {
  @Rpc('catalogue.order.context')
  context(@Payload() m: RpcMessage<'catalogue.order.context'>) {
    answers.asked.push(`catalogue.order.context:${m.payload.branchId}`);
    if (answers.catalogueDown) throw new Error('catalogue is away');
    return answers.contexts.get(m.payload.branchId) ?? null;
  }

  @Rpc('order.order.pickup-board')
  pickupBoard(@Payload() m: RpcMessage<'order.order.pickup-board'>) {
    answers.asked.push(`order.order.pickup-board:${m.payload.branchId}`);
    return answers.pickupBoards.get(m.payload.branchId) ?? { branch: m.payload.branchId, inProgress: [], ready: [] };
  }
}
@Module({ controllers: [StandInController] })
class StandInModule {}

/**
 * The catalogue and the order service as far as the signage service asks them, listening on real NATS under a
 * subject prefix of its own, and the signage service's bus to them.
 */
export async function busStandIn(): Promise<{
  bus: ServiceBus;
  answers: typeof answers;
  close(): Promise<void>;
}> {
  const prefixes = uniquePrefixes('signagebus');
  const app: INestMicroservice = await NestFactory.createMicroservice(StandInModule, {
    strategy: new BusServer(prefixes.nats, { servers: NATS_URL, queue: 'stand-in' }),
    logger: false,
  });
  await app.listen();
  const bus = await createServiceBus(testSignageConfig({ NATS_URL, NATS_SUBJECT_PREFIX: prefixes.nats }), 'signage');
  return {
    bus,
    answers,
    close: async () => {
      await bus.close();
      await app.close();
      await cleanupPrefixes(prefixes);
    },
  };
}

/** A branch's catalogue context with what the player reads of it (the rest of the branch is not read). */
export const branchContext = (
  branchId: number,
  o: { openingHours?: unknown[]; timezone?: string; menus?: unknown[] } = {},
): OrderContext =>
  ({
    branch: { id: branchId, openingHours: o.openingHours ?? [], timezone: o.timezone ?? 'Europe/Berlin' },
    config: {},
    menus: o.menus ?? [],
    categories: [],
    products: [],
    tables: [],
  }) as unknown as OrderContext;
