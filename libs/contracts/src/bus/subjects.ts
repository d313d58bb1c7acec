import type { Actor, User, LoginRequest } from '../identity/identity.schema.js';
import type { LoginResult } from '../identity/mfa.schema.js';
import type { z } from 'zod';
import type { Config, ConfigInput, Menu } from '../catalogue/catalogue.schema.js';
import type { ListMeta } from '../api/envelope.js';
import type { Branch, Category, Division, Donatee, Product, Table, Tag } from '../catalogue/catalogue.schema.js';
import type { Customer, ExternalUser } from '../identity/customer.schema.js';
import type { Department } from '../identity/identity.schema.js';
import type { Device } from '../order/order.schema.js';
import type { JobCompletions } from './jobs.js';
import type { CRUD_RESOURCES, CrudResourceName, CrudSubjectOf, CrudVerb } from './resources.js';
import type {
  CounterAppointmentInput,
  FrontdeskOrder,
  ItemUpdateInput,
  OrderAction,
  PublicOrder,
  QuestionnaireInput,
  RejectInput,
  StaffOrder,
} from '../order/order.schema.js';
import type { StaffUpload, Upload, UploadRef } from '../content/upload.schema.js';
import type { FormSubmission, FormSubmitReply } from '../content/form.schema.js';
import type { ImageTemplate, ImageTemplateRenderInput, TemplateLayer } from '../content/image-template.schema.js';
import type { Image, ImageMetaInput, StagedFile } from '../content/image.schema.js';
import type { Block, ContentNode, Navigation, Redirect, Site, Website } from '../content/site.schema.js';
import type { FontFamilyInfo } from '../content/font.schema.js';
import type { ContentAiGeneration, ContentAiImageInput, ContentAiSiteInput } from '../content/content-ai.schema.js';
import type {
  CloudPrntPollReply,
  DeviceCredentials,
  DeviceLogEntry,
  DeviceQueueEntry,
} from '../devices/printing.schema.js';
import type { PaymentStatus, PaymentView, StartPaymentRequest } from '../payment/payment.schema.js';
import type {
  JobFailureReport,
  LogEntry,
  OrderOrigin,
  StatisticsReply,
  UserProfileStatistics,
  UserProfileWorkingActivities,
} from '../statistics/statistics.schema.js';
import type {
  AccessTokenView,
  ClockAction,
  ClockInput,
  ClockState,
  HolidayBalance,
  HolidayEntitlementInput,
  IssuedAccessToken,
  Project,
  Task,
  TerminalCredentials,
  TimeClock,
  TimeClockInput,
  UserBalance,
  WorkingActivity,
  WorkingSchedule,
  WorkPeriodKind,
  WorkPeriodSnapshot,
} from '../time-tracking/time-tracking.schema.js';
import type { WorkingTimeSetting } from '../time-tracking/time-tracking.schema.js';
import type {
  MenuBoard,
  PickupBoard,
  PlayerAckBatch,
  PlayerAckOutcome,
  PlayerCommandResultInput,
  PlayerCredentials,
  PlayerHeartbeatInput,
  PlayerSchedule,
  Scene,
  Segment,
  SignageCommand,
  SignageBulkCommandInput,
  SignageBulkCommandResult,
  SignageCommandInput,
  SignageDevice,
  StreamPreview,
  Stream,
} from '../signage/signage.schema.js';

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
type Body<S extends z.ZodType> = z.input<S>;

/** The catalogue lists of GET /api/init. */
export type InitResource =
  'divisions' | 'branches' | 'menus' | 'categories' | 'products' | 'tags' | 'tables' | 'donatees';
/** The catalogue part of GET /api/init: public entities for visitors, all for staff. */
export type InitSnapshot = {
  /** increases with every catalogue write; the gateway's cache key */
  version: string;
  config: Config | null;
} & { [R in InitResource]: Array<CrudEntities[R]> };

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
type CrudRpcMap = { [E in CrudRpcEntry as E['subject']]: { req: E['req']; res: E['res'] } };
/** `catalogue.product.list` and friends. */
export type CrudSubject<R extends CrudResourceName = CrudResourceName, V extends CrudVerb = CrudVerb> = CrudSubjectOf<
  R,
  V
>;

/**
 * Every request/reply subject with its request and reply types: senders (ServiceBus.request) and handlers
 * (@Rpc) accept only these names, so a misspelt subject or a wrong payload fails to compile.
 */
