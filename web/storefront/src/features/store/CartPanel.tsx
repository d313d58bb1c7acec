import {
  cartItemCount,
  cartToggleText,
  formatPrice,
  formatQuantityNumber,
  introMessages,
  linePrice,
  text,
  unitShortName,
} from '@shop/domain';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DeliveryMethod } from '@shop/contracts';
import type { StoreTextKey } from './texts';
import { useLinkTo } from '../../app/context';
import { chooseDeliveryMethod, removeItem, type StoredCartItem } from '../../state/cart-store';
import { s } from './texts';
import { partsSummary } from './parts';
import { DeliveryAreaField } from './DeliveryAreaField';
import { DeliveryMethodField } from './DeliveryMethodField';
import { RemovedItemsNotice } from './RemovedItemsNotice';
import { type BranchOrder } from './use-branch-order';

/**
 * §2.5 "Collapsible cart with a toggle … Delivery-type select ('Art der Lieferung') offering only enabled
 * types … For delivery a delivery-area select ('Liefergebiet'). Cost lines: 'Kosten', 'Lieferkosten' (or
 * 'Kostenlos'), 'Gesamt'. Hints show the minimum order value or the free-delivery threshold. Order button
 * 'Jetzt bestellen'; disabled when the cart is empty or the delivery minimum is not reached. … A cart item
 * offers 'Bearbeiten' and 'Entfernen'."
 */
