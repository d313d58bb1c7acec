import { zodResolver } from '@hookform/resolvers/zod';
import { OrderInput } from '@shop/contracts';
import type { BranchOrder } from '../store/use-branch-order';
import { appointmentRule, phoneRule } from './checkout-rules';

/**
 * The schema the checkout is checked with: the contract's OrderInput (the one the gateway and the order service
 * validate with), extended by the browser's own rules. They run even when the contract's checks failed, so that
 * the summary names them in the same round as the server's answer. (zod comes with it: the checkout and the status
 * page's questionnaire, both lazy routes, are the storefront's pages that load it.)
 */
export function checkoutSchema(order: Pick<BranchOrder, 'branch' | 'method' | 'lines'>) {
  return OrderInput.superRefine(
    (input, ctx) => {
      const appointment = appointmentRule(order, input.appointmentDate);
      if (appointment) ctx.addIssue({ code: 'custom', path: ['appointmentDate'], message: appointment });
      const phone = phoneRule(input.phone);
      if (phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: phone });
    },
    { when: () => true },
  );
}

/** react-hook-form's resolver for a whole order of this branch and order type. */
export function orderResolver(order: Pick<BranchOrder, 'branch' | 'method' | 'lines'>) {
  return zodResolver(checkoutSchema(order));
}
