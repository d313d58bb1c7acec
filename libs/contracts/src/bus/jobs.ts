import type { Branch, Config } from '../catalogue/catalogue.schema.js';
import type { EnqueuePrintRequest } from '../devices/printing.schema.js';
import type { StaffOrder } from '../order/order.schema.js';

/** BullMQ queues; job ids are deterministic so a retried enqueue never sends twice. */
export const QUEUES = { print: 'print', email: 'email', sms: 'sms' } as const;
export type QueueName = keyof typeof QUEUES;

/** What a receipt, e-mail or SMS shows of the branch (its receipt settings). */
export type MessageBranch = Pick<
  Branch,
  'id' | 'name' | 'street' | 'zipCode' | 'city' | 'phone' | 'email' | 'timezone'
>;
/** What a receipt, e-mail or SMS shows of the shop. */
export type MessageShop = Pick<Config, 'shopName' | 'currency' | 'disableTickets'>;

/**
 * The order as the order service held it when it wrote the job, with the branch and shop settings the message
 * needs: the worker renders from this alone and calls no service back for data.
 */
export interface OrderSnapshot {
  order: StaffOrder;
  branch: MessageBranch;
  shop: MessageShop;
  /**
   * The configuration steps' names of the order's products (product id → step key → name), so the branch's e-mail
   * labels the chosen options as the board card does ('Größe: Familienpizza'). Absent in jobs written before it.
   */
  stepNames?: Record<number, Record<string, string>>;
}

/** issue 42: the status e-mails a customer gets when staff change the order (each can be turned off per branch). */
export const ORDER_STATUS_MAIL_KINDS = [
  'confirmed',
  'ready-for-pickup',
  'in-delivery',
  'counter-proposal',
  'rejected',
  'canceled',
] as const;
export type OrderStatusMailKind = (typeof ORDER_STATUS_MAIL_KINDS)[number];

/** The branch setting that turns each status e-mail off (default on). */
export const ORDER_STATUS_MAIL_FLAGS = {
  confirmed: 'isConfirmedEmailEnabled',
  'ready-for-pickup': 'isReadyForPickupEmailEnabled',
  'in-delivery': 'isInDeliveryEmailEnabled',
  'counter-proposal': 'isCounterProposalEmailEnabled',
  rejected: 'isRejectedEmailEnabled',
  canceled: 'isCanceledEmailEnabled',
} as const satisfies { readonly [K in OrderStatusMailKind]: keyof Branch };

/**
 * A status e-mail to the customer: the order's id and what the mail shows, no more of the customer than the address
 * and the name it greets (no phone, address, items or prices).
 */
export interface OrderStatusMailJob {
  orderId: number;
  branch: number;
  /** the state change: status-{kind}, or counter-{n} for each proposal */
  reason: string;
  kind: OrderStatusMailKind;
  customer: { email: string; firstName: string | null; lastName: string | null };
  order: Pick<
    StaffOrder,
    | 'uid'
    | 'hash'
    | 'ticketNumber'
    | 'isDelivery'
    | 'isDineIn'
    | 'appointment'
    | 'counterAppointment'
    | 'rejectionMessage'
  >;
  sender: { branch: MessageBranch; shop: MessageShop };
}

interface OrderJobBase {
  orderId: number;
  branch: number;
  /** why: created, confirmed, resend-{n}, print-{n} */
  reason: string;
  snapshot: OrderSnapshot;
}

/**
 * One `sendMail` action of a form submission, rendered by the content service (placeholders filled, values
 * HTML-escaped in the HTML part): the worker sends it as it is and asks nobody.
 */
export interface FormMailJob {
  submissionId: number;
  /** the form node */
  nodeId: number;
  /** the action's position in the form's actions */
  action: number;
  to: string;
  cc: string | null;
  subject: string;
  text: string;
  html: string;
}

/**
 * The job map (Immich's JobItem / JobOf<T>): every job name with its queue and payload. The BullMQ job name is
 * the key; `addJob` and the workers accept only these names with their payload type.
 */
export interface JobMap {
  /** the order's receipt for every printer of the branch */
  'print-receipt': { queue: 'print'; data: OrderJobBase; result: PrintResult };
  /** a printer's test page (back office 'Testdruck'): that one device only */
  'print-test-page': {
    queue: 'print';
    data: { branch: number; deviceId: number; reason: string };
    result: PrintResult;
  };
  /** the new-order e-mail: customer and branch on creation, the customer on a resend */
  'email-new-order': { queue: 'email'; data: OrderJobBase; result: { sent: Array<'customer' | 'branch'> } };
  /** a status e-mail to the customer (confirmed, ready, in delivery, counter-proposal, rejected, canceled) */
  'email-order-status': { queue: 'email'; data: OrderStatusMailJob; result: { sent: boolean } };
  /** the new-order SMS to the customer */
  'sms-new-order': { queue: 'sms'; data: OrderJobBase; result: { sent: boolean } };
  /** a form's sendMail action (content service): one mail per submission and action */
  'email-form-submission': { queue: 'email'; data: FormMailJob; result: { sent: boolean } };
}
export type JobName = keyof JobMap;
export type JobOf<N extends JobName> = JobMap[N]['data'];
export type JobResultOf<N extends JobName> = JobMap[N]['result'];
export type JobsOfQueue<Q extends QueueName> = { [N in JobName]: JobMap[N]['queue'] extends Q ? N : never }[JobName];
/** A job as the outbox and BullMQ carry it. */
export type JobItem = {
  [N in JobName]: { name: N; queue: JobMap[N]['queue']; jobId: string; data: JobOf<N> };
}[JobName];

export const JOB_QUEUES: { readonly [N in JobName]: JobMap[N]['queue'] } = {
  'print-receipt': 'print',
  'print-test-page': 'print',
  'email-new-order': 'email',
  'email-order-status': 'email',
  'sms-new-order': 'sms',
  'email-form-submission': 'email',
};

/**
 * Which service wrote a job and records its completion (`<service>.job.completed`): the workers report each
 * finished job to its writer, whose re-dispatcher then leaves it alone.
 */
export const JOB_COMPLETION_SUBJECTS = {
  'print-receipt': 'order.job.completed',
  'print-test-page': 'order.job.completed',
  'email-new-order': 'order.job.completed',
  'email-order-status': 'order.job.completed',
  'sms-new-order': 'order.job.completed',
  'email-form-submission': 'content.job.completed',
} as const satisfies { readonly [N in JobName]: 'order.job.completed' | 'content.job.completed' };

/**
 * A rendered print job: the receipt in every command set and the line for the branch's notification devices,
 * for the printers of the branch (or the one device of a test page). The job id is the queue entries' key.
 */
export type PrintResult = Omit<EnqueuePrintRequest, 'jobKey'>;

/**
 * A worker finished a job: its writer records the completion (the re-dispatcher leaves the job alone from then
 * on) and, for a print job, puts the rendered receipt into the printers' queues in the same statement.
 */
export type JobCompletion = { [N in JobName]: { jobId: string; name: N; result: JobResultOf<N> } }[JobName];

/** A finished print job (receipt or test page): its result carries the rendered documents. */
export type PrintCompletion = Extract<JobCompletion, { name: JobsOfQueue<'print'> }>;
export const isPrintCompletion = (completion: JobCompletion): completion is PrintCompletion =>
  JOB_QUEUES[completion.name] === 'print';

/**
 * `<writer>.job.completed`: the completions a worker process finished while its previous report was on its way
 * (one when the queue is quiet). The writer records them together; `recorded` counts those new to it.
 */
export interface JobCompletions {
  completions: JobCompletion[];
}
