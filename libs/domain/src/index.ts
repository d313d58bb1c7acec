/**
 * @shop/domain — the business rules shared by storefront, presenter and order service
 * (storefront-presenter.md §3, §4, §5, §9). Pure TypeScript, no Node APIs; see README.md.
 */
export * from './texts.js';
export * from './constants.js';

export * as decimal from './pricing/decimal.js';
export * from './pricing/modifiers.js';
export * from './pricing/line-price.js';
export * from './pricing/tax.js';
export * from './pricing/delivery.js';
export * from './pricing/pricing-result.js';

export * from './units/units.js';
export * from './units/quantity.js';
export * from './units/calculation-model.js';

export * from './opening-hours/time-zone.js';
export * from './opening-hours/rules.js';
export * from './opening-hours/status.js';
export * from './opening-hours/messages.js';
export * from './opening-hours/simplified.js';
export * from './opening-hours/slots.js';
export * from './opening-hours/schedules.js';
export * from './opening-hours/calendar.js';

export * from './cart/types.js';
export * from './cart/validation.js';
export * from './cart/cart.js';
export * from './cart/migration.js';
export * from './cart/delivery-method.js';
export * from './cart/submit.js';
export * from './cart/uploads.js';
export * from './cart/order-parts.js';

export * from './checkout/fields.js';
export * from './checkout/phone.js';
export * from './checkout/appointment.js';
export * from './checkout/payment.js';

export * from './search/search.js';

export * from './format/number.js';
export * from './format/date.js';
export * from './format/text.js';
export * from './format/message-text.js';

export * from './content/real-estate.js';
export * from './content/presenter.js';
export * from './content/site-identity.js';
export * from './content/layout.js';
export * from './content/validate-content.js';
export * from './content/layout-json-schema.js';

export * from './order-status/order-status.js';
export * from './order-status/order-status-rules.js';

export * from './questionnaire/questionnaire.js';

export * from './time-tracking/working-time.js';
export * from './time-tracking/working-time-check.js';
export * from './time-tracking/balances.js';
export * from './time-tracking/planning.js';
