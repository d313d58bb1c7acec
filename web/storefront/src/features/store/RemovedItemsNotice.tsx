import type { RemovalReason } from '@shop/domain';
import type { StoreTextKey } from './texts';
import { dismissRemoved, type RemovedCartItem } from '../../state/cart-store';
import { s } from './texts';

const REASON_TEXTS = {
  priceChanged: 'cartItemRemovedPrice',
  changed: 'cartItemRemovedChanged',
  unavailable: 'cartItemRemovedUnavailable',
} as const satisfies Record<RemovalReason, StoreTextKey>;

/**
 * §4 the catalogue reload's migration removes items whose product changed: the cart (and the checkout) says
 * which and why until the customer closes the note, instead of the line vanishing silently.
 */
export function RemovedItemsNotice({
  branchIdentifier,
  removed,
}: {
  branchIdentifier: string;
  removed?: RemovedCartItem[];
}) {
  if (!removed || removed.length === 0) return null;
  return (
    <div className="hint hint--warning" role="status">
      {removed.map((r, i) => (
        <p key={i}>{s(REASON_TEXTS[r.reason], { name: r.name })}</p>
      ))}
      <button type="button" className="link-button" onClick={() => dismissRemoved(branchIdentifier)}>
        {s('close')}
      </button>
    </div>
  );
}
