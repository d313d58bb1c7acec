import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AnalyticsBatch } from '@shop/contracts';
import { DomainException, LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { Public } from '../auth/access.js';
import { validateBody } from '../http/validate-body.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { GatewayEvents } from '../logs/gateway-events.js';

/**
 * storefront-presenter.md §7 "Analytics events (add-to-cart, checkout start, order placed, page views, device
 * info at start, form events) go to POST /analytics-log with type, action, category and data."
 *
 * The storefront sends its queued events in batches. The gateway validates a batch and publishes it to the
 * GATEWAY stream; the statistics service stores it from there (durable consumer), so a batch accepted here is
 * not lost while that service is down. Anonymous: no IP address, cookie or session goes with it. The route is
 * CSRF-exempt (a staff cookie grants nothing here). When JetStream does not take the batch the answer is 503
 * and the storefront keeps it queued for its next try.
 */
@ApiTags('analytics')
@Controller('api/analytics-log')
export class AnalyticsController {
  constructor(
    private readonly events: GatewayEvents,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @HttpCode(202)
  @Public()
  @ApiBody({ schema: openApiSchema(AnalyticsBatch) })
  @ApiOperation({
    summary:
      'Anonymous storefront analytics events in batches, stored by the statistics service; 202 { data: { accepted } }',
  })
  async log(@Body() body: unknown) {
    validateBody(AnalyticsBatch, body);
    const { events } = AnalyticsBatch.parse(body);
    try {
      await this.events.analyticsReceived(events);
    } catch (err) {
      this.logger.warn({ err, events: events.length }, 'analytics batch not published');
      throw DomainException.of('SERVICE_UNAVAILABLE', 'http.serviceUnavailable');
    }
    return { data: { accepted: events.length } };
  }
}
