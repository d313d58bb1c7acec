import { Body, Controller, Get, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { OrderInput, QuestionnaireInput, type OrderOrigin } from '@shop/contracts';
import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Actor, BranchKey, Public } from '../auth/access.js';
import { pathId } from '../common/path-id.js';
import { ProofOfWork } from '../common/proof-of-work.js';
import { requireObject, validateBody } from '../common/validate-body.js';
import { openApiSchema as schema } from '../openapi/json-schema.js';
import { orderSubjects, OrderAbuseLimits } from './order-abuse.js';
import { PublicOrderCache } from './public-order.cache.js';
import { Returns } from '../openapi/returns.js';

/** Counter screens send their key in this header, never in the URL (which proxy logs and histories keep). */
const SCREEN_KEY_HEADER = 'x-screen-key';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,128}$/;

/**
 * Where an order was placed (issue 21, order-origins): by staff when a staff session goes with it, on a
 * self-service terminal when the page was under /self-service (the storefront's self-service context), else
 * in the storefront. For statistics only: it grants nothing.
 */
export function orderOrigin(actor: Actor | null, referer: string | undefined): OrderOrigin {
  if (actor) return 'staff';
  try {
    if (referer && new URL(referer).pathname.startsWith('/self-service')) return 'self-service';
  } catch {
    // a malformed Referer tells nothing
  }
  return 'storefront';
}

export function positiveId(raw: string): number {
  return pathId(raw, () => DomainException.of('NOT_FOUND', 'order.notFound'));
}

/**
 * Orders (backoffice-platform.md §7, api-contract.md "Orders"): the public checkout and status link, and the counter
 * screens' views; staff actions and views are StaffOrdersController's.
 */