export interface RpcMap extends CrudRpcMap {
  /** the file's bytes wait in the object store bucket UPLOADS_INCOMING under objectName */
  'content.upload.create': { req: { objectName: string; mimeType: string; filename?: string }; res: Upload };
  'content.upload.verify': { req: { refs: UploadRef[] }; res: { missing: UploadRef[] } };
  /** a visitor's form submission (values by fieldId or position; checked against the form node's fields) */
  'content.form.submit': { req: { id: number; body: JsonObject }; res: FormSubmitReply };
  /** GET /api/image-templates/{id}/layers (staff) */
  'content.image-template.layers': { req: { id: number }; res: TemplateLayer[] };
  /** renders the template's layers into a new image of the library (staff) */
  'content.image-template.render': { req: { id: number; body: Body<typeof ImageTemplateRenderInput> }; res: Image };
  /** the workers finished content jobs (a form's e-mail): recorded, so the re-dispatcher leaves them alone */
  'content.job.completed': { req: JobCompletions; res: { recorded: number } };
  'content.image.list': { req: ListRequest; res: ListReply<Image> };
  'content.image.get': { req: { id: number }; res: Image };
  /** body: name and alt as sent (checked again by the service) */
  'content.image.create': { req: { file: StagedFile; body: Body<typeof ImageMetaInput> }; res: Image };
  /** file: a replacement (version + 1) or null */
  'content.image.update': {
    req: { id: number; file: StagedFile | null; body: Body<typeof ImageMetaInput> };
    res: Image;
  };
  'content.image.delete': { req: { id: number }; res: null };
  /** staff with content rights: a signed token that shows this one site (also when not public) until it expires */
  'content.site.preview-token': {
    req: { id: number };
    res: { token: string; expiresAt: string; website: Website; path: string };
  };
  /** anyone: the site a preview token names, when the token is valid (signature, expiry) and the site is of this website; else null */
  'content.site.preview': { req: { token: string; website: Website }; res: Site | null };
  /** visitors: public entries only */
  'content.init.snapshot': { req: { website: Website }; res: ContentSnapshot };
  /**
   * staff: starts a draft of the site's content from the AI endpoint (a job; the same request of the same user while
   * one runs answers that one), or answers 429 past the user's limits
   */
  'content.ai.generate-site': {
    req: { id: number; body: Body<typeof ContentAiSiteInput> };
    res: ContentAiGeneration;
  };
  /** staff: starts a generated picture, stored as an image when done (as generate-site) */
  'content.ai.generate-image': { req: { body: Body<typeof ContentAiImageInput> }; res: ContentAiGeneration };
  /** its owner: a generation's state, with the draft or image when done and the German message when failed */
  'content.ai.generation.get': { req: { id: string }; res: ContentAiGeneration };
  'content.font.list': { req: Record<string, never>; res: FontFamilyInfo[] };
  /** the family's CSS with every font file stored here and its url() pointing at /font/… */
  'content.font.embed': { req: { family: string; variant: string }; res: { css: string } };
  'catalogue.order.context': { req: { branchId: number }; res: OrderContext | null };
  'order.order.create': {
    /** origin: where the order was placed, told by the gateway (staff session, /self-service page, else storefront) */
    req: { body: JsonObject; idempotencyKey: string | null; origin?: OrderOrigin };
    /** replayed: the answer of an earlier request with the same Idempotency-Key (no new order) */
    res: { status: 200 | 201; order: PublicOrder; replayed?: true };
  };
  'order.order.public': { req: PublicOrderRef; res: PublicOrder };
  /** which of these uploads an order line refers to (the content service's purge of unreferenced uploads asks) */
  'order.upload.referenced': { req: { ids: number[] }; res: { referenced: number[] } };
  'order.order.confirm-counter-appointment': { req: PublicOrderRef; res: PublicOrder };
  'order.order.reject-counter-appointment': { req: PublicOrderRef; res: PublicOrder };
  'order.order.questionnaire': { req: PublicOrderRef & { body: Body<typeof QuestionnaireInput> }; res: PublicOrder };
  'order.order.get': { req: { id: number }; res: StaffOrder };
  'order.order.list': { req: ListRequest; res: ListReply<StaffOrder> };
  'order.order.current': { req: { branch?: number }; res: StaffOrder[] };
  'order.order.missed': { req: { branch?: number }; res: StaffOrder[] };
  'order.order.branch-view': {
    req: { branchId: number; apiKey: string; view: 'frontdesk' | 'backoffice' };
    res: FrontdeskOrder[] | StaffOrder[];
  };
  /** body: the rejection message of 'reject'; null for every other action */
  'order.order.transition': {
    req: { id: number; action: OrderAction; body: Body<typeof RejectInput> | null };
    res: StaffOrder;
  };
  'order.order.propose-counter-appointment': {
    req: { id: number; body: Body<typeof CounterAppointmentInput> };
    res: StaffOrder;
  };
  'order.order.update-item': {
    req: { id: number; index: number; body: Body<typeof ItemUpdateInput> };
    res: StaffOrder;
  };
  'order.order.request-job': { req: { id: number; job: 'print' | 'email' | 'sms' }; res: { jobId: string } };
  'order.order.update-payment-status': { req: { id: number }; res: StaffOrder };
  /** workers finished jobs (the re-dispatcher leaves them alone from then on); a print job's receipt goes to the printers */
  'order.job.completed': { req: JobCompletions; res: { recorded: number } };
  /** a worker gave up on a job after its last attempt: published as `order.job.failed` through the outbox */
  'order.job.record-failure': { req: JobFailureReport; res: { recorded: boolean } };
  'order.device.test-print': { req: { id: number }; res: { jobId: string } };
  'order.device.test-notification': { req: { id: number }; res: DeviceQueueEntry };
  'order.device.request-logs': { req: { id: number }; res: { requestedAt: string } };
  'order.device.logs': { req: { id: number }; res: DeviceLogEntry[] };
  'order.device.queue': { req: { id: number }; res: DeviceQueueEntry[] };
  'order.printer.cloudprnt-poll': {
    req: DeviceCredentials & { body: JsonObject };
    res: CloudPrntPollReply;
  };
  'order.printer.cloudprnt-job': {
    req: DeviceCredentials & { token: string; type: string | null };
    res: { mediaType: string; base64: string };
  };
  'order.printer.cloudprnt-confirm': {
    req: DeviceCredentials & { token: string; code: string };
    res: { status: DeviceQueueEntry['status'] };
  };
  'order.printer.epson-get-request': {
    req: DeviceCredentials & { printerId: string | null };
    res: { xml: string | null };
  };
  'order.printer.epson-set-response': { req: DeviceCredentials & { responseFile: string }; res: { updated: number } };
  'order.device.notifications-poll': {
    req: DeviceCredentials;
    res: Array<{ id: number; text: string; createdAt: string }>;
  };
  'payment.payment.start': { req: StartPaymentRequest; res: PaymentView };
  'payment.payment.recheck': { req: { orderId: number }; res: PaymentView | null };
  'payment.webhook.mollie': { req: { id: string }; res: { status: PaymentStatus | null } };
  'payment.webhook.datatrans': {
    req: { rawBody: string; signature: string | null };
    res: { accepted: boolean; status: PaymentStatus | null };
  };
  'payment.payment.returned': { req: { reference: string }; res: { location: string } };
  'payment.payment.list-final': { req: { orderIds: number[] }; res: PaymentView[] };
  'catalogue.config.get': { req: Record<string, never>; res: Config };
  'catalogue.config.save': { req: { body: Body<typeof ConfigInput> }; res: Config };
  'catalogue.init.snapshot': { req: Record<string, never>; res: InitSnapshot };
  'catalogue.branch.menus': { req: { id: number }; res: Menu[] };
  /** administrators: a new random counter-screen key for the branch; the old one stops working at once */
  'catalogue.branch.rotate-screen-key': { req: { id: number }; res: Branch };
  /** the order service (service identity) checks a counter screen's key against the stored one, uncached */
  'catalogue.branch.check-screen-key': { req: { branchId: number; key: string }; res: { valid: boolean } };
  'identity.auth.verify-credentials': { req: LoginRequest; res: LoginResult };
  'identity.user.me': { req: { id: number }; res: User };
  /** an administrator lifts every lock of a user: `isLocked` and the lockouts after failed logins */
  'identity.user.unlock': { req: { id: number }; res: User };
  'statistics.log.list': { req: ListRequest; res: ListReply<LogEntry> };
  'statistics.log.get': { req: { id: number }; res: LogEntry };
  /** the logged-in staff member's clock: state, or a transition (409 with the German reason when not allowed) */
  'time-tracking.clock.me': { req: Record<string, never>; res: ClockState };
  'time-tracking.clock.act': { req: { action: ClockAction; body: Body<typeof ClockInput> }; res: ClockState };
  /** the branch terminal (`/api/time-tracking/{branch}/…`): device key, username and personal code per call */
  'time-tracking.terminal.me': { req: TerminalCredentials; res: ClockState };
  'time-tracking.terminal.act': {
    req: TerminalCredentials & { action: ClockAction; body: Body<typeof ClockInput> };
    res: ClockState;
  };
  'time-tracking.terminal.list': {
    req: TerminalCredentials & { what: 'working-schedules' | 'working-activities' | 'balances'; query: JsonObject };
    res: WorkingSchedule[] | WorkingActivity[] | UserBalance[];
  };
  'time-tracking.balance.list': { req: { query: JsonObject }; res: UserBalance[] };
  'time-tracking.holiday-balance.list': { req: { query: JsonObject }; res: HolidayBalance[] };
  'time-tracking.holiday-entitlement.save': { req: { body: Body<typeof HolidayEntitlementInput> }; res: null };
  /** a month's time sheet as a file (base64, for the gateway to send) */
  'time-tracking.time-sheet.export': {
    req: { query: JsonObject };
    res: { filename: string; mediaType: string; base64: string };
  };
  'time-tracking.access-token.list': { req: { user?: number }; res: AccessTokenView[] };
  'time-tracking.access-token.issue': { req: { body: { user: number; username: string } }; res: IssuedAccessToken };
  'time-tracking.access-token.revoke': { req: { id: number }; res: AccessTokenView };
  'time-tracking.time-clock.list': { req: Record<string, never>; res: TimeClock[] };
  'time-tracking.time-clock.create': { req: { body: Body<typeof TimeClockInput> }; res: TimeClock };
  'time-tracking.time-clock.delete': { req: { id: number }; res: null };
  /** the statistics service (service identity): an activity's or schedule's stretches, for its read model */
  'time-tracking.work-period.get': { req: { kind: WorkPeriodKind; id: number }; res: WorkPeriodSnapshot | null };
  /** staff: record a command as pending (an open one is aborted first) and push it; answers the updated device */
  'signage.device.command': { req: { id: number; body: Body<typeof SignageCommandInput> }; res: SignageDevice };
  /** staff: abort the open command; answers the updated device */
  'signage.device.abort-command': { req: { id: number }; res: SignageDevice };
  /** staff: one command to many TVs (listed, of a branch, or playing a stream), each as 'signage.device.command' */
  'signage.device.bulk-command': { req: Body<typeof SignageBulkCommandInput>; res: SignageBulkCommandResult };
  /** staff who may read the TV: the picture of its latest (or the given) done screenshot command, as file bytes */
  'signage.device.screenshot': {
    req: { id: number; command: number | null };
    res: { mediaType: string; base64: string };
  };
  /** staff: a stream's segments as a player plays them, for the back office's preview */
  'signage.stream.preview': { req: { id: number }; res: StreamPreview };
  /** a player (identifier + key, checked by the service) opens its push stream: its open command, if any */
  'signage.player.connect': {
    req: PlayerCredentials;
    res: { device: number; branch: number; command: SignageCommand | null };
  };
  'signage.player.heartbeat': {
    req: PlayerCredentials & { body: Body<typeof PlayerHeartbeatInput> };
    res: { at: string };
  };
  'signage.player.schedule': { req: PlayerCredentials; res: PlayerSchedule };
  /** the gateway's batch of players' acks (each entry checked and answered on its own, applied in one transaction) */
  'signage.player.ack-many': { req: PlayerAckBatch; res: { results: PlayerAckOutcome[] } };
  'signage.player.result': {
    req: PlayerCredentials & { command: number; body: Body<typeof PlayerCommandResultInput> };
    res: SignageCommand;
  };
  'signage.player.pickup-board': { req: PlayerCredentials; res: PickupBoard };
  'signage.player.menu-board': { req: PlayerCredentials; res: MenuBoard };
  /**
   * anyone (the gateway, for the player's page): the origins the web segments of a TV's scenes (by its identifier)
   * or of a stream (the back office's preview) may be framed from, and those their videos play from; unknown: none
   */
  'signage.player.frame-origins': {
    req: { device: string | null; stream: number | null };
    res: { origins: string[]; mediaOrigins: string[] };
  };
  /** the tickets of a branch's current takeaway and dine-in orders, for the pickup board (service callers: signage) */
  'order.order.pickup-board': { req: { branchId: number }; res: PickupBoard };
  'statistics.metric.get': { req: { metric: string; query: Record<string, unknown> }; res: StatisticsReply };
  'statistics.user-profile.get': { req: { query: Record<string, unknown> }; res: UserProfileStatistics };
  'statistics.user-profile.working-activities': {
    req: { query: Record<string, unknown> };
    res: UserProfileWorkingActivities;
  };
}
export type RpcSubject = keyof RpcMap;
export type RpcRequest<S extends RpcSubject> = RpcMap[S]['req'];
export type RpcReply<S extends RpcSubject> = RpcMap[S]['res'];

/** Header that carries the HTTP request id across NATS hops. */
export const REQUEST_ID_HEADER = 'x-request-id';
