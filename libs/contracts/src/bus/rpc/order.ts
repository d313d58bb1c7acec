import type {
  CloudPrntPollReply,
  DeviceCredentials,
  DeviceLogEntry,
  DeviceQueueEntry,
} from '../../devices/printing.schema.js';
import type {
  CounterAppointmentInput,
  FrontdeskOrder,
  ItemUpdateInput,
  OrderAction,
  PublicOrder,
  QuestionnaireInput,
  RejectInput,
  StaffOrder,
} from '../../order/order.schema.js';
import type { PickupBoard } from '../../signage/signage.schema.js';
import type { JobFailureReport, OrderOrigin } from '../../statistics/statistics.schema.js';
import type { JobCompletions } from '../jobs.js';
import type { Body, JsonObject, ListReply, ListRequest, PublicOrderRef } from './common.js';

/** The order service's request/reply subjects (part of RpcMap). */
export interface OrderRpc {
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
  /** the tickets of a branch's current takeaway and dine-in orders, for the pickup board (service callers: signage) */
  'order.order.pickup-board': { req: { branchId: number }; res: PickupBoard };
}
