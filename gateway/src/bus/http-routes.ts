import {
  Body,
  Headers,
  HttpCode,
  Inject,
  Param,
  Query,
  Req,
  RequestMapping,
  RequestMethod,
  Res,
  type Type,
} from '@nestjs/common';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import type { ListReply, ResponseSchemaName, Role, RpcReply, RpcRequest, RpcSubject } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Actor, Allow, BranchKey } from '../auth/access.js';
import { openApiSchema } from '../openapi/json-schema.js';
import { Returns } from '../openapi/returns.js';

/** What a table route's handler reads of its request. */
export interface RouteInput {
  /** the staff member on a staff route; null on a public one (which reads no session) */
  actor: Actor | null;
  /** the route's path parameters, by name (`:id` → `params.id`) */
  params: Record<string, string>;
  /** the whole query */
  query: Record<string, unknown>;
  body: unknown;
  /** the headers the route names in `headers` */
  headers: Record<string, string | undefined>;
  req: FastifyRequest;
  /** where the handler may set the status and headers (Nest sends the answer), or sends it itself (`sends`) */
  reply: FastifyReply;
}

/** What a route's handler is given besides its request: the bus, and the further services its controller names. */
export type RouteServices<S extends object = object> = { bus: ServiceBus } & S;

/** A route's declaration: how Nest serves it and the OpenAPI document describes it. */
interface RouteDeclaration {
  /** the handler's name: the document's operationId is `<controller>_<name>` */
  name: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** below the controller's path; its `:name` segments are the route's path parameters */
  path: string;
  /**
   * the staff roles that may call it, 'public' (no session is read: the handler's actor is null) or 'branch-key'
   * (the counter screens: the branch's key in a header, checked by the order service)
   */
  access: readonly Role[] | 'public' | 'branch-key';
  /** public routes only: a staff session is read where there is one (the actor may see more, e.g. hidden entries) */
  optionalSession?: true;
  /** the success status where it is not Nest's default for the method (201 for POST, else 200) */
  status?: number;
  summary: string;
  /** the JSON body's schema, for the document (the handler checks the body itself where it needs it) */
  body?: z.ZodType;
  /** query parameters and headers the handler reads by name, documented as required strings */
  query?: readonly string[];
  headers?: readonly string[];
  /** the handler's further decorators: ApiQuery, ApiParam, ApiHeader, ApiResponse, an ApiBody of its own */
  decorators?: readonly MethodDecorator[];
  /** the success answer: Returns or ReturnsMedia (none for a route that only redirects) */
  answer?: MethodDecorator;
  /** the handler sends the answer itself through `reply` (a file, a picture, a redirect) */
  sends?: true;
}

/** A table route: its declaration, and its handler, whose result Nest sends (the envelope `{ data }`). */
export interface HttpRoute<S extends object = object> extends RouteDeclaration {
  handle: (input: RouteInput, services: RouteServices<S>) => Promise<unknown>;
}

/** A handler that sends the request on to one bus subject: the payload from the request, the reply as `data`. */
export function sendTo<S extends RpcSubject>(
  subject: S,
  payload: (input: RouteInput) => RpcRequest<S>,
): HttpRoute['handle'] {
  return async (input, { bus }) => ({ data: await bus.request(subject, payload(input), input.actor) });
}

/** The payload of the subjects that take the request's whole query (lists, reports): `{ query }`. */
export const withQuery = ({ query }: RouteInput) => ({ query });

/** A route that only forwards to a bus subject (sendTo), answering what the subject replies (its reply's schema). */
export function forward<S extends RpcSubject & ResponseSchemaName>(
  subject: S,
  payload: (input: RouteInput) => RpcRequest<S>,
): Pick<HttpRoute, 'answer' | 'handle'> {
  return { answer: Returns(subject), handle: sendTo(subject, payload) };
}

/** The subjects that answer a page of a list for the request's query. */
type ListSubject = {
  [S in RpcSubject]: RpcReply<S> extends ListReply<unknown>
    ? { query: RouteInput['query'] } extends RpcRequest<S>
      ? S
      : never
    : never;
}[RpcSubject];

/** A list route: the query goes to the subject, whose page is answered as `{ data: items, meta }`. */
export function forwardList<S extends ListSubject>(
  subject: S,
  item: ResponseSchemaName,
): Pick<HttpRoute, 'answer' | 'handle'> {
  return {
    answer: Returns(item, { many: 'list' }),
    handle: async ({ actor, query }, { bus }) => {
      // ListSubject holds only subjects that take `{ query }`; TypeScript does not carry that over to RpcRequest<S>
      const page: ListReply<unknown> = await bus.request(subject, { query } as RpcRequest<S>, actor);
      return { data: page.items, meta: page.meta };
    },
  };
}

