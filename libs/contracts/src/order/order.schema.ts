import { z } from 'zod';
import { Email, Id, IdParam, IsoDateTime, NullableText } from '../catalogue/common.schema.js';
import { placeFields } from '../catalogue/place-fields.js';
import { COUNTRIES, PAYMENT_METHODS, UNIT_NAMES } from '../catalogue/units.js';

/** A cart item as the storefront sends it: the server prices it from the catalogue. */
export const OrderItemInput = z.object({
  product: Id,
  amount: z.number().finite().positive().max(100_000),
  unit: z.enum(UNIT_NAMES).optional(),
  /** per step key: option name (select), option names (multiselect), text, or upload references */
  parts: z.record(z.string().max(64), z.unknown()).default({}),
});
export type OrderItemInput = z.input<typeof OrderItemInput>;

const text = (max = 200) => NullableText(max);
const flag = z.boolean().default(false);

/** The order form of storefront-presenter.md §3, plus isDelivery, isDineIn, items and branch (api-contract.md). */
export const OrderInput = z.object({
  branch: Id,
  isDelivery: flag,
  isDineIn: flag,
  items: z.array(OrderItemInput).min(1).max(200),
  isCompany: flag,
  companyName: text(),
  company: text(),
  vatNumber: text(40),
  firstName: text(100),
  lastName: text(100),
  street: text(),
  floor: text(20),
  stairway: text(20),
  door: text(20),
  ...placeFields,
  phone: text(40),
  email: Email.nullable().default(null),
  isDeliveryAddressDifferent: flag,
  isDeliveryCompany: flag,
  deliveryCompanyName: text(),
  deliveryFirstName: text(100),
  deliveryLastName: text(100),
  deliveryStreet: text(),
  deliveryFloor: text(20),
  deliveryStairway: text(20),
  deliveryDoor: text(20),
  deliveryZipCode: text(20),
  deliveryCity: text(120),
  deliveryCountry: z.enum(COUNTRIES).nullable().default(null),
  deliveryArea: text(120),
  comment: text(2000),
  appointmentDate: IsoDateTime.nullable().default(null),
  paymentMethod: z.enum(PAYMENT_METHODS).default('cash'),
  legalInstructions: flag,
  privacyPolicy: flag,
  /** table identifier (dine-in with table selection) */
  table: text(100),
  donatee: Id.nullable().default(null),
});
export type OrderInput = z.input<typeof OrderInput>;
export type OrderForm = z.output<typeof OrderInput>;

/** storefront-presenter.md §3 "Questionnaire": four ratings 1–5, optional comment. */
const Stars = z.number().int().min(1).max(5);
export const QuestionnaireInput = z.object({
  rating: Stars,
  foodRating: Stars,
  serviceRating: Stars,
  processRating: Stars,
  comment: NullableText(2000),
});
export type QuestionnaireInput = z.input<typeof QuestionnaireInput>;

export const RejectInput = z.object({ rejectionMessage: NullableText(1000) });
export const CounterAppointmentInput = z.object({ counterAppointment: IsoDateTime });
export const ItemUpdateInput = OrderItemInput.omit({ product: true });

