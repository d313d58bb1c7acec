import { Module, type INestApplicationContext } from '@nestjs/common';
import { MetadataScanner, NestFactory } from '@nestjs/core';
import { ListenerMetadataExplorer } from '@nestjs/microservices/listener-metadata-explorer.js';
import type { PrivacyFindRequest, RpcSubject } from '@shop/contracts';
import { CONFIG, privacySubject, signCaller } from '@shop/server';
import { OrderPrivacyController } from './privacy.controller.js';
import { EraseOrderData } from './usecases/erase-order-data/erase-order-data.usecase.js';
import { FindOrderData } from './usecases/find-order-data/find-order-data.usecase.js';

const SERVICE_SECRET = 'the-services-shared-secret';
const request: PrivacyFindRequest = { subject: privacySubject({ email: 'Anna.Berger@Example.at' }) };

/** the use cases' stand-ins: they record what the handlers hand over */
const received: unknown[] = [];
const find = { execute: (req: unknown) => (received.push(req), Promise.resolve({ sections: [] })) };
const erase = { execute: (req: unknown) => (received.push(req), Promise.resolve({ erased: [] })) };

@Module({
  controllers: [OrderPrivacyController],
  providers: [
    { provide: FindOrderData, useValue: find },
    { provide: EraseOrderData, useValue: erase },
    { provide: CONFIG, useValue: { SERVICE_SECRET } },
  ],
})
class PrivacyTestModule {}

/** Issue 44: a customer's data is found and erased for the identity service only, which records each request. */
describe('OrderPrivacyController', () => {
  let app: INestApplicationContext;
  let controller: object;
  /** calls the handler Nest registered for the subject, as the transport does */
  const call = (subject: RpcSubject, caller: string | null, payload: unknown) => {
    const handler = new ListenerMetadataExplorer(new MetadataScanner())
      .explore(controller)
      .find((h) => h.patterns.includes(subject));
    const signed = caller ? signCaller({ service: caller, secret: SERVICE_SECRET }, subject) : undefined;
    return Promise.resolve().then(() =>
      handler!.targetCallback.call(controller, { actor: null, caller: signed, payload }),
    );
  };

  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(PrivacyTestModule, { logger: false });
    controller = app.get(OrderPrivacyController);
  });
  afterAll(() => app.close());

  it('answers the identity service, with the request checked', async () => {
    await expect(call('order.privacy.find', 'identity', request)).resolves.toEqual({ sections: [] });
    await expect(call('order.privacy.erase', 'identity', request)).resolves.toEqual({ erased: [] });
    expect(received).toEqual([request, request]);
  });

  it('refuses every other caller (403) and a request it cannot read (400) before any query', async () => {
    received.length = 0;
    for (const subject of ['order.privacy.find', 'order.privacy.erase'] as const) {
      await expect(call(subject, 'workers', request)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(call(subject, null, request)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(
        call(subject, 'identity', { subject: { emails: [], phoneDigits: ['12 34'], phonesE164: [] } }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(received).toEqual([]);
  });
});
