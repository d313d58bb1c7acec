import { Module, type INestApplicationContext } from '@nestjs/common';
import { MetadataScanner, NestFactory } from '@nestjs/core';
import { ListenerMetadataExplorer } from '@nestjs/microservices/listener-metadata-explorer.js';
import { CONFIG, signCaller } from '@shop/server';
import { PaymentPrivacyController } from './payment-privacy.controller.js';
import { FindPaymentData } from './usecases/find-payment-data/find-payment-data.usecase.js';

const SERVICE_SECRET = 'the-services-shared-secret';
const request = { subject: { emails: ['anna.berger@example.at'], phoneDigits: [], phonesE164: [] }, orderIds: [7] };
const received: unknown[] = [];

@Module({
  controllers: [PaymentPrivacyController],
  providers: [
    { provide: FindPaymentData, useValue: { execute: (req: unknown) => (received.push(req), { sections: [] }) } },
    { provide: CONFIG, useValue: { SERVICE_SECRET } },
  ],
})
class PaymentPrivacyTestModule {}

/** Issue 44: a customer's payments are listed for the identity service only, which records each request. */
describe('PaymentPrivacyController', () => {
  let app: INestApplicationContext;
  let controller: object;
  const find = (caller: string | null, payload: unknown) => {
    const handler = new ListenerMetadataExplorer(new MetadataScanner())
      .explore(controller)
      .find((h) => h.patterns.includes('payment.privacy.find'));
    const signed = caller ? signCaller({ service: caller, secret: SERVICE_SECRET }, 'payment.privacy.find') : undefined;
    return Promise.resolve().then(() =>
      handler!.targetCallback.call(controller, { actor: null, caller: signed, payload }),
    );
  };
  beforeAll(async () => {
    app = await NestFactory.createApplicationContext(PaymentPrivacyTestModule, { logger: false });
    controller = app.get(PaymentPrivacyController);
  });
  afterAll(() => app.close());

  it('answers the identity service only (403 for anyone else), with the request checked (400)', async () => {
    await expect(find('identity', request)).resolves.toEqual({ sections: [] });
    await expect(find('order', request)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(find(null, request)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(find('identity', { ...request, orderIds: ['7'] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(received).toEqual([request]);
  });
});
