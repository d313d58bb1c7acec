import type { Actor, User, LoginInput } from '../identity/identity.schema.js';
import type { Config, ConfigInput, Menu } from '../catalogue/catalogue.schema.js';
import type { ListMeta } from '../api/envelope.js';
import type { Branch, Category, Product, Table } from '../catalogue/catalogue.schema.js';
import type { FrontdeskOrder, OrderAction, PublicOrder, StaffOrder } from '../order/order.schema.js';
import type { Upload, UploadRef } from '../content/upload.schema.js';
import type { Image, StagedFile } from '../content/image.schema.js';
import type {
  CloudPrntPollReply, DeviceCredentials, DeviceLogEntry, DeviceQueueEntry, EnqueuePrintRequest,
} from '../devices/printing.schema.js';
import type { PaymentStatus, PaymentView, StartPaymentRequest } from '../payment/payment.schema.js';
import type { JobFailureReport, LogEntry } from '../statistics/statistics.schema.js';

/** Request/reply subjects that are not standard CRUD (see resources.ts for those). */
export const SUBJECTS = {
  catalogue: {
    configGet: 'catalogue.config.get',
    configSave: 'catalogue.config.save',
    /** the catalogue part of GET /api/init in one reply */
    initSnapshot: 'catalogue.init.snapshot',
    branchMenus: 'catalogue.branch.menus',
    /** everything the order service needs to validate and price an order of one branch */
    orderContext: 'catalogue.order.context',
  },
  order: {
    create: 'order.order.create',
    publicView: 'order.order.public',
    publicConfirmCounter: 'order.order.confirm-counter-appointment',
    publicRejectCounter: 'order.order.reject-counter-appointment',
    questionnaire: 'order.order.questionnaire',
    get: 'order.order.get',
    list: 'order.order.list',
    current: 'order.order.current',
    missed: 'order.order.missed',
    branchView: 'order.order.branch-view',
    transition: 'order.order.transition',
    proposeCounter: 'order.order.propose-counter-appointment',
    updateItem: 'order.order.update-item',
    requestJob: 'order.order.request-job',
    /** a worker finished a job (the re-dispatcher leaves it alone from then on) */
    jobCompleted: 'order.job.completed',
    /** a worker gave up on a job after its last attempt: published as `order.job.failed` through the outbox */
    recordJobFailure: 'order.job.record-failure',
    /** POST /api/orders/{id}/update-payment-status: re-check with the provider, answer the updated order */
    updatePaymentStatus: 'order.order.update-payment-status',
  },
  device: {
    /** workers put rendered receipts into the devices' queues */
    enqueuePrint: 'order.device.enqueue-print',
    testPrint: 'order.device.test-print',
    testNotification: 'order.device.test-notification',
    requestLogs: 'order.device.request-logs',
    logs: 'order.device.logs',
    queue: 'order.device.queue',
    cloudprntPoll: 'order.printer.cloudprnt-poll',
    cloudprntJob: 'order.printer.cloudprnt-job',
    cloudprntConfirm: 'order.printer.cloudprnt-confirm',
    epsonGetRequest: 'order.printer.epson-get-request',
    epsonSetResponse: 'order.printer.epson-set-response',
    notificationsPoll: 'order.device.notifications-poll',
  },
  payment: {
    start: 'payment.payment.start',
    /** asks the provider for the order's payment status and settles it (staff re-check) */
    recheck: 'payment.payment.recheck',
    mollieWebhook: 'payment.webhook.mollie',
    datatransWebhook: 'payment.webhook.datatrans',
    /** the customer comes back from the provider's page: where to send the browser */
    returned: 'payment.payment.returned',
    /** the final payments of these orders, as stored (no provider call): the order service's sweep for lost settled events */
    listFinal: 'payment.payment.list-final',
  },
  content: {
    createUpload: 'content.upload.create',
    /** which of the given upload references do not exist */
    verifyUploads: 'content.upload.verify',
    listImages: 'content.image.list',
    getImage: 'content.image.get',
    createImage: 'content.image.create',
    updateImage: 'content.image.update',
    deleteImage: 'content.image.delete',
  },
  identity: {
    verifyCredentials: 'identity.auth.verify-credentials',
    me: 'identity.user.me',
  },
  statistics: {
    /** GET /api/logs (administrators): filters and paging */
    logList: 'statistics.log.list',
    logGet: 'statistics.log.get',
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

export interface RpcMap {
  /** the file's bytes wait in the object store bucket UPLOADS_INCOMING under objectName */
  'content.upload.create': { req: { objectName: string; mimeType: string; filename?: string }; res: Upload };
  'content.upload.verify': { req: { refs: UploadRef[] }; res: { missing: UploadRef[] } };
  'content.image.list': { req: ListRequest; res: ListReply<Image> };
  'content.image.get': { req: { id: number }; res: Image };
  /** body: name and alt as sent (checked again by the service) */
  'content.image.create': { req: { file: StagedFile; body: unknown }; res: Image };
  /** file: a replacement (version + 1) or null */
  'content.image.update': { req: { id: number; file: StagedFile | null; body: unknown }; res: Image };
  'content.image.delete': { req: { id: number }; res: null };
  'catalogue.order.context': { req: { branchId: number }; res: OrderContext | null };
  'order.order.create': { req: { body: unknown; idempotencyKey: string | null }; res: { status: 200 | 201; order: PublicOrder } };
  'order.order.public': { req: PublicOrderRef; res: PublicOrder };
  'order.order.confirm-counter-appointment': { req: PublicOrderRef; res: PublicOrder };
  'order.order.reject-counter-appointment': { req: PublicOrderRef; res: PublicOrder };
  'order.order.questionnaire': { req: PublicOrderRef & { body: unknown }; res: PublicOrder };
  'order.order.get': { req: { id: number }; res: StaffOrder };
  'order.order.list': { req: { query: Record<string, unknown> }; res: ListReply<StaffOrder> };
  'order.order.current': { req: { branch?: number }; res: StaffOrder[] };
  'order.order.missed': { req: { branch?: number }; res: StaffOrder[] };
  'order.order.branch-view': { req: { branchId: number; apiKey: string; view: 'frontdesk' | 'backoffice' }; res: FrontdeskOrder[] | StaffOrder[] };
  'order.order.transition': { req: { id: number; action: OrderAction; body: unknown }; res: StaffOrder };
  'order.order.propose-counter-appointment': { req: { id: number; body: unknown }; res: StaffOrder };
  'order.order.update-item': { req: { id: number; index: number; body: unknown }; res: StaffOrder };
  'order.order.request-job': { req: { id: number; job: 'print' | 'email' | 'sms' }; res: { jobId: string } };
  'order.order.update-payment-status': { req: { id: number }; res: StaffOrder };
  'order.job.completed': { req: { jobId: string }; res: { recorded: boolean } };
  'order.job.record-failure': { req: JobFailureReport; res: { recorded: boolean } };
  'order.device.enqueue-print': { req: EnqueuePrintRequest; res: { queued: number[] } };
  'order.device.test-print': { req: { id: number }; res: { jobId: string } };
  'order.device.test-notification': { req: { id: number }; res: DeviceQueueEntry };
  'order.device.request-logs': { req: { id: number }; res: { requestedAt: string } };
  'order.device.logs': { req: { id: number }; res: DeviceLogEntry[] };
  'order.device.queue': { req: { id: number }; res: DeviceQueueEntry[] };
  'order.printer.cloudprnt-poll': { req: DeviceCredentials & { body: Record<string, unknown> }; res: CloudPrntPollReply };
  'order.printer.cloudprnt-job': { req: DeviceCredentials & { token: string; type: string | null }; res: { mediaType: string; base64: string } };
  'order.printer.cloudprnt-confirm': { req: DeviceCredentials & { token: string; code: string }; res: { status: DeviceQueueEntry['status'] } };
  'order.printer.epson-get-request': { req: DeviceCredentials & { printerId: string | null }; res: { xml: string | null } };
  'order.printer.epson-set-response': { req: DeviceCredentials & { responseFile: string }; res: { updated: number } };
  'order.device.notifications-poll': { req: DeviceCredentials; res: Array<{ id: number; text: string; createdAt: string }> };
  'payment.payment.start': { req: StartPaymentRequest; res: PaymentView };
  'payment.payment.recheck': { req: { orderId: number }; res: PaymentView | null };
  'payment.webhook.mollie': { req: { id: string }; res: { status: PaymentStatus | null } };
  'payment.webhook.datatrans': { req: { rawBody: string; signature: string | null }; res: { accepted: boolean; status: PaymentStatus | null } };
  'payment.payment.returned': { req: { reference: string }; res: { location: string } };
  'payment.payment.list-final': { req: { orderIds: number[] }; res: PaymentView[] };
  'catalogue.config.get': { req: Record<string, never>; res: Config };
  'catalogue.config.save': { req: { body: ConfigInput | unknown }; res: Config };
  'catalogue.init.snapshot': { req: Record<string, never>; res: InitSnapshot };
  'catalogue.branch.menus': { req: { id: number }; res: Menu[] };
  'identity.auth.verify-credentials': { req: LoginInput; res: Actor };
  'identity.user.me': { req: { id: number }; res: User };
  'statistics.log.list': { req: { query: Record<string, unknown> }; res: ListReply<LogEntry> };
  'statistics.log.get': { req: { id: number }; res: LogEntry };
}
export type RpcSubject = keyof RpcMap;

/** Header that carries the HTTP request id across NATS hops. */
export const REQUEST_ID_HEADER = 'x-request-id';
