import type { JsonObject } from '@shop/contracts';
import { DomainException, parseOrThrow } from '@shop/server';
import type { z } from 'zod';

/**
 * The gateway's boundary check of a JSON body: it must be an object and match the schema (German field
 * errors). The service validates again and keeps the parsed value; the gateway forwards the body as sent.
 */
export function validateBody<S extends z.ZodType>(schema: S, body: unknown): z.input<S> {
  parseOrThrow(schema, requireObject(body));
  return body as z.input<S>;
}

/** A JSON body must be an object (400 otherwise). */
export function requireObject(body: unknown): JsonObject {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw DomainException.of('BAD_REQUEST', 'validation.bodyNotObject');
  }
  return body as JsonObject;
}
