import { ConfigError } from '@shop/server';
import { loadPaymentConfig } from './payment-config.js';

describe('payment config', () => {
  it('ends a provider call well before the bus requests it runs in (default 3 s against 5 s)', () => {
    const config = loadPaymentConfig({});
    expect(config.PAYMENT_PROVIDER_TIMEOUT_MS).toBe(3000);
    expect(config.NATS_REQUEST_TIMEOUT_MS).toBe(5000);
  });

  it('refuses to start with a provider timeout that is not clearly shorter than the bus timeout', () => {
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER_TIMEOUT_MS: '10000' })).toThrow(ConfigError);
    expect(() => loadPaymentConfig({ PAYMENT_PROVIDER_TIMEOUT_MS: '3001' })).toThrow(
      /PAYMENT_PROVIDER_TIMEOUT_MS: must be at least 2000 ms shorter than NATS_REQUEST_TIMEOUT_MS/,
    );
    expect(
      loadPaymentConfig({ PAYMENT_PROVIDER_TIMEOUT_MS: '8000', NATS_REQUEST_TIMEOUT_MS: '10000' })
        .PAYMENT_PROVIDER_TIMEOUT_MS,
    ).toBe(8000);
  });
});
