import { DomainException, ServiceBus } from '@shop/server';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { answering, sendError } from '../common/error-envelope.js';
import { registerRawBodyRoutes } from '../common/raw-body-scope.js';
import { machineRateLimit } from '../devices/machine-rate-limit.js';
import { documented, type RouteOperation } from '../openapi/route-docs.js';
import { answer } from '../openapi/returns.js';

/** The providers read only the status of the answer: 200 with an empty body. */
const EMPTY_ANSWER = answer({
  media: ['text/plain'],
  description: 'received (empty body)',
  schema: { type: 'string', maxLength: 0 },
});

/** What a payment route declares: every one is public (a provider, a returning customer), under the payments tag. */
type PaymentOperation = Omit<RouteOperation, 'x-access' | 'tags'>;
const payment = (operation: PaymentOperation): RouteOperation => ({
  'x-access': { kind: 'public' },
  tags: ['payments'],
  ...operation,
});

export const PAYMENT_PATHS = {
  mollieWebhook: '/api/payments/mollie/webhook',
  datatransWebhook: '/api/payments/datatrans/webhook',
  returned: '/api/payments/return/:reference',
} as const;

/**
 * The providers' side of online payments, as plain Fastify routes in their own scope: the bodies stay raw
 * strings (the Datatrans signature covers the exact bytes), no session is involved, and the webhooks are not under
 * the per-address write limit (a provider calls from few addresses) but have their own: `perMinute` per provider
 * and client address (machineRateLimit), past it the German 429, which a provider retries later.
 * - Mollie posts `id=tr_…` (form-encoded); Datatrans posts signed JSON. Both are answered 200 whenever the
 *   request is well-formed, whatever the payment's state (a provider retries anything else); a Datatrans body
 *   whose signature does not verify is answered 401 and changes nothing.
 * - The customer's return from the provider's page is redirected to the status page (paid or pending) or to
 *   the checkout error page.
 */
export async function registerPaymentRoutes(
  fastify: FastifyInstance,
  bus: ServiceBus,
  logger: Logger,
  perMinute: number,
): Promise<void> {
  const fail = (reply: FastifyReply, err: unknown) => sendError(reply, err, logger);
  await registerRawBodyRoutes(fastify, 64 * 1024, (scope, noLimit) => {
    const webhook = (provider: string, operation: PaymentOperation) =>
      documented(payment(operation), {
        ...noLimit,
        preHandler: machineRateLimit(scope, 'webhook', perMinute, () => provider),
      });
    const mollie = webhook('mollie', {
      operationId: 'mollieWebhook',
      summary: 'Mollie webhook: form-encoded `id` of a payment; the status is read back from Mollie. Always 200.',
      requestBody: {
        content: {
          'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { id: { type: 'string' } } } },
        },
      },
      responses: { 200: EMPTY_ANSWER },
    });
    scope.post(
      PAYMENT_PATHS.mollieWebhook,
      mollie,
      answering(fail, async (req, reply) => {
        const id = new URLSearchParams(typeof req.body === 'string' ? req.body : '').get('id');
        if (id && /^[A-Za-z0-9_]{1,64}$/.test(id)) await bus.request('payment.webhook.mollie', { id });
        return reply.status(200).send('');
      }),
    );

    const datatrans = webhook('datatrans', {
      operationId: 'datatransWebhook',
      summary:
        'Datatrans webhook: JSON transaction, signed with Datatrans-Signature (t=…,s0=HMAC-SHA256 of t + raw body)',
      parameters: [{ name: 'Datatrans-Signature', in: 'header', required: true, schema: { type: 'string' } }],
      responses: {
        200: EMPTY_ANSWER,
        401: { description: 'signature does not verify; nothing changed' },
      },
    });
    scope.post(
      PAYMENT_PATHS.datatransWebhook,
      datatrans,
      answering(fail, async (req, reply) => {
        const signature = req.headers['datatrans-signature'];
        const result = await bus.request('payment.webhook.datatrans', {
          rawBody: typeof req.body === 'string' ? req.body : '',
          signature: typeof signature === 'string' ? signature : null,
        });
        if (!result.accepted) return fail(reply, DomainException.of('UNAUTHENTICATED', 'payment.invalidSignature'));
        return reply.status(200).send('');
      }),
    );

    const returned = documented(
      payment({
        operationId: 'paymentReturn',
        summary:
          'The customer returns from the provider: 303 to /status/{uid}/{hash} (paid or pending) or /store/{branch}/checkout/error',
        parameters: [{ name: 'reference', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 303: { description: 'redirect' } },
      }),
    );
    scope.get(
      PAYMENT_PATHS.returned,
      returned,
      answering(fail, async (req, reply) => {
        const { reference } = req.params as { reference: string };
        const { location } = /^[A-Za-z0-9_-]{16,64}$/.test(reference)
          ? await bus.request('payment.payment.returned', { reference })
          : { location: '/' };
        return reply.header('cache-control', 'no-store').redirect(location, 303);
      }),
    );
  });
}
