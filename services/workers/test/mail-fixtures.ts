import type { MessageBranch, MessageShop, OrderStatusMailJob, StaffOrder } from '@shop/contracts';

/**
 * The workers' mail specs' (and `npm run bench:mail`'s: Node runs this file with its types stripped) shared sender,
 * order and status job. What they send from: the storefront's address, a branch with its address and phone, the shop
 * (values a spec asserts on beyond these are set in that spec).
 */
export const BASE_URL = 'https://shop.example.at';

export const MESSAGE_BRANCH: MessageBranch = {
  id: 3,
  name: 'Donaugenuss Innere Stadt',
  street: 'Graben 1',
  zipCode: '1010',
  city: 'Wien',
  phone: '+43 1 234567',
  email: 'innere-stadt@example.at',
  timezone: 'Europe/Vienna',
};

export const MESSAGE_SHOP: MessageShop = { shopName: 'Donaugenuss', currency: 'EUR', disableTickets: false };

/** A status mail's job (issue 42): Anna Berger's order 17, ticket 42, confirmed unless `o` says otherwise. */
export const statusMailJob = (
  o: Omit<Partial<OrderStatusMailJob>, 'order'> & { order?: Partial<OrderStatusMailJob['order']> } = {},
): OrderStatusMailJob => ({
  orderId: 17,
  branch: 3,
  reason: `status-${o.kind ?? 'confirmed'}`,
  kind: 'confirmed',
  customer: { email: 'anna.berger@example.at', firstName: 'Anna', lastName: 'Berger' },
  sender: { branch: MESSAGE_BRANCH, shop: MESSAGE_SHOP },
  ...o,
  order: {
    uid: 'u-1',
    hash: 'h-1',
    ticketNumber: 42,
    isDelivery: false,
    isDineIn: false,
    appointment: null,
    counterAppointment: null,
    rejectionMessage: null,
    ...o.order,
  },
});

/** The new-order mails' steps of the configured line (product 6) by name */
export const ORDER_STEP_NAMES = { 6: { base: 'Basis', toppings: 'Belag', text: 'Wunsch' } };

/** Anna Berger's takeaway order 17 (ticket 42) of three lines, one configured, unless `o` says otherwise. */
export const staffOrder = (o: Record<string, unknown> = {}): StaffOrder =>
  ({
    id: 17,
    uid: 'u-1',
    hash: 'h-1',
    ticketNumber: 42,
    isDelivery: false,
    isDineIn: false,
    tableIdentifier: null,
    appointment: null,
    paymentMethod: 'cash',
    pricing: { totalGross: 52.3 },
    customer: { firstName: 'Anna', lastName: 'Berger', email: 'anna.berger@example.at', phone: null, comment: null },
    items: [
      {
        position: 0,
        product: 5,
        name: 'Pizza Margherita',
        amount: 2,
        unit: 'piece',
        gross: 19.8,
        taxRate: 10,
        parts: {},
      },
      {
        position: 1,
        product: 6,
        name: 'Bowl nach Wahl',
        amount: 1,
        unit: 'piece',
        gross: 31,
        taxRate: 10,
        parts: { base: { name: 'Reis' }, toppings: [{ name: 'Tofu' }, { name: 'Avocado' }], text: 'Ohne Koriander ✓' },
      },
      { position: 2, product: 7, name: 'Kaffee', amount: 1, unit: 'piece', gross: 1.5, taxRate: 10, parts: {} },
    ],
    ...o,
  }) as unknown as StaffOrder;