const METHODS = {
  get: RequestMethod.GET,
  post: RequestMethod.POST,
  put: RequestMethod.PUT,
  delete: RequestMethod.DELETE,
};

/** Where the handler's parameters stand: the named strings (path, query, headers) follow the fixed ones. */
const ARG = { actor: 0, query: 1, body: 2, req: 3, reply: 4, named: 5 } as const;

/** A parameter decorator at a fixed place of the handler, in the form Reflect.decorate applies. */
const at =
  (index: number, decorator: ParameterDecorator): PropertyDecorator =>
  (target, key) =>
    decorator(target, key, index);

/** The instances of the named injectable classes. */
type Instances<U extends Record<string, Type<object>>> = { [K in keyof U]: InstanceType<U[K]> };

/**
 * A base class of Nest controllers whose routes are a table (`class XController extends createHttpController([…])`,
 * with @ApiTags and @Controller on the exported class), for routes that each forward a request to the bus or do
 * little more: a route is one entry instead of a method with a stack of decorators. Each entry becomes a method
 * decorated as a hand-written handler is (its method and path, access, status, OpenAPI operation and answer, and
 * @Actor, @Query, @Body, @Param… parameters), so the guards, the document and the router treat both alike. `use`
 * names the further services the handlers are given beside the bus (`{ cache: InitCache }`).
 */
export function createHttpController<U extends Record<string, Type<object>> = Record<never, never>>(
  routes: readonly HttpRoute<Instances<U>>[],
  use?: U,
): Type<object> {
  const names = Object.keys(use ?? {});
  class HttpController {
    readonly #services: RouteServices;

    constructor(bus: ServiceBus, ...instances: object[]) {
      this.#services = { bus, ...Object.fromEntries(names.map((name, i) => [name, instances[i]])) };
    }

    static {
      const servicesOf = (controller: HttpController) => controller.#services;
      for (const route of routes) defineRoute(this.prototype, route as HttpRoute, servicesOf);
    }
  }
  [ServiceBus, ...Object.values(use ?? {})].forEach((token, i) => Inject(token)(HttpController, undefined, i));
  return HttpController;
}

function defineRoute<C extends object>(
  prototype: C,
  route: HttpRoute,
  servicesOf: (controller: C) => RouteServices,
): void {
  const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  const query = route.query ?? [];
  const headers = route.headers ?? [];
  const named = [...params.map((n) => Param(n)), ...query.map((n) => Query(n)), ...headers.map((n) => Headers(n))];
  const headersAt = ARG.named + params.length + query.length;
  const handler = function (this: C, ...args: unknown[]): Promise<unknown> {
    const input: RouteInput = {
      actor: (args[ARG.actor] as Actor | undefined) ?? null,
      params: Object.fromEntries(params.map((name, i) => [name, args[ARG.named + i] as string])),
      query: args[ARG.query] as Record<string, unknown>,
      body: args[ARG.body],
      headers: Object.fromEntries(headers.map((name, i) => [name, args[headersAt + i] as string | undefined])),
      req: args[ARG.req] as FastifyRequest,
      reply: args[ARG.reply] as FastifyReply,
    };
    return route.handle(input, servicesOf(this));
  };
  // the decorators a hand-written handler would have, in the order they would stand above it
  const decorators = [
    RequestMapping({ path: route.path, method: METHODS[route.method] }),
    ...(route.status ? [HttpCode(route.status)] : []),
    route.access === 'branch-key' ? BranchKey() : Allow(route.access),
    ...(route.body ? [ApiBody({ schema: openApiSchema(route.body) })] : []),
    ...(route.decorators ?? []),
    ApiOperation({ summary: route.summary }),
    ...(route.answer ? [route.answer] : []),
    ...(Array.isArray(route.access) || route.optionalSession ? [at(ARG.actor, Actor())] : []),
    at(ARG.query, Query()),
    at(ARG.body, Body()),
    at(ARG.req, Req()),
    // passed through: Nest sends what the handler answers, unless the handler sends it
    at(ARG.reply, Res({ passthrough: !route.sends })),
    ...named.map((decorator, i) => at(ARG.named + i, decorator)),
  ];
  // the parameter types the compiler would record: objects, and the named parameters' strings (in the document)
  const types = [...Array.from({ length: ARG.named }, () => Object), ...named.map(() => String)];
  // named as the method: the document's operationId and its parameters are read under the function's name
  Object.defineProperty(handler, 'name', { value: route.name });
  const method = { value: handler, writable: true, configurable: true };
  Object.defineProperty(prototype, route.name, method);
  Reflect.defineMetadata('design:paramtypes', types, prototype, route.name);
  Object.defineProperty(prototype, route.name, Reflect.decorate(decorators, prototype, route.name, method));
}
