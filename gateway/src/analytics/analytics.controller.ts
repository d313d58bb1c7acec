import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { z } from 'zod';
import { validateBody } from '../http/validate-body.js';

/**
 * storefront-presenter.md §7 "Analytics events (add-to-cart, checkout start, order placed, page views, device
 * info at start, form events) go to POST /analytics-log with type, action, category and data."
 *
 * The storefront sends its queued events in batches. The statistics service that will own the
 * analytics-log resource does not exist yet, so the gateway validates the batch and writes it to its log
 * (one line per batch, level info, no IP address, no cookie, no session): nothing is stored. The route is
 * anonymous and CSRF-exempt (a staff cookie grants nothing here).
 */
const Scalar = z.union([z.string().max(500), z.number().finite(), z.boolean(), z.null()]);
export const AnalyticsEvent = z.object({
  type: z.string().min(1).max(50),
  action: z.string().min(1).max(200),
  category: z.string().max(100).nullable().default(null),
  /** small flat payloads only (product id, route, screen size …) */
  data: z.record(z.string().max(50), Scalar).refine((d) => Object.keys(d).length <= 30, { message: 'validation.tooMany' }).default({}),
  /** when the event happened in the browser (ISO) */
  occurredAt: z.iso.datetime({ offset: true }).optional(),
});
export const AnalyticsBatch = z.object({ events: z.array(AnalyticsEvent).min(1).max(100) });
export type AnalyticsBatch = z.infer<typeof AnalyticsBatch>;

export const ANALYTICS_PATH = '/api/analytics-log';

@ApiTags('analytics')
@Controller('api/analytics-log')
export class AnalyticsController {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  @Post()
  @HttpCode(202)
  @ApiBody({ schema: z.toJSONSchema(AnalyticsBatch, { io: 'input' }) as object })
  @ApiOperation({ summary: 'Anonymous storefront analytics events in batches (logged, not stored); 202 { data: { accepted } }' })
  log(@Body() body: unknown) {
    validateBody(AnalyticsBatch, body);
    const { events } = AnalyticsBatch.parse(body);
    this.logger.info({ analytics: events }, 'analytics events');
    return { data: { accepted: events.length } };
  }
}
