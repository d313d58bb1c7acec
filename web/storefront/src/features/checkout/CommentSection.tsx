import { TEXTAREA_ROWS } from '@shop/domain';
import { setOrderData } from '../../state/cart-store';
import { s } from './texts';
import type { BranchOrder } from '../store/use-branch-order';
import { Section } from './fields';

/** §2.7 comment: kept with the cart's order data (like the appointment), not in the form's draft. */
export function CommentSection({ order }: { order: BranchOrder }) {
  return (
    <Section title={s('comment')}>
      <div className="field">
        <label htmlFor="checkout-comment">{s('comment')}</label>
        <textarea
          id="checkout-comment"
          rows={TEXTAREA_ROWS}
          value={order.cart.order.comment ?? ''}
          onChange={(e) => setOrderData(order.branch.identifier, { comment: e.target.value })}
        />
      </div>
    </Section>
  );
}
