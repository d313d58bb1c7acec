/**
 * §2.7 "Submit label: 'Angebotsanfrage abschicken' if the branch requires a quotation; otherwise 'Bestellung
 * abschicken' when the branch is open (for delivery: minimum met and delivery open); otherwise
 * 'Vorbestellung abschicken' when preorder is enabled."
 * §5 "… the checkout submit is hidden" while the delivery minimum is not reached.
 */
import type { Branch, DeliveryMethod } from '@shop/contracts';
import { text } from '../texts.js';

export interface SubmitLabelInput {
  branch: Pick<Branch, 'isQuotationRequired' | 'isPreorderEnabled'>;
  deliveryMethod: DeliveryMethod;
  /** the branch counts as open (BranchStatus.isOpen) */
  isOpen: boolean;
  /** delivery hours (or opening hours) open (BranchStatus.isDeliveryOpen) */
  isDeliveryOpen: boolean;
  /** the delivery minimum is reached (always true for other methods) */
  minimumReached: boolean;
}

/** The submit label, or null when there is nothing to submit (closed without preorder, or delivery minimum not reached). */
export function submitLabel(input: SubmitLabelInput): string | null {
  const { branch, deliveryMethod, isOpen, isDeliveryOpen, minimumReached } = input;
  if (branch.isQuotationRequired) return text('submitQuotation');
  const isDelivery = deliveryMethod === 'delivery';
  if (isDelivery && !minimumReached) return null;
  if (isOpen && (!isDelivery || isDeliveryOpen)) return text('submitOrder');
  if (branch.isPreorderEnabled) return text('submitPreorder');
  return null;
}

/**
 * The enabled delivery methods other than the chosen one under which the checkout would offer a submit now
 * (the delivery minimum aside, which has its own hint): the one-click way out of a cart whose method is closed.
 */
export function openAlternativeMethods(
  input: Omit<SubmitLabelInput, 'deliveryMethod' | 'minimumReached'> & {
    deliveryMethod: DeliveryMethod;
    methods: readonly DeliveryMethod[];
  },
): DeliveryMethod[] {
  const { methods, deliveryMethod, ...rest } = input;
  return methods.filter(
    (m) => m !== deliveryMethod && submitLabel({ ...rest, deliveryMethod: m, minimumReached: true }),
  );
}
