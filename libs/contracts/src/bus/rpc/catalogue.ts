import type { Branch, Config, ConfigInput, Menu } from '../../catalogue/catalogue.schema.js';
import type { Body, OrderContext } from './common.js';
import type { InitSnapshot } from './crud.js';

/** The catalogue service's request/reply subjects (part of RpcMap). */
export interface CatalogueRpc {
  'catalogue.order.context': { req: { branchId: number }; res: OrderContext | null };
  'catalogue.config.get': { req: Record<string, never>; res: Config };
  'catalogue.config.save': { req: { body: Body<typeof ConfigInput> }; res: Config };
  'catalogue.init.snapshot': { req: Record<string, never>; res: InitSnapshot };
  'catalogue.branch.menus': { req: { id: number }; res: Menu[] };
  /** administrators: a new random counter-screen key for the branch; the old one stops working at once */
  'catalogue.branch.rotate-screen-key': { req: { id: number }; res: Branch };
  /** the order service (service identity) checks a counter screen's key against the stored one, uncached */
  'catalogue.branch.check-screen-key': { req: { branchId: number; key: string }; res: { valid: boolean } };
}
