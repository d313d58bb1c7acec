import type { BranchInput } from './catalogue.schema.js';

/**
 * The settings of a branch its own employees may change (issue 42 item 6); every other field only an
 * administrator. An employee runs the branch's day: when it opens and delivers, what customers read while it is
 * closed, from when they may order (a pause) and which status e-mails
 * its customers get. What the branch is (name, identifier, address, division, tags,
 * images), whether and how it sells (public, enabled, order types, delivery areas, payments, required contact data)
 * and how it prints are the business's decisions. The catalogue refuses a changed field outside this list with a
 * German 403 naming it; the back office's branch form shows those fields read only to employees.
 */
export const BRANCH_EMPLOYEE_FIELDS = [
  'openingHours',
  'deliveryHours',
  'isDeliveryHoursEnabled',
  'orderableFrom',
  'closedMessage',
  // the customers' status e-mails are the branch's own mails (issue 42: ORDER_STATUS_MAIL_FLAGS)
  'isConfirmedEmailEnabled',
  'isReadyForPickupEmailEnabled',
  'isInDeliveryEmailEnabled',
  'isCounterProposalEmailEnabled',
  'isRejectedEmailEnabled',
  'isCanceledEmailEnabled',
] as const satisfies readonly (keyof BranchInput)[];
export type BranchEmployeeField = (typeof BRANCH_EMPLOYEE_FIELDS)[number];