export function CartPanel({
  order,
  onEdit,
}: {
  order: BranchOrder;
  onEdit: (item: StoredCartItem, index: number) => void;
}) {
  const { branch, cart, methods, method, area, pricing, minimum, freeDeliveryHint, orderDisabled, currency } = order;
  // goods in the cart and no way to order them now: explain instead of a form without a submit
  const closedHint = order.closedMethod && cart.items.length > 0;
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const count = cartItemCount(cart.items);
  return (
    <section className={`cart${open ? ' cart--open' : ''}`} aria-label={s('cartHeading')}>
      <button
        type="button"
        className="cart__toggle"
        ref={toggle}
        aria-expanded={open}
        aria-controls="cart-content"
        onClick={() => setOpen((o) => !o)}
      >
        {cartToggleText(count, open)}
      </button>
      <div id="cart-content" className="cart__content" hidden={!open}>
        {cart.items.length > 0 && (
          <ul className="cart__items">
            {cart.items.map((item, index) => (
              <CartItem
                key={index}
                item={item}
                currency={currency}
                onAction={(action) => {
                  if (action === 'edit') return onEdit(item, index);
                  removeItem(branch.identifier, index);
                  // the button is gone with its line: keep the keyboard in the cart, not on the page's start
                  toggle.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
      </div>
      <div className="cart__summary">
        <RemovedItemsNotice branchIdentifier={branch.identifier} removed={cart.removed} />
        {methods.length > 0 && (
          <DeliveryMethodField
            id="delivery-method"
            branchIdentifier={branch.identifier}
            method={method}
            methods={methods}
          />
        )}
        {method === 'delivery' && branch.deliveryAreas.length > 0 && (
          <DeliveryAreaField id="delivery-area" branch={branch} area={area} />
        )}
        <CostLines method={method} pricing={pricing} currency={currency} withDelivery={cart.items.length > 0} />
        <MinimumOrderHint message={closedHint ? null : minimum.message} />
        {!minimum.message && !closedHint && freeDeliveryHint && <p className="hint">{freeDeliveryHint}</p>}
        {closedHint && (
          <ClosedMethodHint
            messages={closedMethodLines(order)}
            alternatives={order.alternatives}
            onChoose={(m) => chooseDeliveryMethod(branch.identifier, m)}
          />
        )}
        <OrderButton branchIdentifier={branch.identifier} disabled={orderDisabled} />
      </div>
    </section>
  );
}

const CART_ITEM_ACTIONS = [
  ['edit', 'cartItemEdit'],
  ['remove', 'cartItemRemove'],
] as const;

/** A line of the cart: amount, unit, product, price, the chosen parts, and its two buttons. */
function CartItem({
  item,
  currency,
  onAction,
}: {
  item: StoredCartItem;
  currency: string;
  onAction: (action: 'edit' | 'remove') => void;
}) {
  return (
    <li className="cart-item">
      <div className="cart-item__head">
        <span className="cart-item__name">
          {formatQuantityNumber(item.amount)} {unitShortName(item.unit)} {item.product.name}
        </span>
        <span className="cart-item__price">{formatPrice(linePrice(item), currency)}</span>
      </div>
      {partsSummary(item.product, item.parts).map((line) => (
        <p key={line} className="cart-item__part">
          {line}
        </p>
      ))}
      <div className="cart-item__actions">
        {CART_ITEM_ACTIONS.map(([action, label]) => (
          <button
            key={action}
            type="button"
            className="link-button"
            onClick={() => onAction(action)}
            aria-label={`${item.product.name}: ${text(label)}`}
          >
            {text(label)}
          </button>
        ))}
      </div>
    </li>
  );
}

/** 'Jetzt bestellen': the way to the checkout, or a disabled button while nothing can be ordered. */
function OrderButton({ branchIdentifier, disabled }: { branchIdentifier: string; disabled: boolean }) {
  const to = useLinkTo();
  if (disabled)
    return (
      <button type="button" className="button button--block" disabled>
        {text('orderNow')}
      </button>
    );
  return (
    <Link className="button button--block" to={to(`/store/${branchIdentifier}/checkout`)}>
      {text('orderNow')}
    </Link>
  );
}

/** §5 "… the message 'Sie haben den Mindestbestellwert …' appears with a hint to add goods or choose another delivery type" (cart and checkout). */
export function MinimumOrderHint({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="hint hint--warning" role="status">
      <p>{message}</p>
      <p>{s('minimumOrderHint')}</p>
    </div>
  );
}

const SWITCH_TEXTS = {
  takeaway: 'switchToTakeaway',
  dineIn: 'switchToDineIn',
  delivery: 'switchToDelivery',
} as const satisfies Record<DeliveryMethod, StoreTextKey>;

/**
 * Why the chosen method cannot be ordered now, in the words of §4's intro: 'Derzeit ist leider keine Lieferung
 * möglich.' with 'Wir liefern wieder ab {from} Uhr.' or 'Wir liefern wieder am {day} ab {from} Uhr.' (closed
 * delivery), 'Derzeit haben wir leider geschlossen.' with the reopening (closed branch). The preorder lines are
 * not among them: with preorder on the method is not closed.
 */
export function closedMethodLines(order: Pick<BranchOrder, 'branch' | 'status' | 'method'>): string[] {
  const { branch, status, method } = order;
  const intro = introMessages({ branch, status, context: 'branch', deliveryMethod: method });
  const preorder = new Set([text('preorder'), text('preorderProcessedLater')]);
  const lines = intro.messages.filter((m) => !preorder.has(m));
  if (intro.kind !== 'open' && lines.length > 0) return lines;
  return [method === 'delivery' && status.isOpen ? text('deliveryClosed') : text('closedNow')];
}

/** Why 'Jetzt bestellen' is off although the cart has goods, and the open methods to switch to with one click. */
function ClosedMethodHint({
  messages,
  alternatives,
  onChoose,
}: {
  messages: string[];
  alternatives: DeliveryMethod[];
  onChoose: (method: DeliveryMethod) => void;
}) {
  return (
    <div className="hint hint--warning" role="status">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
      {alternatives.map((m) => (
        <button key={m} type="button" className="button button--secondary button--block" onClick={() => onChoose(m)}>
          {s(SWITCH_TEXTS[m])}
        </button>
      ))}
    </div>
  );
}

export function CostLines({
  method,
  pricing,
  currency,
  withDelivery = true,
}: {
  method: DeliveryMethod;
  pricing: BranchOrder['pricing'];
  currency: string;
  /** false for an empty cart: no goods, no delivery line (not even 'Kostenlos') */
  withDelivery?: boolean;
}) {
  return (
    <dl className="costs">
      <div>
        <dt>{text('costs')}</dt>
        <dd>{formatPrice(pricing.gross, currency)}</dd>
      </div>
      {method === 'delivery' && withDelivery && (
        <div>
          <dt>{text('deliveryCosts')}</dt>
          <dd>{pricing.deliveryGross === 0 ? text('deliveryFree') : formatPrice(pricing.deliveryGross, currency)}</dd>
        </div>
      )}
      <div className="costs__total">
        <dt>{text('total')}</dt>
        <dd>{formatPrice(pricing.totalGross, currency)}</dd>
      </div>
    </dl>
  );
}
