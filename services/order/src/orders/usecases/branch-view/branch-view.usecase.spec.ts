import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import type { FrontdeskOrder, StaffOrder } from '@shop/contracts';
import { BusServer, createServiceBus, Rpc, type RpcMessage, type ServiceBus } from '@shop/server';
import { cleanupPrefixes, NATS_URL, uniquePrefixes } from '@shop/testing';
import type { DataSource } from 'typeorm';
import { orderContext, orderKit, type OrderKit } from '../../../../test/order-fixtures.js';
import { orderTestDatabase } from '../../../../test/order-test-database.js';
import { loadOrderConfig } from '../../../config/order-config.js';
import { OrderEntity } from '../../order.entity.js';
import { BranchView } from './branch-view.usecase.js';

/** The catalogue's screen keys per branch, and who asked for a check (its caller's service). */
const screenKeys = new Map<number, string>();
const asked: Array<{ branchId: number; service: string | undefined }> = [];

@Controller()
class CatalogueStandIn {
  @Rpc('catalogue.branch.check-screen-key')
  check(@Payload() m: RpcMessage<'catalogue.branch.check-screen-key'>) {
    asked.push({ branchId: m.payload.branchId, service: m.caller?.service });
    return { valid: screenKeys.get(m.payload.branchId) === m.payload.key };
  }
}
@Module({ controllers: [CatalogueStandIn] })
class CatalogueStandInModule {}

describe('BranchView: counter screens opened with the branch key (real Postgres, the catalogue on real NATS)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let kit: OrderKit;
  let usecase: BranchView;
  let catalogue: INestMicroservice;
  let bus: ServiceBus;
  const prefixes = uniquePrefixes('branchview');
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('branch_view'));
    catalogue = await NestFactory.createMicroservice(CatalogueStandInModule, {
      strategy: new BusServer(prefixes.nats, { servers: NATS_URL, queue: 'stand-in' }),
      logger: false,
    });
    await catalogue.listen();
    bus = await createServiceBus(
      loadOrderConfig({ DATABASE_URL: 'postgres://unused', NATS_URL, NATS_SUBJECT_PREFIX: prefixes.nats }),
      'order',
    );
    kit = orderKit(ds, { contexts: [orderContext(1), orderContext(2)] });
    usecase = new BranchView(kit.orders, kit.views, bus);
    screenKeys.set(1, 'k'.repeat(32)).set(2, 'z'.repeat(32));
  });
  afterAll(async () => {
    await bus.close();
    await catalogue.close();
    await cleanupPrefixes(prefixes);
    await close();
  });

  it("shows the branch's current orders: tickets and stage at the front desk, the staff orders behind the counter", async () => {
    const open = await kit.place(1);
    const done = await kit.place(1);
    const elsewhere = await kit.place(2);
    await ds.getRepository(OrderEntity).update(done.id, { isCompleted: true });
    asked.length = 0;

    const desk = (await usecase.execute(1, 'k'.repeat(32), 'frontdesk')) as FrontdeskOrder[];
    expect(desk.map((o) => o.id)).toEqual([open.id]);
    expect(desk[0]).toMatchObject({ ticketNumber: open.ticketNumber, status: 'open' });
    expect(desk[0]).not.toHaveProperty('customer');
    expect(desk[0]).not.toHaveProperty('receipt');

    const back = (await usecase.execute(1, 'k'.repeat(32), 'backoffice')) as StaffOrder[];
    expect(back.map((o) => o.id)).toEqual([open.id]);
    expect(back[0]).toMatchObject({
      customer: expect.objectContaining({ lastName: 'Berger', email: 'anna.berger@example.at' }),
      receipt: null,
    });
    expect((await usecase.execute(2, 'z'.repeat(32), 'backoffice')).map((o) => o.id)).toEqual([elsewhere.id]);
    // asked of the catalogue every time, on the order service's own behalf
    expect(asked).toEqual([
      { branchId: 1, service: 'order' },
      { branchId: 1, service: 'order' },
      { branchId: 2, service: 'order' },
    ]);
  });

  it("is 403 (the screen key's own German message) for a wrong key, another branch's key and a key rotated away", async () => {
    await kit.place(1);
    for (const [branch, key] of [
      [1, 'x'.repeat(32)],
      [1, 'z'.repeat(32)],
      [3, 'k'.repeat(32)],
    ] as const)
      await expect(usecase.execute(branch, key, 'frontdesk')).rejects.toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
        errors: [
          {
            message:
              'Der Schlüssel dieses Bildschirms ist ungültig oder wurde erneuert. Bitte öffnen Sie den aktuellen Link aus den Einstellungen der Filiale.',
          },
        ],
      });
    screenKeys.set(1, 'n'.repeat(32));
    await expect(usecase.execute(1, 'k'.repeat(32), 'backoffice')).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await usecase.execute(1, 'n'.repeat(32), 'backoffice')).length).toBeGreaterThan(0);
  });
});
