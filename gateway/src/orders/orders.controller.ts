import { Controller } from '@nestjs/common';
import { ApiHeader, ApiResponse, ApiTags } from '@nestjs/swagger';
import { OrderInput, QuestionnaireInput, type OrderOrigin, type RpcRequest } from '@shop/contracts';
import { DomainException } from '@shop/server';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../auth/access.js';
import { createHttpController, type HttpRoute, type RouteInput, type RouteServices } from '../bus/http-routes.js';
import { pathId } from '../common/path-id.js';
import { ProofOfWork } from '../common/proof-of-work.js';
import { requireObject, validateBody } from '../common/validate-body.js';
import { Returns } from '../openapi/returns.js';
import { orderSubjects, OrderAbuseLimits } from './order-abuse.js';
import { PublicOrderCache } from './public-order.cache.js';

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

/** A header the handler reads (Node joins a repeated header of these names into one string). */
const header = (req: FastifyRequest, name: string) => req.headers[name] as string | undefined;

/** What the order routes are given beside the bus. */
type OrderServices = RouteServices<{
  publicOrders: PublicOrderCache;
  abuse: OrderAbuseLimits;
  proofOfWork: ProofOfWork;
}>;

/** Places an anonymous order within the abuse limits: its place is held before it is sent on, given back if not taken. */
async function placeOrder({ actor, body, req, reply }: RouteInput, { bus, abuse }: OrderServices) {
  const key = header(req, 'idempotency-key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
    throw DomainException.of('BAD_REQUEST', 'validation.regex', undefined, 'Idempotency-Key');
  }
  const form = requireObject(body);
  const subjects = orderSubjects(req.ip, form);
  // the order's place in the limits, held from here: orders sent at once are counted before they are sent on
  const release = await abuse.admit(subjects, header(req, 'x-altcha'));
  // the order service validates the form in full: format errors and the order rules come back in one answer
  const origin = orderOrigin(actor, req.headers.referer);
  const result = await bus
    .request('order.order.create', { body: form, idempotencyKey: key ?? null, origin })
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

/** The customer's actions through the status link (uid and hash): the next poll on this gateway sees the change at once. */
type CustomerAction =
  'order.order.confirm-counter-appointment' | 'order.order.reject-counter-appointment' | 'order.order.questionnaire';
const customerAction = <S extends CustomerAction>(
  subject: S,
  more: (input: RouteInput) => Omit<RpcRequest<S>, 'uid' | 'hash'>,
): Pick<HttpRoute<OrderServices>, 'answer' | 'handle'> => ({
  answer: Returns(subject),
  handle: async (input, { bus, publicOrders }) => {
    const { uid, hash } = input.params;
    const order = await bus.request(subject, { uid, hash, ...more(input) } as RpcRequest<S>);
    publicOrders.invalidate(order.uid);
    return { data: order };
  },
});

/**
 * A counter screen's view of its branch's current orders; a missing key is a wrong key (403 with the screen key's own
 * text, issue 42; no hint whether the branch or the key was wrong).
 */
const branchView =
  (view: 'frontdesk' | 'backoffice'): HttpRoute['handle'] =>
  async ({ params, req }, { bus }) => {
    const branchId = positiveId(params.branchId);
    const apiKey = header(req, SCREEN_KEY_HEADER);
    if (!apiKey) throw DomainException.of('FORBIDDEN', 'order.screenKeyInvalid');
    return { data: await bus.request('order.order.branch-view', { branchId, apiKey, view }) };
  };
const SCREEN_KEY = ApiHeader({
  name: SCREEN_KEY_HEADER,
  required: true,
  description: "the branch's counter-screen key",
});

/**
 * Orders (backoffice-platform.md §7, api-contract.md "Orders"): the public checkout and status link, and the counter
 * screens' views; staff actions and views are StaffOrdersController's.
 *
 * The counter screens (branch id + key): issue 37 put the key in X-Screen-Key only; the spec's
 * `…/{branchId}/{apiKey}` form is gone (a key in a URL lands in proxy logs and browser histories), so such a URL is
 * an unknown route (404).
 */
@ApiTags('orders')
@Controller('api/orders')
export class OrdersController extends createHttpController(
  [
    {
      name: 'create',
      method: 'post',
      path: '',
      access: 'public',
      optionalSession: true,
      body: OrderInput,
      decorators: [
        ApiHeader({ name: 'Idempotency-Key', required: false }),
        ApiHeader({
          name: 'X-Altcha',
          required: false,
          description:
            'A solved ALTCHA challenge (GET /api/orders/challenge), needed once a client, phone number or e-mail address placed ORDER_CHALLENGE_AFTER orders within the window',
        }),
        ApiResponse({
          status: 429,
          description: 'too many orders, or a solved challenge is needed (code CHALLENGE_REQUIRED)',
        }),
      ],
      summary:
        'Place an order (anonymous). Priced from the catalogue; Idempotency-Key replays the first answer for 24 h',
      answer: Returns('PublicOrder', {
        status: 201,
        description:
          '{data: order}: 201 for a new order, 200 for the replay of an Idempotency-Key (header idempotent-replayed: true)',
      }),
      handle: placeOrder,
    },
    {
      name: 'challenge',
      method: 'get',
      path: 'challenge',
      access: 'public',
      summary:
        'A proof-of-work challenge (ALTCHA, signed, valid 10 minutes): the browser solves it and sends the solution with the order in X-Altcha',
      answer: Returns('AltchaChallenge'),
      handle: async (_input, { proofOfWork }) => ({ data: await proofOfWork.challenge() }),
    },
    {
      name: 'confirmCounter',
      method: 'post',
      path: 'public/:uid/:hash/confirm-counter-appointment',
      access: 'public',
      status: 200,
      summary: 'The customer accepts the counter-proposed appointment (empty body)',
      ...customerAction('order.order.confirm-counter-appointment', () => ({})),
    },
    {
      name: 'rejectCounter',
      method: 'post',
      path: 'public/:uid/:hash/reject-counter-appointment',
      access: 'public',
      status: 200,
      summary: 'The customer rejects the counter-proposal, which cancels the order (empty body)',
      ...customerAction('order.order.reject-counter-appointment', () => ({})),
    },
    {
      name: 'questionnaire',
      method: 'post',
      path: 'public/:uid/:hash/questionnaire',
      access: 'public',
      status: 200,
      body: QuestionnaireInput,
      summary: 'Rate a completed order once: rating, foodRating, serviceRating, processRating (1–5), comment',
      ...customerAction('order.order.questionnaire', ({ body }) => ({
        body: validateBody(QuestionnaireInput, body ?? {}),
      })),
    },
    {
      name: 'frontdesk',
      method: 'get',
      path: 'frontdesk/:branchId',
      access: 'branch-key',
      decorators: [SCREEN_KEY],
      summary:
        "Front-desk view (faces customers): ticket, stage and time of the branch's current orders, no customer data; the counter-screen key in X-Screen-Key instead of a login (wrong key: 403)",
      answer: Returns('FrontdeskOrder', { many: 'array' }),
      handle: branchView('frontdesk'),
    },
    {
      name: 'backoffice',
      method: 'get',
      path: 'backoffice/:branchId',
      access: 'branch-key',
      decorators: [SCREEN_KEY],
      summary:
        "Back-office view for a kitchen screen: the branch's current staff orders, the counter-screen key in X-Screen-Key (wrong key: 403)",
      answer: Returns('StaffOrder', { many: 'array' }),
      handle: branchView('backoffice'),
    },
  ],
  { publicOrders: PublicOrderCache, abuse: OrderAbuseLimits, proofOfWork: ProofOfWork },
) {}
