import { Inject, Injectable } from '@nestjs/common';
import type { PaymentProvider } from '@shop/contracts';
import { CONFIG } from '@shop/server';
import type { PaymentConfig } from '../config/payment-config.js';
import { DatatransAdapter } from '../providers/datatrans.adapter.js';
import { MollieAdapter } from '../providers/mollie.adapter.js';
import type { PaymentProviderAdapter } from '../providers/provider.js';

/** The providers' adapters, configured from the service's settings (their URLs: the local fakes in tests). */
@Injectable()
export class PaymentProviders {
  readonly mollie: MollieAdapter;
  readonly datatrans: DatatransAdapter;
  private readonly adapters: Record<PaymentProvider, PaymentProviderAdapter>;

  constructor(@Inject(CONFIG) config: PaymentConfig) {
    this.mollie = new MollieAdapter(config);
    this.datatrans = new DatatransAdapter(config);
    this.adapters = { mollie: this.mollie, datatrans: this.datatrans };
  }

  of(provider: PaymentProvider): PaymentProviderAdapter {
    return this.adapters[provider];
  }
}
