/**
 * §5 "Checkout fields. Email, phone and address are required according to the per-order-type branch flags.
 * Shown as required: first name, last name, street, zip code, city, country, delivery area (for delivery).
 * Table required for dine-in with table selection. Country choices: DE, LI, AT (default), CH."
 * §3 "Order form: … country (default AT) … paymentMethod (default cash)".
 */
import type { Branch, Country, DeliveryMethod } from '@shop/contracts';

export const COUNTRY_CHOICES: readonly Country[] = ['DE', 'LI', 'AT', 'CH'];
export const DEFAULT_COUNTRY: Country = 'AT';

export type CheckoutField =
  'firstName' | 'lastName' | 'email' | 'phone' | 'street' | 'zipCode' | 'city' | 'country' | 'deliveryArea' | 'table';

export const ADDRESS_FIELDS: readonly CheckoutField[] = ['street', 'zipCode', 'city', 'country'];

export type RequirementFlags = Pick<
  Branch,
  | 'isDeliveryEmailRequired'
  | 'isDeliveryPhoneRequired'
  | 'isDeliveryAddressRequired'
  | 'isDineInEmailRequired'
  | 'isDineInPhoneRequired'
  | 'isDineInAddressRequired'
  | 'isTakeawayEmailRequired'
  | 'isTakeawayPhoneRequired'
  | 'isTakeawayAddressRequired'
  | 'isTableSelectionEnabled'
>;

/** The per-order-type flags: is{Delivery|DineIn|Takeaway}{Email|Phone|Address}Required. */
export function requirementsFor(
  branch: RequirementFlags,
  method: DeliveryMethod,
): { email: boolean; phone: boolean; address: boolean } {
  switch (method) {
    case 'delivery':
      return {
        email: branch.isDeliveryEmailRequired,
        phone: branch.isDeliveryPhoneRequired,
        address: branch.isDeliveryAddressRequired,
      };
    case 'dineIn':
      return {
        email: branch.isDineInEmailRequired,
        phone: branch.isDineInPhoneRequired,
        address: branch.isDineInAddressRequired,
      };
    case 'takeaway':
      return {
        email: branch.isTakeawayEmailRequired,
        phone: branch.isTakeawayPhoneRequired,
        address: branch.isTakeawayAddressRequired,
      };
  }
}

/** The required fields of the order form for the order type, in form order. */
export function requiredCheckoutFields(branch: RequirementFlags, method: DeliveryMethod): CheckoutField[] {
  const flags = requirementsFor(branch, method);
  const fields: CheckoutField[] = ['firstName', 'lastName'];
  if (flags.email) fields.push('email');
  if (flags.phone) fields.push('phone');
  if (flags.address) fields.push(...ADDRESS_FIELDS);
  if (method === 'delivery') fields.push('deliveryArea');
  if (method === 'dineIn' && branch.isTableSelectionEnabled) fields.push('table');
  return fields;
}

/** The required fields left empty (blank strings count as empty). */
export function missingCheckoutFields(
  branch: RequirementFlags,
  method: DeliveryMethod,
  form: Partial<Record<CheckoutField, unknown>>,
): CheckoutField[] {
  return requiredCheckoutFields(branch, method).filter((field) => {
    const value = form[field];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}