export const ORDER_STATUSES = [
  'open',
  'confirmed',
  'inDelivery',
  'readyForPickup',
  'completed',
  'canceled',
  'rejected',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** History filters (GET /api/orders). */
export const OrderListQuery = z.object({
  branch: IdParam.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  search: z.string().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(50),
});
export type OrderListQuery = z.input<typeof OrderListQuery>;

/** storefront-presenter.md §3 "Order (public view)": exactly these fields. */
export interface PublicOrder {
  id: number;
  uid: string;
  hash: string;
  ticketNumber: number;
  isRejected: boolean;
  rejectionMessage: string | null;
  isConfirmed: boolean;
  isInDelivery: boolean;
  isDelivered: boolean;
  isCompleted: boolean;
  isCanceled: boolean;
  isFailed: boolean;
  /** takeaway and dine-in: staff marked it 'Abholbereit' (the customer's 'Abholbereit' step; not in §3's list) */
  isReadyForPickup: boolean;
  isDelivery: boolean;
  isDineIn: boolean;
  tableIdentifier: string | null;
  paymentMethod: string;
  isPaid: boolean;
  isRefunded: boolean;
  /** the time in force, everywhere (board, details, receipt, e-mail, history): the requested or the accepted proposal */
  appointment: string | null;
  /** the time the customer asked for at checkout (kept as asked; null: as soon as possible) */
  appointmentDate: string | null;
  /** staff's open counter-proposal */
  counterAppointment: string | null;
  questionnaireRating: number | null;
  branch: { id: number };
  paymentRedirectUrl: string | null;
}

export interface OrderLine {
  position: number;
  product: number;
  name: string;
  amount: number;
  unit: string;
  parts: Record<string, unknown>;
  gross: number;
  taxRate: number;
}

/** The customer's answer to staff's last counter-proposal (through the status link). */
export const COUNTER_ANSWERS = ['accepted', 'declined'] as const;
export type CounterAnswer = (typeof COUNTER_ANSWERS)[number];

/**
 * The receipt of an order's latest print job: waiting (not rendered yet, or queued for a printer), printed (every
 * printer of the branch printed it), failed (a printer gave up, or the job failed every attempt), noPrinter (the
 * branch had no enabled printer when it was rendered).
 */
export const RECEIPT_STATUSES = ['waiting', 'printed', 'failed', 'noPrinter'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** The staff view: the public fields (the status link's hash too) plus customer, items, pricing and bookkeeping. */
export interface StaffOrder extends PublicOrder {
  /** null: no receipt was printed for the order (or its job is older than the outbox keeps, 7 days) */
  receipt: ReceiptStatus | null;
  /** null while no proposal was answered (or a new one is open) */
  counterAnswer: CounterAnswer | null;
  /** the proposal the customer answered: the agreed time when accepted, the declined time when declined */
  answeredCounterAppointment: string | null;
  customer: Omit<OrderForm, 'items' | 'branch' | 'isDelivery' | 'isDineIn' | 'paymentMethod' | 'table'>;
  items: OrderLine[];
  pricing: Record<string, unknown>;
  questionnaire: z.output<typeof QuestionnaireInput> | null;
  createdAt: string;
  updatedAt: string;
  status: OrderStatus;
}

/**
 * The front-desk view (backoffice-platform.md §2): a counter screen facing the customers, like a pick-up board —
 * the ticket, its stage (the status flags) and the agreed time or table; nothing about the customer, the items,
 * the prices or the payment, and no link secrets.
 */
export type FrontdeskOrder = Pick<
  PublicOrder,
  | 'id'
  | 'ticketNumber'
  | 'isConfirmed'
  | 'isRejected'
  | 'isInDelivery'
  | 'isDelivered'
  | 'isCompleted'
  | 'isCanceled'
  | 'isFailed'
  | 'isReadyForPickup'
  | 'isDelivery'
  | 'isDineIn'
  | 'tableIdentifier'
  | 'appointment'
> & { status: OrderStatus };

export const ORDER_ACTIONS = ['confirm', 'reject', 'cancel', 'in-delivery', 'ready-for-pickup', 'completed'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * A print or notification device of a branch (backoffice-platform.md §3 "device", lookup by identifier).
 * Printers pull their jobs with their own credentials (apiKey), never a staff session.
 */
export const DeviceInput = z.object({
  identifier: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9]+(?:[-_][a-z0-9]+)*$/, { error: 'validation.identifier' }),
  name: z.string().min(1).max(200),
  type: z.enum(['printer', 'notification']),
  branch: Id,
  /** how a printer fetches its jobs */
  protocol: z.enum(['cloudprnt', 'epson-sdp']).nullable().default(null),
  /** receipt command set */
  printFormat: z.enum(['star', 'escpos']).default('star'),
  pollIntervalSeconds: z.number().int().min(1).max(300).default(5),
  isEnabled: z.boolean().default(true),
  /** staff-only; generated when empty */
  apiKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .optional(),
});
export type DeviceInput = z.input<typeof DeviceInput>;
export interface Device extends Omit<z.output<typeof DeviceInput>, 'apiKey'> {
  id: number;
  createdAt: string;
  updatedAt: string;
  apiKey?: string;
  lastSeenAt: string | null;
  /** printers: polled within twice their interval plus 5 s; null for notification devices */
  isOnline: boolean | null;
  lastStatus: string | null;
  logsRequestedAt: string | null;
}
