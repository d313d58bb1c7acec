import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, LOGGER, Periodic } from '@shop/server';
import type { Logger } from 'pino';
import { CatalogueContextCache } from '../catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from '../config/order-config.js';
import { OrderRetentionRepository, type RetentionCutoffs } from './order-retention.repository.js';

/** orders deleted per statement: short transactions, no long lock on the order table */
const RETENTION_BATCH = 500;
/** the earliest time zone (UTC+14): its new year comes first, so no shop's record is deleted a moment early */
const EARLIEST_OFFSET_MS = 14 * 3_600_000;

/**
 * When the tax period of `years` ends for a record: the period runs from the end of the calendar year the record was
 * made in (Austria BAO §132 (1), Germany §147 (4) AO), so at `now` the records of the years before
 * `now's year − years` have outlived it: the cutoff is the start of that year.
 */
export function retentionCutoff(now: Date, years: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - years, 0, 1) - EARLIEST_OFFSET_MS);
}

/**
 * Issue 44: orders are kept (anonymised, once a customer asked for erasure) for the tax period of their country and
 * deleted after it, with their lines, their receipts in the printers' queues and their job rows. The country is the
 * branch's as the catalogue has it; for a branch the catalogue no longer knows, the customer's; else '*'
 * (ORDER_RETENTION_YEARS, e.g. 'AT:7,DE:10,*:10'). While the catalogue cannot answer, the sweep deletes nothing and
 * waits for its next run: a German branch's orders must not go after Austria's seven years.
 */
@Injectable()
export class OrderRetention {
  constructor(
    private readonly repo: OrderRetentionRepository,
    private readonly catalogue: CatalogueContextCache,
    @Inject(CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Periodic('order-retention', (c: OrderConfig) => c.ORDER_RETENTION_INTERVAL_MS)
  async sweep(now = new Date()): Promise<number> {
    const cutoffs = await this.cutoffs(now);
    let total = 0;
    for (;;) {
      const deleted = await this.repo.deleteExpired(cutoffs, RETENTION_BATCH);
      total += deleted;
      if (deleted < RETENTION_BATCH) break;
    }
    if (total) this.logger.info({ deleted: total }, 'orders past their tax period deleted');
    return total;
  }

  private async cutoffs(now: Date): Promise<RetentionCutoffs> {
    const years = this.config.ORDER_RETENTION_YEARS;
    // '*' is required by the config; the longest period stands in should it be missing all the same
    const other = years['*'] ?? Math.max(...Object.values(years));
    const cutoffOf = (country: string) => retentionCutoff(now, years[country] ?? other);
    const latest = retentionCutoff(now, Math.min(...Object.values(years)));
    const byBranch: Record<string, string> = {};
    for (const branchId of await this.repo.branchesBefore(latest)) {
      // a failed request fails the sweep: no order is deleted by a guessed country
      const ctx = await this.catalogue.get(branchId);
      if (ctx) byBranch[branchId] = cutoffOf(ctx.branch.country).toISOString();
    }
    const byCountry = Object.fromEntries(
      Object.keys(years)
        .filter((country) => country !== '*')
        .map((country) => [country, cutoffOf(country).toISOString()]),
    );
    return { latest, byBranch, byCountry, other: cutoffOf('*') };
  }
}
