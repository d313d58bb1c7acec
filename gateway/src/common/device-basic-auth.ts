import { DomainException } from '@shop/server';
import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { sendError } from './error-envelope.js';

/** What @fastify/basic-auth reports for a missing or malformed Authorization header (or control characters in it). */
const BAD_AUTHORIZATION_HEADER = 'FST_BASIC_AUTH_MISSING_OR_BAD_AUTHORIZATION_HEADER';

/** A device without (valid) credentials: 401 with the German message of every device route. */
export const deviceUnauthenticated = () => DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');

/** The WWW-Authenticate challenge of a realm's 401s (with utf8, @fastify/basic-auth's default). */
export const basicChallenge = (realm: string) => `Basic realm="${realm}", charset="UTF-8"`;

/** The realm of the printers and notification devices (devices/printer.routes.ts). */
export const PRINTER_REALM = 'Geraete';
/** The challenge of every 401 of the printers' routes: devices are asked for their HTTP Basic credentials. */
export const DEVICE_CHALLENGE = basicChallenge(PRINTER_REALM);

/**
 * The error answer of the device routes (printers, signage players): the German envelope, and for a 401 the
 * realm's challenge; the basic-auth plugin's own "no or bad header" counts as no credentials.
 */
export function deviceFailure(challenge: string, logger: Logger) {
  return (reply: FastifyReply, err: unknown) => {
    const error = (err as { code?: unknown } | null)?.code === BAD_AUTHORIZATION_HEADER ? deviceUnauthenticated() : err;
    if (error instanceof DomainException && error.code === 'UNAUTHENTICATED')
      reply.header('www-authenticate', challenge);
    return sendError(reply, error, logger);
  };
}
