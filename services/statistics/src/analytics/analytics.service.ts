import { Inject, Injectable } from '@nestjs/common';
import { AnalyticsEvent, type AnalyticsReceivedEvent } from '@shop/contracts';
import { LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { AnalyticsEventEntity } from './analytics-event.entity.js';

/** Stores the storefront's analytics batches (the gateway validated them; checked again at this boundary). */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly ds: DataSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Idempotent per batch: a redelivered batch finds its rows and adds nothing. */
  async store(batch: AnalyticsReceivedEvent): Promise<number> {
    const receivedAt = new Date(batch.receivedAt);
    const rows = batch.events.flatMap((raw, position) => {
      const parsed = AnalyticsEvent.safeParse(raw);
      if (!parsed.success) {
        // redelivering cannot make it valid: drop it, visibly
        this.logger.warn({ batchId: batch.batchId, position }, 'invalid analytics event dropped');
        return [];
      }
      const e = parsed.data;
      return [
        {
          batchId: batch.batchId,
          position,
          type: e.type,
          action: e.action,
          category: e.category ?? '',
          data: e.data as object,
          occurredAt: e.occurredAt ? new Date(e.occurredAt) : receivedAt,
          receivedAt,
        },
      ];
    });
    if (rows.length)
      await this.ds.createQueryBuilder().insert().into(AnalyticsEventEntity).values(rows).orIgnore().execute();
    return rows.length;
  }
}
