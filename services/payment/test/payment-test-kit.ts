import type { StartPaymentRequest } from '@shop/contracts';
import { createLogger, dataSourceOptions, databaseTimeouts, OutboxEntity } from '@shop/server';
import { createTestDatabase, FakeDatatrans, FakeMollie, type TestDatabase } from '@shop/testing';
import { DataSource } from 'typeorm';
import { loadPaymentConfig, type PaymentConfig } from '../src/config/payment-config.js';
import { PAYMENT_ENTITIES, PAYMENT_SCHEMA } from '../src/payment.entities.js';
import { PaymentProviders } from '../src/payments/payment-providers.js';
import { PaymentEntity } from '../src/payments/payment.entity.js';
import { PaymentRepository } from '../src/payments/payment.repository.js';
import { PaymentSettlement } from '../src/payments/usecases/shared/payment-settlement.js';
import { StartPayment } from '../src/payments/usecases/start-payment/start-payment.usecase.js';

/**
 * A throwaway database with the payment schema's tables (synchronized from the entities, with the outbox) and the
 * local fakes of Mollie and Datatrans the service's configured URLs point at, for the payment use cases' specs.
 */
export async function paymentTestDatabase(
  label: string,
  o: { env?: Record<string, string>; poolSize?: number } = {},
): Promise<PaymentTestKit> {
  const mollie = await new FakeMollie().start();
  const datatrans = await new FakeDatatrans().start();
  const db = await createTestDatabase(label);
  const setup = await new DataSource({ type: 'postgres', url: db.url }).initialize();
  await setup.query(`CREATE SCHEMA "${PAYMENT_SCHEMA}"`);
  await setup.destroy();
  const config = loadPaymentConfig({
    DATABASE_URL: db.url,
    MOLLIE_API_URL: mollie.baseUrl,
    MOLLIE_API_KEY: mollie.apiKey,
    DATATRANS_API_URL: datatrans.baseUrl,
    DATATRANS_PAY_URL: datatrans.baseUrl,
    DATATRANS_MERCHANT_ID: datatrans.merchantId,
    DATATRANS_PASSWORD: datatrans.password,
    DATATRANS_HMAC_KEY: datatrans.hmacKey,
    ...o.env,
  });
  const ds = await new DataSource(
    dataSourceOptions({
      url: db.url,
      schema: PAYMENT_SCHEMA,
      entities: [OutboxEntity, ...PAYMENT_ENTITIES],
      migrations: [],
      synchronize: true,
      poolSize: o.poolSize ?? 4,
      timeouts: databaseTimeouts(config),
    }),
  ).initialize();
  return new PaymentTestKit(db, ds, config, mollie, datatrans);
}

export class PaymentTestKit {
  readonly logger = createLogger('test', 'silent');
  /** how often the settlement kicked the outbox relay */
  kicks = 0;
  readonly payments: PaymentRepository;
  readonly providers: PaymentProviders;
  readonly settlement: PaymentSettlement;
  readonly start: StartPayment;

  constructor(
    readonly db: TestDatabase,
    readonly ds: DataSource,
    readonly config: PaymentConfig,
    readonly mollie: FakeMollie,
    readonly datatrans: FakeDatatrans,
  ) {
    this.payments = new PaymentRepository(ds);
    this.providers = new PaymentProviders(config);
    const relay = { kick: async () => void this.kicks++ };
    this.settlement = new PaymentSettlement(ds, this.payments, this.providers, relay, this.logger);
    this.start = new StartPayment(ds, this.payments, this.providers, config, this.logger);
  }

  /** Starts a payment of 23.50 EUR for the order (at Mollie unless told). */
  startFor(orderId: number, o: Partial<StartPaymentRequest> = {}) {
    return this.start.execute({
      orderId,
      provider: 'mollie',
      amount: 23.5,
      currency: 'EUR',
      description: `Bestellung ${orderId}`,
      successPath: `/bestellung/${orderId}`,
      failurePath: '/kasse',
      ...o,
    });
  }

  row(orderId: number): Promise<PaymentEntity> {
    return this.ds.getRepository(PaymentEntity).findOneByOrFail({ orderId });
  }

  /** The settled events in the outbox. */
  async settledEvents(): Promise<Array<Record<string, unknown>>> {
    const rows = await this.ds.getRepository(OutboxEntity).find({ order: { id: 'ASC' } });
    return rows.filter((r) => r.subject === 'payment.payment.settled').map((r) => r.payload as Record<string, unknown>);
  }

  async close(): Promise<void> {
    await this.ds.destroy();
    await this.db.drop();
    await this.mollie.stop();
    await this.datatrans.stop();
  }
}
