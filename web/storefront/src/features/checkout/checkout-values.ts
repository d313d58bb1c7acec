import { DEFAULT_COUNTRY, normalizePhone } from '@shop/domain';
import type { OrderInput, PaymentMethod } from '@shop/contracts';
import { partsPayload } from '../store/parts';
import type { BranchOrder } from '../store/use-branch-order';

/* ------------------------------------------------------------ the form's values */

/** Names of the order input (libs/contracts OrderInput): a field renamed there no longer compiles here. */
type OrderField<K extends keyof OrderInput> = K;
type TextField = OrderField<
  | 'companyName'
  | 'vatNumber'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'street'
  | 'floor'
  | 'stairway'
  | 'door'
  | 'zipCode'
  | 'city'
  | 'deliveryCompanyName'
  | 'deliveryFirstName'
  | 'deliveryLastName'
  | 'deliveryStreet'
  | 'deliveryFloor'
  | 'deliveryStairway'
  | 'deliveryDoor'
  | 'deliveryZipCode'
  | 'deliveryCity'
  | 'table'
>;
type FlagField = OrderField<
  'isCompany' | 'isDeliveryAddressDifferent' | 'isDeliveryCompany' | 'legalInstructions' | 'privacyPolicy'
>;

/**
 * What the customer fills in: the order input's own fields, as inputs hold them (text as strings, '' for empty).
 * The rest of the order (branch, delivery flags, items, delivery area, comment, appointment) lives in the
 * branch's cart and joins the form in {@link orderPayload}.
 */
export type CheckoutValues = Record<TextField, string> & { [K in FlagField]-?: NonNullable<OrderInput[K]> } & {
  country: NonNullable<OrderInput['country']>;
  deliveryCountry: NonNullable<OrderInput['deliveryCountry']>;
  /** null: not chosen yet (the branch's default applies) */
  paymentMethod: NonNullable<OrderInput['paymentMethod']> | null;
  donatee: Exclude<OrderInput['donatee'], undefined>;
};
export type CheckoutField = keyof CheckoutValues;

export const EMPTY_FORM: CheckoutValues = {
  isCompany: false,
  companyName: '',
  vatNumber: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  street: '',
  floor: '',
  stairway: '',
  door: '',
  zipCode: '',
  city: '',
  country: DEFAULT_COUNTRY,
  isDeliveryAddressDifferent: false,
  isDeliveryCompany: false,
  deliveryCompanyName: '',
  deliveryFirstName: '',
  deliveryLastName: '',
  deliveryStreet: '',
  deliveryFloor: '',
  deliveryStairway: '',
  deliveryDoor: '',
  deliveryZipCode: '',
  deliveryCity: '',
  deliveryCountry: DEFAULT_COUNTRY,
  paymentMethod: null,
  legalInstructions: false,
  privacyPolicy: false,
  table: '',
  donatee: null,
};

const nullable = (v: string) => (v.trim() === '' ? null : v.trim());

/** The order payload of §7 "Create order": the form fields plus isDelivery, isDineIn, items and branch. */
export function orderPayload(
  order: BranchOrder,
  form: CheckoutValues,
  paymentMethod: PaymentMethod | undefined,
): OrderInput {
  const { branch, cart, method, area } = order;
  const delivery = method === 'delivery';
  const differentAddress = delivery && form.isDeliveryAddressDifferent;
  return {
    branch: branch.id,
    isDelivery: method === 'delivery',
    isDineIn: method === 'dineIn',
    items: cart.items.map((i) => ({
      product: i.product.id,
      amount: i.amount,
      unit: i.unit,
      parts: partsPayload(i.parts),
    })),
    isCompany: form.isCompany,
    companyName: form.isCompany ? nullable(form.companyName) : null,
    company: form.isCompany ? nullable(form.companyName) : null,
    vatNumber: form.isCompany ? nullable(form.vatNumber) : null,
    firstName: nullable(form.firstName),
    lastName: nullable(form.lastName),
    email: nullable(form.email),
    phone: nullable(normalizePhone(form.phone)),
    street: nullable(form.street),
    floor: nullable(form.floor),
    stairway: nullable(form.stairway),
    door: nullable(form.door),
    zipCode: nullable(form.zipCode),
    city: nullable(form.city),
    country: form.country,
    isDeliveryAddressDifferent: differentAddress,
    isDeliveryCompany: differentAddress && form.isDeliveryCompany,
    deliveryCompanyName: differentAddress && form.isDeliveryCompany ? nullable(form.deliveryCompanyName) : null,
    deliveryFirstName: differentAddress ? nullable(form.deliveryFirstName) : null,
    deliveryLastName: differentAddress ? nullable(form.deliveryLastName) : null,
    deliveryStreet: differentAddress ? nullable(form.deliveryStreet) : null,
    deliveryFloor: differentAddress ? nullable(form.deliveryFloor) : null,
    deliveryStairway: differentAddress ? nullable(form.deliveryStairway) : null,
    deliveryDoor: differentAddress ? nullable(form.deliveryDoor) : null,
    deliveryZipCode: differentAddress ? nullable(form.deliveryZipCode) : null,
    deliveryCity: differentAddress ? nullable(form.deliveryCity) : null,
    deliveryCountry: differentAddress ? form.deliveryCountry : null,
    deliveryArea: delivery ? (area?.area ?? null) : null,
    comment: nullable(cart.order.comment ?? ''),
    appointmentDate: cart.order.appointment,
    paymentMethod,
    legalInstructions: form.legalInstructions,
    privacyPolicy: form.privacyPolicy,
    table: method === 'dineIn' && branch.isTableSelectionEnabled ? nullable(form.table) : null,
    donatee: form.donatee,
  };
}
