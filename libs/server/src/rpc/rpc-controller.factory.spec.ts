import { Injectable, Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { MetadataScanner, NestFactory } from '@nestjs/core';
import { ListenerMetadataExplorer } from '@nestjs/microservices/listener-metadata-explorer.js';
import type { Actor } from '@shop/contracts';
import { signCaller } from '../bus/service-identity.js';
import { DomainException } from '../errors/domain-exception.js';
import { CONFIG } from '../runtime/tokens.js';
import { createRpcController, rpc } from './rpc-controller.factory.js';

const SERVICE_SECRET = 'a-shared-secret-of-the-services';
const staff: Actor = { id: 1, username: 'anna', roles: ['ROLE_ADMIN'], branches: [] };

/** stand-ins for a service's use cases: they record what the handlers hand over */
@Injectable()
class DeviceLogs {
  readonly calls: unknown[][] = [];
  requestLogs(actor: Actor | null, id: number) {
    this.calls.push([actor, id]);
    return { requestedAt: `device ${id}` };
  }
}
@Injectable()
class PrintTest {
  execute(id: number) {
    return Promise.resolve({ jobId: `job ${id}` });
  }
}

class DeviceTestController extends createRpcController([
  rpc('order.device.request-logs', DeviceLogs, (logs, m) => logs.requestLogs(m.actor, m.payload.id)),
  rpc('order.device.test-print', PrintTest, (print, m) => print.execute(m.payload.id)),
  rpc('order.device.logs', [DeviceLogs, PrintTest], ([logs, print], m) => [
    {
      id: 1,
      device: m.payload.id,
      at: logs.requestLogs(m.actor, m.payload.id).requestedAt,
      message: print.constructor.name,
      data: null,
    },
  ]),
  rpc('order.job.completed', PrintTest, (_print, m) => ({ recorded: m.payload.completions.length }), {
    requireService: ['workers'],
  }),
]) {}

@Module({
  controllers: [DeviceTestController],
  providers: [DeviceLogs, PrintTest, { provide: CONFIG, useValue: { SERVICE_SECRET } }],
})
class DeviceTestModule {}

describe('createRpcController', () => {
  let app: INestApplicationContext;
  let controller: DeviceTestController;
  const handlers = () => new ListenerMetadataExplorer(new MetadataScanner()).explore(controller);
  /** calls the handler Nest registered for a subject, as the transport does */
  const call = (subject: string, message: unknown) => {
    const handler = handlers().find((h) => h.patterns.includes(subject));
    if (!handler) throw new Error(`no handler for ${subject}`);
    return handler.targetCallback.call(controller, message) as unknown;
  };

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(DeviceTestModule, { logger: false });
    controller = app.get(DeviceTestController);
  });
  afterAll(() => app.close());

  it('turns each entry of the table into a message handler for its subject', () => {
    expect(handlers().map((h) => [h.patterns, h.isEventHandler])).toEqual([
      [['order.device.request-logs'], false],
      [['order.device.test-print'], false],
      [['order.device.logs'], false],
      [['order.job.completed'], false],
    ]);
  });

  it('hands the message over to the use case Nest injected, as the entry maps it', async () => {
    expect(call('order.device.request-logs', { actor: staff, payload: { id: 7 } })).toEqual({
      requestedAt: 'device 7',
    });
    expect(app.get(DeviceLogs).calls).toContainEqual([staff, 7]);
    await expect(call('order.device.test-print', { actor: null, payload: { id: 3 } })).resolves.toEqual({
      jobId: 'job 3',
    });
  });

  it('gives an entry that names several classes their instances in its order', () => {
    expect(call('order.device.logs', { actor: staff, payload: { id: 2 } })).toEqual([
      { id: 1, device: 2, at: 'device 2', message: 'PrintTest', data: null },
    ]);
  });

  it('lets only the named services call an entry with requireService', () => {
    const payload = { completions: [] };
    const workers = signCaller({ service: 'workers', secret: SERVICE_SECRET }, 'order.job.completed');
    expect(call('order.job.completed', { actor: null, caller: workers, payload })).toEqual({ recorded: 0 });
    const gateway = signCaller({ service: 'gateway', secret: SERVICE_SECRET }, 'order.job.completed');
    expect(() => call('order.job.completed', { actor: null, caller: gateway, payload })).toThrow(DomainException);
    expect(() => call('order.job.completed', { actor: staff, payload })).toThrow(DomainException);
  });

  it('refuses a table that handles a subject twice', () => {
    const twice = (): Type<object> =>
      createRpcController([
        rpc('order.device.test-print', PrintTest, (print, m) => print.execute(m.payload.id)),
        rpc('order.device.test-print', PrintTest, (print, m) => print.execute(m.payload.id)),
      ]);
    expect(twice).toThrow('RPC subject order.device.test-print is handled twice');
  });
});
