import { HttpException, HttpStatus } from '@nestjs/common';
import type { ErrorEnvelope, GatewayErrorEvent } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { DomainException, UNAVAILABLE_RETRY_AFTER_S } from '@shop/server';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Duplex } from 'node:stream';
import { hasLostSession } from '../auth/staff-session.js';
import type { Logger } from 'pino';

/** Fastify's own errors and its plugins' (body parsing, limits, CSRF) in the contract's terms. */
function fromFastifyError(err: { code?: string; statusCode?: number }): DomainException | null {
  if (err.code?.startsWith('FST_CSRF')) return DomainException.of('CSRF_INVALID', 'auth.csrfInvalid');
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return DomainException.of('BAD_REQUEST', 'validation.malformedJson');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return DomainException.of('PAYLOAD_TOO_LARGE', 'http.payloadTooLarge');
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return DomainException.of('BAD_REQUEST', 'http.badUrl');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return DomainException.of('UNSUPPORTED_MEDIA_TYPE', 'http.unsupportedMediaType');
    default:
      if (err instanceof SyntaxError) return DomainException.of('BAD_REQUEST', 'validation.malformedJson');
      return null;
  }
}

/**
 * Redis unreachable (sessions live there): ioredis gave up on the command after its retries, or the connection is
 * gone. The client may try again later; nothing of the request was done.
 */
function isRedisOutage(err: { name?: string; message?: string }): boolean {
  return err.name === 'MaxRetriesPerRequestError' || err.message === 'Connection is closed.';
}

function fromHttpException(err: HttpException): DomainException {
  switch (err.getStatus()) {
    case HttpStatus.NOT_FOUND:
      return DomainException.of('NOT_FOUND', 'http.routeNotFound');
    case HttpStatus.UNAUTHORIZED:
      return DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated');
    case HttpStatus.FORBIDDEN:
      return DomainException.forbidden();
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return DomainException.of('PAYLOAD_TOO_LARGE', 'http.payloadTooLarge');
    case HttpStatus.UNSUPPORTED_MEDIA_TYPE:
      return DomainException.of('UNSUPPORTED_MEDIA_TYPE', 'http.unsupportedMediaType');
    case HttpStatus.METHOD_NOT_ALLOWED:
      return DomainException.of('NOT_FOUND', 'http.routeNotFound');
    default:
      return DomainException.of('BAD_REQUEST', 'validation.invalid');
  }
}

/**
 * Every error leaves the gateway as the envelope of api-contract.md: a known failure with its status and
 * German messages (a service without a database connection as 503 with Retry-After, see RpcDomainExceptionFilter),
 * anything else as 500 with an errorId that is in the log.
 */
export function toErrorResponse(
  err: unknown,
  logger: Logger,
): { status: number; body: ErrorEnvelope; retryAfter?: number } {
  // Nest wraps Fastify's 4xx errors in an HttpException whose cause is the original
  const cause = err instanceof HttpException && err.cause ? err.cause : err;
  let ex: DomainException | null = cause instanceof DomainException ? cause : null;
  if (!ex && cause && typeof cause === 'object') ex = fromFastifyError(cause as { code?: string });
  if (!ex && cause && typeof cause === 'object' && isRedisOutage(cause)) ex = DomainException.unavailable();
  if (!ex && err instanceof HttpException) ex = fromHttpException(err);
  if (!ex) {
    const errorId = randomUUID();
    logger.error({ err, errorId }, 'unhandled error');
    ex = new DomainException('INTERNAL', [], t('http.internal', { errorId }), { errorId });
  } else if (ex.code === 'INTERNAL') {
    // a service's INTERNAL carries only its errorId: the caller gets the German text with it
    const errorId = String(ex.extra.errorId ?? randomUUID());
    logger.error({ errorId }, 'service reported an internal error');
    ex = new DomainException('INTERNAL', [], t('http.internal', { errorId }), { errorId });
  }
  const { status, retryAfter, ...body } = ex.toJSON();
  // every 503 says when to try again: a service out of database connections sends its own, a service that did not
  // answer in time (the bus) and a gateway without Redis get the same default
  return { status, body, retryAfter: retryAfter ?? (status === 503 ? UNAVAILABLE_RETRY_AFTER_S : undefined) };
}

