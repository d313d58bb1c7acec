import { Body, Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AnalyticsBatch, AnalyticsEvent, AnalyticsLogBody, type AnalyticsContext } from '@shop/contracts';
import { DomainException, LOGGER, parseOrThrow } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { Public } from '../auth/access.js';
import { requireObject } from '../common/validate-body.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { GatewayEvents } from '../logs/gateway-events.js';
import { pagePath, parseUserAgent, referrerHost, VisitorIds } from './visitor-id.js';
import { Returns } from '../openapi/returns.js';

/**
 * storefront-presenter.md §7 "Analytics events (add-to-cart, checkout start, order placed, page views, device
 * info at start, form events) go to POST /analytics-log with type, action, category and data."
 *
 * The body is the spec's single event or a batch ({ events: [...] }, what the storefront's queue sends). The
 * gateway adds what the browser cannot be trusted with (AnalyticsContext: a cookieless visitor id, browser and
 * operating system, the page) and cuts `data.referrer` to its host; the address and the user agent themselves
 * go nowhere. It publishes the batch to the ANALYTICS stream; the statistics service stores it from there
 * (durable consumer), so a batch accepted here is not lost while that service is down. CSRF-exempt (a staff
 * cookie grants nothing here). When JetStream does not take the batch the answer is 503 and the storefront
 * keeps it queued for its next try.
 */
@ApiTags('analytics')
@Controller('api/analytics-log')
export class AnalyticsController {
  constructor(
    private readonly events: GatewayEvents,
    private readonly visitors: VisitorIds,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @Post()
  @HttpCode(202)
  @Public()
  @ApiBody({ schema: openApiSchema(AnalyticsLogBody) })
  @ApiResponse({ status: 503, description: 'JetStream did not store the events; send them again later' })
  @ApiOperation({
    summary:
      'Anonymous storefront analytics: one event or { events: [...] }, stored by the statistics service; 202 { data: { accepted } }',
  })
  @Returns('AcceptedEvents', { status: 202 })
  async log(
    @Body() body: unknown,
    @Req() req: FastifyRequest,
    @Headers('user-agent') userAgent: string | undefined,
    @Headers('referer') referer: string | undefined,
  ) {
    // judged by its shape, so that a wrong field is named (a union would only say that neither shape fits); parsed
    // once, and the parsed events are what is published
    const object = requireObject(body);
    const parsed =
      'events' in object ? parseOrThrow(AnalyticsBatch, object).events : [parseOrThrow(AnalyticsEvent, object)];
    const site = (req.hostname ?? '').split(':')[0].toLowerCase();
    const events: AnalyticsEvent[] = parsed.map((e) =>
      e.data.referrer === undefined ? e : { ...e, data: { ...e.data, referrer: referrerHost(e.data.referrer, site) } },
    );
    let context: AnalyticsContext;
    try {
      context = {
        visitorId: await this.visitors.visitorId(site, req.ip, userAgent ?? ''),
        site,
        page: pagePath(referer),
        ...parseUserAgent(userAgent ?? ''),
      };
      await this.events.analyticsReceived(events, context);
    } catch (err) {
      this.logger.warn({ err, events: events.length }, 'analytics batch not published');
      throw DomainException.of('SERVICE_UNAVAILABLE', 'http.serviceUnavailable');
    }
    return { data: { accepted: events.length } };
  }
}
