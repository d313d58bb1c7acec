import type { Actor, User, LoginInput } from '../identity/identity.schema.js';
import type { Config, ConfigInput, Menu } from '../catalogue/catalogue.schema.js';
import type { ListMeta } from '../api/envelope.js';

/** Request/reply subjects that are not standard CRUD (see resources.ts for those). */
export const SUBJECTS = {
  catalogue: {
    configGet: 'catalogue.config.get',
    configSave: 'catalogue.config.save',
    /** the catalogue part of GET /api/init in one reply */
    initSnapshot: 'catalogue.init.snapshot',
    branchMenus: 'catalogue.branch.menus',
  },
  identity: {
    verifyCredentials: 'identity.auth.verify-credentials',
    me: 'identity.user.me',
  },
} as const;

/** Every request over the bus carries who asks (null for anonymous visitors). */
export interface RpcEnvelope<P> {
  actor: Actor | null;
  payload: P;
}
export interface ListRequest {
  query: Record<string, unknown>;
}
export interface ListReply<T> {
  items: T[];
  meta: ListMeta;
}
export interface GetRequest {
  id?: number;
  identifier?: string;
}
export interface WriteRequest {
  id?: number;
  body: unknown;
}

export interface InitSnapshot {
  /** increases with every catalogue write; the gateway's cache key */
  version: string;
  config: Config | null;
  divisions: unknown[];
  branches: unknown[];
  menus: unknown[];
  categories: unknown[];
  products: unknown[];
  tags: unknown[];
  tables: unknown[];
  donatees: unknown[];
}

/** Payload and reply types of the non-CRUD subjects. */
export interface RpcMap {
  'catalogue.config.get': { req: Record<string, never>; res: Config };
  'catalogue.config.save': { req: { body: ConfigInput | unknown }; res: Config };
  'catalogue.init.snapshot': { req: Record<string, never>; res: InitSnapshot };
  'catalogue.branch.menus': { req: { id: number }; res: Menu[] };
  'identity.auth.verify-credentials': { req: LoginInput; res: Actor };
  'identity.user.me': { req: { id: number }; res: User };
}
export type RpcSubject = keyof RpcMap;

/** Header that carries the HTTP request id across NATS hops. */
export const REQUEST_ID_HEADER = 'x-request-id';
