import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import type { PaymentConfig } from '../config/payment-config.js';
import { PaymentService } from './payment.service.js';

/** Runs PaymentService.reconcile on a schedule (one run at a time per process; settling is safe across processes). */
@Injectable()
export class PaymentReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    private readonly payments: PaymentService,
    @Inject(CONFIG) private readonly config: PaymentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap() {
    this.timer = setInterval(() => void this.tick(), this.config.PAYMENT_RECONCILE_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown() {
    if (this.timer) clearInterval(this.timer);
  }

  private async tick() {
    if (this.running) return;
    this.running = true;
    try {
      const settled = await this.payments.reconcile();
      if (settled) this.logger.info({ settled }, 'reconciler settled payments');
    } catch (err) {
      this.logger.warn({ err }, 'reconciler run failed');
    } finally {
      this.running = false;
    }
  }
}
