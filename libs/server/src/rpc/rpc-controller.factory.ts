import { Controller, Inject, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import type { RpcEnvelope, RpcReply, RpcSubject } from '@shop/contracts';
import { Rpc, type RpcMessage } from '../bus/rpc.js';
import { requireService } from '../bus/service-identity.js';
import type { BaseConfig } from '../config/config.js';
import { CONFIG } from '../runtime/tokens.js';

/** What a handler of `S` answers: the subject's reply from RpcMap, now or later. */
type RpcAnswer<S extends RpcSubject> = RpcReply<S> | Promise<RpcReply<S>>;

/** The instances of a list of injectable classes, in the list's order. */
type Instances<D extends readonly Type<unknown>[]> = {
  -readonly [K in keyof D]: D[K] extends Type<infer T> ? T : never;
};

/** A route's checks that come before its handler. */
export interface RpcRouteOptions {
  /** only these services may call (requireService with the services' shared secret): no staff member, no visitor */
  requireService?: readonly string[];
}

/** One subject of an RPC controller, its types erased so that one table holds every subject (see rpc()). */
export interface RpcRoute extends RpcRouteOptions {
  readonly subject: RpcSubject;
  /** the classes the handler is given, resolved by Nest's dependency injection */
  readonly use: readonly Type<unknown>[];
  readonly handle: (instances: readonly unknown[], m: RpcEnvelope<unknown>) => unknown;
}

/**
 * One entry of an RPC handler table: the subject, the use case (or service) it hands over to, and how the message
 * becomes that call. The handler is typed from RpcMap: a misspelt subject, a payload field the subject does not
 * carry or a reply of the wrong type fails to compile. A handler needing several services names them in a list.
 */
export function rpc<S extends RpcSubject, U>(
  subject: S,
  use: Type<U>,
  handle: (useCase: U, m: RpcMessage<S>) => RpcAnswer<S>,
  options?: RpcRouteOptions,
): RpcRoute;
export function rpc<S extends RpcSubject, const D extends readonly Type<unknown>[]>(
  subject: S,
  use: D,
  handle: (services: Instances<D>, m: RpcMessage<S>) => RpcAnswer<S>,
  options?: RpcRouteOptions,
): RpcRoute;
export function rpc<S extends RpcSubject, I>(
  subject: S,
  use: Type<I> | readonly Type<unknown>[],
  handle: (injected: I, m: RpcMessage<S>) => RpcAnswer<S>,
  options: RpcRouteOptions = {},
): RpcRoute {
  const list = Array.isArray(use);
  return {
    ...options,
    subject,
    use: list ? use : [use],
    // a list's handler gets all its instances, a single class's handler its one instance
    handle: (instances, m) => handle((list ? instances : instances[0]) as I, m as RpcMessage<S>),
  };
}

/**
 * A NATS controller answering the subjects of a handler table, so that a controller lists what each subject hands
 * over to instead of writing one method and one constructor parameter per subject. Each subject becomes a method
 * decorated with @Rpc(subject) and @Payload(), as a hand-written handler is: the transport, the error filter and the
 * tracing treat both alike. Use it as the base of the exported class: `class XController extends
 * createRpcController([rpc(…), …]) {}`.
 */
export function createRpcController(routes: readonly RpcRoute[]): Type<object> {
  const subjects = routes.map((r) => r.subject);
  const twice = subjects.find((s, i) => subjects.indexOf(s) !== i);
  if (twice) throw new Error(`RPC subject ${twice} is handled twice`);
  // one constructor parameter per class any route uses, then the config when a route checks its calling service
  const injected: Array<Type<unknown> | symbol> = [...new Set(routes.flatMap((r) => r.use))];
  if (routes.some((r) => r.requireService)) injected.push(CONFIG);
  const configAt = injected.indexOf(CONFIG);

  @Controller()
  class RpcController {
    readonly #instances: readonly unknown[];

    constructor(...instances: unknown[]) {
      this.#instances = instances;
    }

    // one method per subject, named after it and decorated as a hand-written handler is
    static {
      for (const route of routes) {
        const at = route.use.map((u) => injected.indexOf(u));
        const handler = function (this: RpcController, m: RpcEnvelope<unknown>): unknown {
          if (route.requireService) {
            const config = this.#instances[configAt] as BaseConfig;
            requireService(m.caller, route.subject, config.SERVICE_SECRET, route.requireService);
          }
          const instances = at.map((i) => this.#instances[i]);
          return route.handle(instances, m);
        };
        const method = { value: handler, writable: true, configurable: true };
        Object.defineProperty(this.prototype, route.subject, method);
        Rpc(route.subject)(this.prototype, route.subject, method);
        Payload()(this.prototype, route.subject, 0);
      }
    }
  }
  injected.forEach((token, index) => Inject(token)(RpcController, undefined, index));
  return RpcController;
}
