import type { DeliveryMethod } from '@shop/contracts';
import { text } from '@shop/domain';
import { chooseDeliveryMethod } from '../../state/cart-store';
import { methodLabel } from './use-branch-order';

/** The delivery-type choice of a branch (cart and checkout share it; the choice is persisted per branch). */
export function DeliveryMethodField({
  id,
  branchIdentifier,
  method,
  methods,
}: {
  id: string;
  branchIdentifier: string;
  method: DeliveryMethod;
  methods: DeliveryMethod[];
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{text('deliveryTypeLabel')}</label>
      <select
        id={id}
        value={method}
        onChange={(e) => chooseDeliveryMethod(branchIdentifier, e.target.value as DeliveryMethod)}
      >
        {methods.map((m) => (
          <option key={m} value={m}>
            {methodLabel(m)}
          </option>
        ))}
      </select>
    </div>
  );
}
