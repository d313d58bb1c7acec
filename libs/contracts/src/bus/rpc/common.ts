// The shapes every request over the bus shares (who asks, lists, gets, writes) and the snapshots and contexts
// several services' subjects answer with (subjects.ts assembles RpcMap).
import type { z } from 'zod';
import type { ListMeta } from '../../api/envelope.js';
import type { Branch, Category, Config, Menu, Product, Table } from '../../catalogue/catalogue.schema.js';
import type { Block, ContentNode, Navigation, Site, Website } from '../../content/site.schema.js';
import type { Actor } from '../../identity/identity.schema.js';

/**
 * A service calling another on its own behalf (not for a staff member or visitor): its name and an HMAC of
 * name and subject with the services' shared secret (SERVICE_SECRET), so nothing else on the bus can claim it.
 */
export interface ServiceCaller {
  service: string;
  signature: string;
}

/** Every request over the bus carries who asks: a staff member (actor), a visitor (null), or a service (caller). */
export interface RpcEnvelope<P> {
  actor: Actor | null;
  caller?: ServiceCaller;
  payload: P;
}
/** A list's query parameters as the client sent them (paging, search, the resource's filters), checked by the service. */
export interface ListRequest {
  query: JsonObject;
}
export interface ListReply<T> {
  items: T[];
  meta: ListMeta;
}
export interface GetRequest {
  id?: number;
  identifier?: string;
  /** the requesting host's website, for the resources looked up by path (sites, redirects) */
  website?: Website;
}
/**
 * A create (no id) or replace (id) of a resource. The body is the input its schema accepts (the gateway checked it
 * against the same schema; the owning service validates again and keeps the parsed value).
 */
export interface WriteRequest<B> {
  id?: number;
  body: B;
}
/** A JSON object forwarded unchecked: the receiving service validates it in full (all errors in one answer). */
export type JsonObject = Record<string, unknown>;
/** The input a schema accepts (before its defaults and transforms). */
export type Body<S extends z.ZodType> = z.input<S>;

/** The content part of GET /api/init for one website: its sites and navigations, the shared blocks and nodes. */
export interface ContentSnapshot {
  sites: Site[];
  navigations: Navigation[];
  blocks: Block[];
  nodes: ContentNode[];
}

/** Payload and reply types of the non-CRUD subjects. */
/** Catalogue data for one branch's orders: staff view of the branch (with apiKey). */
export interface OrderContext {
  branch: Branch;
  config: Config;
  menus: Menu[];
  categories: Category[];
  products: Product[];
  tables: Table[];
}

export interface PublicOrderRef {
  uid: string;
  hash: string;
}
