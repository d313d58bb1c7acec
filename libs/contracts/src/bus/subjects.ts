// The bus's request/reply subjects. The shared shapes are in rpc/common.ts, the CRUD resources' subjects in
// rpc/crud.ts and each service's own subjects in rpc/<service>.ts; RpcMap joins them.
import type { CatalogueRpc } from './rpc/catalogue.js';
import type { ContentRpc } from './rpc/content.js';
import type { CrudRpcMap } from './rpc/crud.js';
import type { IdentityRpc } from './rpc/identity.js';
import type { OrderRpc } from './rpc/order.js';
import type { PaymentRpc } from './rpc/payment.js';
import type { PrivacyRpc } from './rpc/privacy.js';
import type { SignageRpc } from './rpc/signage.js';
import type { StatisticsRpc } from './rpc/statistics.js';
import type { TimeTrackingRpc } from './rpc/time-tracking.js';

export type {
  ContentSnapshot,
  GetRequest,
  JsonObject,
  ListReply,
  ListRequest,
  OrderContext,
  PublicOrderRef,
  RpcEnvelope,
  ServiceCaller,
  WriteRequest,
} from './rpc/common.js';
export type {
  CrudEntities,
  CrudEntitiesCoverRegistry,
  CrudResourcesWith,
  CrudSubject,
  InitResource,
  InitSnapshot,
} from './rpc/crud.js';

/**
 * Every request/reply subject with its request and reply types: senders (ServiceBus.request) and handlers
 * (@Rpc) accept only these names, so a misspelt subject or a wrong payload fails to compile.
 */
export interface RpcMap
  extends
    CrudRpcMap,
    ContentRpc,
    CatalogueRpc,
    OrderRpc,
    PaymentRpc,
    IdentityRpc,
    StatisticsRpc,
    TimeTrackingRpc,
    SignageRpc,
    PrivacyRpc {}
export type RpcSubject = keyof RpcMap;
export type RpcRequest<S extends RpcSubject> = RpcMap[S]['req'];
export type RpcReply<S extends RpcSubject> = RpcMap[S]['res'];

/** Header that carries the HTTP request id across NATS hops. */
export const REQUEST_ID_HEADER = 'x-request-id';
