import type { OperationObject } from '@nestjs/swagger';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { ACCESS_EXTENSION, type Access } from '../auth/access.js';

/** An operation of a plain Fastify route (not a Nest controller), with the access it declares. */
export type RouteOperation = OperationObject & { [ACCESS_EXTENSION]: Access };
/** The plain Fastify routes' part of the document: OpenAPI path → method → operation. */
export type RouteDocs = Record<string, Partial<Record<DocumentedMethod, RouteOperation>>>;

type DocumentedMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';
const DOCUMENTED_METHODS: ReadonlySet<string> = new Set<DocumentedMethod>(['get', 'post', 'put', 'delete', 'patch']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a plain Fastify route's own OpenAPI operation (see `documented`) */
    openapi?: RouteOperation;
  }
}

/**
 * The options of a plain Fastify route with its OpenAPI operation in them: the route and its entry in the document
 * are one declaration, so neither exists without the other (the document reads the operation off the router, see
 * `followRoutes`).
 */
export function documented<O extends RouteShorthandOptions>(
  operation: RouteOperation,
  options: O = {} as O,
): O & { config: { openapi: RouteOperation } } {
  return { ...options, config: { ...options.config, openapi: operation } };
}

/** Fastify's `/a/:b` as OpenAPI's `/a/{b}`. */
export const openApiPath = (url: string): string => url.replace(/:(\w+)/g, '{$1}');

/** A route as the router has it: its method and Fastify pattern. */
export interface ServedRoute {
  method: string;
  url: string;
}

/** What `followRoutes` learnt of an app's router: every route, and the operations of the documented plain ones. */
export interface RouteTable {
  served: ServedRoute[];
  docs: RouteDocs;
}
const tables = new WeakMap<FastifyInstance, RouteTable>();

/**
 * Records every route registered on `fastify` from now on (its plugins' too): the operations of the plain routes
 * declared with `documented` go into the OpenAPI document; the list of all routes lets a test hold the document
 * against what the gateway serves. Call it before any route is registered.
 */
export function followRoutes(fastify: FastifyInstance): RouteTable {
  const table: RouteTable = { served: [], docs: {} };
  tables.set(fastify, table);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      table.served.push({ method, url: route.url });
      const operation = route.config?.openapi;
      const key = method.toLowerCase();
      // HEAD is Fastify's own twin of a GET, not an operation of its own
      if (operation && DOCUMENTED_METHODS.has(key))
        table.docs[openApiPath(route.url)] = { ...table.docs[openApiPath(route.url)], [key]: operation };
    }
  });
  return table;
}

/** The table `followRoutes` keeps for the app's Fastify instance. */
export function routeTable(fastify: FastifyInstance): RouteTable {
  const table = tables.get(fastify);
  if (!table) throw new Error('followRoutes was not called on this Fastify instance');
  return table;
}