@ApiTags('orders')
@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly bus: ServiceBus,
    private readonly publicOrders: PublicOrderCache,
    private readonly abuse: OrderAbuseLimits,
    private readonly proofOfWork: ProofOfWork,
  ) {}

  /* ------------------------------------------------------------ anonymous customers */

  @Post()
  @Public()
  @ApiOperation({
    summary: 'Place an order (anonymous). Priced from the catalogue; Idempotency-Key replays the first answer for 24 h',
  })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  @ApiBody({ schema: schema(OrderInput) })
  @ApiHeader({
    name: 'X-Altcha',
    required: false,
    description:
      'A solved ALTCHA challenge (GET /api/orders/challenge), needed once a client, phone number or e-mail address placed ORDER_CHALLENGE_AFTER orders within the window',
  })
  @ApiResponse({
    status: 429,
    description: 'too many orders, or a solved challenge is needed (code CHALLENGE_REQUIRED)',
  })
  @Returns('PublicOrder', {
    status: 201,
    description:
      '{data: order}: 201 for a new order, 200 for the replay of an Idempotency-Key (header idempotent-replayed: true)',
  })
  async create(
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Headers('referer') referer: string | undefined,
    @Actor() actor: Actor | null,
    @Headers('x-altcha') altcha: string | undefined,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw DomainException.of('BAD_REQUEST', 'validation.regex', undefined, 'Idempotency-Key');
    }
    const form = requireObject(body);
    const subjects = orderSubjects(req.ip, form);
    // the order's place in the limits, held from here: orders sent at once are counted before they are sent on
    const release = await this.abuse.admit(subjects, altcha);
    // the order service validates the form in full: format errors and the order rules come back in one answer
    const result = await this.bus
      .request('order.order.create', { body: form, idempotencyKey: key ?? null, origin: orderOrigin(actor, referer) })
      .catch(async (err: unknown) => {
        // a refused form, a conflict or an outage of the order service: no order, no place taken
        await release();
        throw err;
      });
    // a replay (the first answer of this Idempotency-Key) is no new order: it takes no place in the limits
    if (result.status !== 201 || result.replayed) await release();
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    reply.status(result.status);
    return { data: result.order };
  }

  @Get('challenge')
  @Public()
  @ApiOperation({
    summary:
      'A proof-of-work challenge (ALTCHA, signed, valid 10 minutes): the browser solves it and sends the solution with the order in X-Altcha',
  })
  @Returns('AltchaChallenge')
  async challenge() {
    return { data: await this.proofOfWork.challenge() };
  }

  @Post('public/:uid/:hash/confirm-counter-appointment')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'The customer accepts the counter-proposed appointment (empty body)' })
  @Returns('order.order.confirm-counter-appointment')
  async confirmCounter(@Param('uid') uid: string, @Param('hash') hash: string) {
    return this.publicAction('order.order.confirm-counter-appointment', { uid, hash });
  }

  @Post('public/:uid/:hash/reject-counter-appointment')
  @Public()
  @HttpCode(200)
  @ApiOperation({ summary: 'The customer rejects the counter-proposal, which cancels the order (empty body)' })
  @Returns('order.order.reject-counter-appointment')
  async rejectCounter(@Param('uid') uid: string, @Param('hash') hash: string) {
    return this.publicAction('order.order.reject-counter-appointment', { uid, hash });
  }

  @Post('public/:uid/:hash/questionnaire')
  @Public()
  @HttpCode(200)
  @ApiBody({ schema: schema(QuestionnaireInput) })
  @ApiOperation({
    summary: 'Rate a completed order once: rating, foodRating, serviceRating, processRating (1–5), comment',
  })
  @Returns('order.order.questionnaire')
  async questionnaire(@Param('uid') uid: string, @Param('hash') hash: string, @Body() body: unknown) {
    return this.publicAction('order.order.questionnaire', {
      uid,
      hash,
      body: validateBody(QuestionnaireInput, body ?? {}),
    });
  }

  private async publicAction<
    S extends
      | 'order.order.confirm-counter-appointment'
      | 'order.order.reject-counter-appointment'
      | 'order.order.questionnaire',
  >(subject: S, payload: Parameters<ServiceBus['request']>[1] & { uid: string; hash: string }) {
    const order = await this.bus.request(subject, payload as never);
    // the next poll on this gateway sees the change at once
    this.publicOrders.invalidate(order.uid);
    return { data: order };
  }

  /* ------------------------------------------------------------ counter screens (branch id + API key) */
  // issue 37: the key travels in X-Screen-Key only; the spec's `…/{branchId}/{apiKey}` form is gone (a key in a
  // URL lands in proxy logs and browser histories), so such a URL is an unknown route (404)

  @Get('frontdesk/:branchId')
  @BranchKey()
  @ApiHeader({ name: SCREEN_KEY_HEADER, required: true, description: "the branch's counter-screen key" })
  @ApiOperation({
    summary:
      "Front-desk view (faces customers): ticket, stage and time of the branch's current orders, no customer data; the counter-screen key in X-Screen-Key instead of a login (wrong key: 404)",
  })
  @Returns('FrontdeskOrder', { many: 'array' })
  frontdesk(@Param('branchId') branchId: string, @Headers(SCREEN_KEY_HEADER) apiKey: string | undefined) {
    return this.branchView(branchId, apiKey, 'frontdesk');
  }

  @Get('backoffice/:branchId')
  @BranchKey()
  @ApiHeader({ name: SCREEN_KEY_HEADER, required: true, description: "the branch's counter-screen key" })
  @ApiOperation({
    summary:
      "Back-office view for a kitchen screen: the branch's current staff orders, the counter-screen key in X-Screen-Key (wrong key: 404)",
  })
  @Returns('StaffOrder', { many: 'array' })
  backoffice(@Param('branchId') branchId: string, @Headers(SCREEN_KEY_HEADER) apiKey: string | undefined) {
    return this.branchView(branchId, apiKey, 'backoffice');
  }

  /** A missing key is a wrong key (404, no hint which part was wrong). */
  private async branchView(branchId: string, apiKey: string | undefined, view: 'frontdesk' | 'backoffice') {
    const id = positiveId(branchId);
    if (!apiKey) throw DomainException.of('NOT_FOUND', 'order.notFound');
    return { data: await this.bus.request('order.order.branch-view', { branchId: id, apiKey, view }) };
  }
}