/** "No credentials" to a request whose session cookie names a session that is gone: say that the session ended. */
function noSessionFor(req: FastifyRequest, err: unknown): unknown {
  const unauthenticated =
    err instanceof DomainException && err.code === 'UNAUTHENTICATED' && err.message === t('auth.unauthenticated');
  return unauthenticated && hasLostSession(req) ? DomainException.of('UNAUTHENTICATED', 'auth.noSession') : err;
}

/** What a 500 tells the system log (see gateway/src/logs/gateway-events.ts). */
export type InternalErrorReporter = (error: Omit<GatewayErrorEvent, 'at'>) => void;
const reporters = new WeakMap<Logger, InternalErrorReporter>();

/**
 * Every error path passes its gateway's logger, so the reporter is registered per logger: several gateways in
 * one process (tests) each report their own 500s.
 */
export function reportInternalErrors(logger: Logger, reporter: InternalErrorReporter): void {
  reporters.set(logger, reporter);
}

/**
 * What logs and the system log name a request by: its route pattern (`/api/orders/public/:uid/:hash`),
 * never the URL, whose path and query may hold keys, tokens and order hashes.
 */
export const routePattern = (req: FastifyRequest): string => req.routeOptions?.url ?? '(no route)';

/**
 * Routes whose clients expect `errors` as a list of German strings (storefront-presenter.md §7 "On failure the
 * response JSON is expected to hold an errors list of strings"): the form submission.
 */
export const FORM_SUBMIT_ROUTE = '/api/custom/form/:id';

export function sendError(reply: FastifyReply, err: unknown, logger: Logger): void {
  const { status, body, retryAfter } = toErrorResponse(noSessionFor(reply.request, err), logger);
  if (body.errorId) {
    const fromService = err instanceof DomainException;
    reporters.get(logger)?.({
      errorId: body.errorId,
      requestId: String(reply.request.id),
      method: reply.request.method,
      path: routePattern(reply.request),
      origin: fromService ? 'service' : 'gateway',
      detail: fromService ? null : String((err as Error)?.message ?? err).slice(0, 1000),
    });
  }
  if (retryAfter) reply.header('retry-after', String(retryAfter));
  const shown = routePattern(reply.request) === FORM_SUBMIT_ROUTE ? { ...body, errors: messagesOf(body) } : body;
  void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(shown));
}

/**
 * A plain Fastify route's handler whose failures are answered by `fail` (sendError, or a device realm's answer with
 * its challenge): the one try/catch of the routes outside Nest, whose errors Nest's exception filter never sees.
 */
export function answering<Req extends FastifyRequest>(
  fail: (reply: FastifyReply, err: unknown) => unknown,
  handle: (req: Req, reply: FastifyReply) => Promise<unknown>,
): (req: Req, reply: FastifyReply) => Promise<unknown> {
  return async (req, reply) => {
    try {
      return await handle(req, reply);
    } catch (err) {
      return fail(reply, err);
    }
  };
}

/** The envelope's messages as strings (the message itself when no field error names one). */
const messagesOf = (body: ErrorEnvelope): string[] =>
  body.errors.length ? body.errors.map((e) => e.message) : [body.message];

/**
 * A request the HTTP parser rejects before Fastify sees it (a byte no URL may hold, malformed headers): the
 * envelope, then the connection closes (the parser cannot go on reading it).
 */
export function sendClientError(err: Error & { code?: string }, socket: Duplex, logger: Logger): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = toErrorResponse(DomainException.of('BAD_REQUEST', 'http.badRequest'), logger);
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}
