import type { CRUD_RESOURCES, CrudResourceName, ListMeta } from '@shop/contracts';
import type { z } from 'zod';
import type { paths } from './openapi.generated.js';

/**
 * Every HTTP call of the web apps typed from the gateway's OpenAPI document: `paths` of openapi.generated.ts
 * (`npm run openapi:client`), whose answers are the contracts' types (libs/contracts/src/api/responses). A field
 * renamed in a contract, an answer or a route changed in the gateway, no longer compiles in the apps once the
 * client is regenerated (and the gateway's spec fails until it is).
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type Operation<M extends Method, P> = P extends keyof paths
  ? paths[P] extends { [K in Lowercase<M>]: infer O }
    ? O
    : never
  : never;

/** The paths a method has: PathOf<'GET'> = '/api/init' | '/api/orders/{id}' | … */
export type PathOf<M extends Method> = M extends Method
  ? { [P in keyof paths]: paths[P] extends { [K in Lowercase<M>]: { responses: unknown } } ? P : never }[keyof paths]
  : never;
/** Every path of every method. */
export type AnyPath = PathOf<Method> & string;
type Templated = `${string}{${string}}${string}`;
/** The paths of a method without parameters: they may be written as plain strings. */
export type FixedPathOf<M extends Method> = Exclude<PathOf<M>, Templated>;

type Success = 200 | 201 | 202 | 203 | 204 | 206;
/** The JSON body of the operation's success answer (the envelope), never for an answer that is no JSON. */
type SuccessJson<O> = O extends { responses: infer R }
  ? R[Extract<keyof R, Success>] extends infer A
    ? A extends { content: { 'application/json': infer J } }
      ? J
      : never
    : never
  : never;

/** The answer's `data` (null: no JSON answer, e.g. a stylesheet; the client then answers null). */
export type ResponseOf<M extends Method, P> = [P] extends [never]
  ? never
  : [SuccessJson<Operation<M, P>>] extends [never]
    ? null
    : SuccessJson<Operation<M, P>> extends { data: infer D }
      ? D
      : never;

/** Actions without a body are sent `{}` (or nothing). */
export type EmptyBody = Record<string, never>;
/** The request body (`undefined`: none; an operation that documents none takes `{}`). */
export type BodyOf<M extends Method, P> =
  Operation<M, P> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Operation<M, P> extends { requestBody?: never }
      ? M extends 'GET' | 'DELETE'
        ? undefined
        : EmptyBody | undefined
      : Operation<M, P> extends { requestBody?: { content: { 'application/json': infer B } } }
        ? B | undefined
        : undefined;

/**
 * A query value: anything the URL can carry as text (apiUrl writes String(value), leaves out empty ones); the
 * filters of a list are a form's values as they are.
 */
export type QueryValue = unknown;
/**
 * The query a GET path takes: the parameters the document names, and the resource's own filters (the lists'
 * filters are checked by the services, not listed in the document).
 */
export type QueryOf<P> =
  Operation<'GET', P> extends { parameters: { query?: infer Q } }
    ? { [K in keyof NonNullable<Q>]?: QueryValue } & Record<string, QueryValue>
    : Record<string, QueryValue>;

type ParamNames<P> = P extends `${string}{${infer N}}${infer Rest}` ? N | ParamNames<Rest> : never;
/** `{uid, hash}` for '/api/orders/public/{uid}/{hash}'. */
export type ParamsOf<P> = { [K in ParamNames<P>]: string | number };

/** The envelope of a list answer: its data and the paging. */
export interface ListEnvelope<T> {
  data: T;
  meta?: ListMeta;
}

/** The body of a CRUD POST/PUT as the resource form edits it: the input of the resource's schema in CRUD_RESOURCES. */
export type CrudInput<R extends CrudResourceName> = z.input<(typeof CRUD_RESOURCES)[R]['input']>;
