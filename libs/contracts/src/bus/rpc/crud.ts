// The CRUD resources' subjects: each resource's entity and the five verbs' request and reply, by subject
// (`catalogue.product.list` and friends), and the catalogue's start-up snapshot built from them.
// in the order of CrudEntities below, the shop configuration last
import type {
  Division,
  Branch,
  Menu,
  Category,
  Tag,
  Product,
  Table,
  Donatee,
  Config,
} from '../../catalogue/catalogue.schema.js';
import type { FormSubmission } from '../../content/form.schema.js';
import type { ImageTemplate } from '../../content/image-template.schema.js';
import type { Block, ContentNode, Navigation, Redirect, Site } from '../../content/site.schema.js';
import type { StaffUpload } from '../../content/upload.schema.js';
import type { Customer, ExternalUser } from '../../identity/customer.schema.js';
import type { Department, User } from '../../identity/identity.schema.js';
import type { Device } from '../../order/order.schema.js';
import type { Scene, Segment, SignageDevice, Stream } from '../../signage/signage.schema.js';
import type {
  Project,
  Task,
  WorkingActivity,
  WorkingSchedule,
  WorkingTimeSetting,
} from '../../time-tracking/time-tracking.schema.js';
import type { CRUD_RESOURCES, CrudResourceName, CrudSubjectOf, CrudVerb } from '../resources.js';
import type { Body, GetRequest, ListReply, ListRequest, WriteRequest } from './common.js';

/** The catalogue lists of GET /api/init. */
export type InitResource =
  'divisions' | 'branches' | 'menus' | 'categories' | 'products' | 'tags' | 'tables' | 'donatees';
/** The catalogue part of GET /api/init: public entities for visitors, all for staff. */
export type InitSnapshot = {
  /** increases with every catalogue write; the gateway's cache key */
  version: string;
  config: Config | null;
} & { [R in InitResource]: Array<CrudEntities[R]> };

/**
 * The entity each CRUD resource of the registry answers with (its DTO). A resource added to CRUD_RESOURCES must be
 * added here: the mapped types below (and the web apps' route table) then cover it, and the check after this
 * interface fails to compile while it is missing.
 */
export interface CrudEntities {
  divisions: Division;
  branches: Branch;
  menus: Menu;
  categories: Category;
  tags: Tag;
  products: Product;
  tables: Table;
  donatees: Donatee;
  users: User;
  departments: Department;
  customers: Customer;
  'external-users': ExternalUser;
  devices: Device;
  sites: Site;
  nodes: ContentNode;
  blocks: Block;
  navigations: Navigation;
  redirects: Redirect;
  'working-activities': WorkingActivity;
  'working-schedules': WorkingSchedule;
  projects: Project;
  tasks: Task;
  scenes: Scene;
  'digital-signage-segments': Segment;
  'digital-signage-streams': Stream;
  'digital-signage-devices': SignageDevice;
  uploads: StaffUpload;
  'form-submissions': FormSubmission;
  'image-templates': ImageTemplate;
  'working-time-settings': WorkingTimeSetting;
}
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** every resource of the registry has its entity type, and no other name does (a compile error otherwise) */
type Holds<T extends true> = T;
export type CrudEntitiesCoverRegistry = Holds<Exactly<keyof CrudEntities, CrudResourceName>>;
interface CrudVerbRpc<T, B> {
  list: { req: ListRequest; res: ListReply<T> };
  get: { req: GetRequest; res: T };
  create: { req: WriteRequest<B>; res: T };
  update: { req: WriteRequest<B>; res: T };
  delete: { req: { id: number }; res: null };
}
/** The verbs a resource offers: its entry's `verbs`, else all five. */
type VerbsOf<R extends CrudResourceName> = (typeof CRUD_RESOURCES)[R] extends { verbs: readonly (infer V)[] }
  ? V & CrudVerb
  : CrudVerb;
/** The resources that offer a verb (all but those whose entry leaves it out). */
export type CrudResourcesWith<V extends CrudVerb> = {
  [R in CrudResourceName]: V extends VerbsOf<R> ? R : never;
}[CrudResourceName];
type CrudRpcEntry = {
  [R in CrudResourceName]: {
    [V in VerbsOf<R>]: {
      subject: `${(typeof CRUD_RESOURCES)[R]['service']}.${(typeof CRUD_RESOURCES)[R]['entity']}.${V}`;
    } & CrudVerbRpc<CrudEntities[R], Body<(typeof CRUD_RESOURCES)[R]['input']>>[V];
  }[VerbsOf<R>];
}[CrudResourceName];
export type CrudRpcMap = { [E in CrudRpcEntry as E['subject']]: { req: E['req']; res: E['res'] } };
/** `catalogue.product.list` and friends. */
export type CrudSubject<R extends CrudResourceName = CrudResourceName, V extends CrudVerb = CrudVerb> = CrudSubjectOf<
  R,
  V
>;
