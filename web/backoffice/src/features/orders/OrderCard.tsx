import { formatDateTime, formatPrice, formatQuantityNumber, unitShortName } from '@shop/domain';
import type { UnitName } from '@shop/contracts';
import { Link } from 'react-router-dom';
import { branchName, useBranches } from '../../api/use-branches';
import { f, T } from '../../texts';
import { Fact } from './Fact';
import { OrderActions } from './OrderActions';
import { OrderLineParts, useProducts } from './OrderLineParts';
import type { StaffOrder } from './order-api';
import { useViewSetting } from './view-settings';

export function orderTypeLabel(o: Pick<StaffOrder, 'isDelivery' | 'isDineIn' | 'tableIdentifier'>): string {
  if (o.isDelivery) return T.orders.delivery;
  if (o.isDineIn)
    return o.tableIdentifier
      ? `${T.orders.dineIn}, ${f(T.orders.table, { table: o.tableIdentifier })}`
      : T.orders.dineIn;
  return T.orders.takeaway;
}

export function customerName(o: StaffOrder): string {
  const c = o.customer;
  const person = [c.firstName, c.lastName].filter(Boolean).join(' ');
  return [c.isCompany ? c.companyName : null, person].filter(Boolean).join(', ') || '–';
}

export function unitLabel(unit: string): string {
  try {
    return unitShortName(unit as UnitName);
  } catch {
    return unit;
  }
}

/** 'Barzahlung, nicht bezahlt' */
export function paymentLabel(o: Pick<StaffOrder, 'paymentMethod' | 'isPaid' | 'isRefunded'>): string {
  const method = (T.orders.paymentMethods as Record<string, string>)[o.paymentMethod] ?? o.paymentMethod;
  return `${method}, ${o.isRefunded ? T.orders.refunded : o.isPaid ? T.orders.paid : T.orders.unpaid}`;
}

/** '0,25 kg' */
export function amountLabel(item: { amount: number; unit: string }): string {
  return `${formatQuantityNumber(item.amount)} ${unitLabel(item.unit)}`;
}

export function ticketLabel(o: Pick<StaffOrder, 'ticketNumber'>): string {
  return f(T.orders.ticket, { number: o.ticketNumber });
}

const totalOf = (o: StaffOrder) => Number((o.pricing as { totalGross?: number }).totalGross ?? 0);
/** The delivery cost of the order's pricing (0 for takeaway and dine-in). */
export const deliveryFeeOf = (o: Pick<StaffOrder, 'pricing'>) =>
  Number((o.pricing as { deliveryGross?: number }).deliveryGross ?? 0);

/** The time in force ('appointment': requested, or the accepted counter-proposal); 'So bald wie möglich' without one. */
export function appointmentLabel(o: Pick<StaffOrder, 'appointment' | 'counterAnswer'>): string {
  if (!o.appointment) return T.orders.asap;
  const when = formatDateTime(o.appointment);
  return o.counterAnswer === 'accepted' ? `${when} (${T.orders.counterAccepted})` : when;
}

/** Why a canceled order was canceled, when the customer declined staff's proposal; else null. */
export function counterDeclinedText(
  o: Pick<StaffOrder, 'counterAnswer' | 'answeredCounterAppointment'>,
): string | null {
  return o.counterAnswer === 'declined' && o.answeredCounterAppointment
    ? f(T.orders.counterDeclined, { when: formatDateTime(o.answeredCounterAppointment) })
    : null;
}

/** Where to drive: the delivery address (the different one when given), with floor, stairway and door. */
export function deliveryAddressOf(o: Pick<StaffOrder, 'customer'>): string {
  const c = o.customer;
  const d = c.isDeliveryAddressDifferent;
  return [
    d ? c.deliveryStreet : c.street,
    (d ? c.deliveryFloor : c.floor) && `Stock ${d ? c.deliveryFloor : c.floor}`,
    (d ? c.deliveryStairway : c.stairway) && `Stiege ${d ? c.deliveryStairway : c.stairway}`,
    (d ? c.deliveryDoor : c.door) && `Tür ${d ? c.deliveryDoor : c.door}`,
    [d ? c.deliveryZipCode : c.zipCode, d ? c.deliveryCity : c.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
}

/** 'Beleg: nicht gedruckt' (in the warning colour when it failed); nothing while no receipt was printed. */
export function ReceiptFact({ order }: { order: Pick<StaffOrder, 'receipt'> }) {
  if (!order.receipt) return null;
  return (
    <Fact term={T.orders.receipt} className={`receipt receipt-${order.receipt}`}>
      {T.orders.receiptStatus[order.receipt]}
    </Fact>
  );
}

/** What the kitchen and the counter need to know of an order at a glance. */
function CardFacts({ order }: { order: StaffOrder }) {
  const { data: branches } = useBranches();
  const [showCustomer] = useViewSetting('showCustomerData');
  const address = order.isDelivery && showCustomer ? deliveryAddressOf(order) : '';
  return (
    <dl className="order-facts">
      <Fact term={T.orders.type}>{orderTypeLabel(order)}</Fact>
      <Fact term={T.orders.branch}>{branchName(branches, order.branch.id)}</Fact>
      <Fact term={T.orders.appointment}>{appointmentLabel(order)}</Fact>
      {order.counterAppointment && (
        <Fact term={T.orders.counterAppointment}>{formatDateTime(order.counterAppointment)}</Fact>
      )}
      {address && (
        <Fact term={T.orders.deliveryAddress}>
          {address}
          {order.customer.deliveryArea ? ` (${order.customer.deliveryArea})` : ''}
        </Fact>
      )}
      <Fact term={T.orders.placedAt}>{formatDateTime(order.createdAt)}</Fact>
      {showCustomer && (
        <Fact term={T.orders.customer}>
          {customerName(order)}
          {order.customer.phone ? `, ${order.customer.phone}` : ''}
        </Fact>
      )}
      <Fact term={T.orders.payment}>{paymentLabel(order)}</Fact>
      <ReceiptFact order={order} />
    </dl>
  );
}

/** The order's lines and delivery fee (hidden where the view leaves out product data). */
function CardItems({ order }: { order: StaffOrder }) {
  const { data: products } = useProducts();
  const [showProducts] = useViewSetting('showProductData');
  return (
    <ul className="order-items" aria-label={T.orders.items} hidden={!showProducts}>
      {order.items.map((item) => (
        <li key={item.position}>
          <span>
            {amountLabel(item)} {item.name}
            <OrderLineParts item={item} products={products} />
          </span>
          <span>{formatPrice(item.gross)}</span>
        </li>
      ))}
      {deliveryFeeOf(order) > 0 && (
        <li>
          <span>{T.orders.deliveryFee}</span>
          <span>{formatPrice(deliveryFeeOf(order))}</span>
        </li>
      )}
    </ul>
  );
}

/** One order on the board: what the kitchen and the counter need at a glance, with every action. */
export function OrderCard({
  order,
  onChanged,
  highlight,
}: {
  order: StaffOrder;
  onChanged: () => void;
  highlight?: boolean;
}) {
  const headingId = `order-${order.id}-title`;
  return (
    <article
      className={`order-card status-${order.status}${highlight ? ' is-new' : ''}`}
      aria-labelledby={headingId}
      data-order-id={order.id}
    >
      <header>
        <h2 id={headingId}>{ticketLabel(order)}</h2>
        <span className={`badge badge-${order.status}`}>{T.orders.status[order.status]}</span>
      </header>
      {counterDeclinedText(order) && <p className="status-reason">{counterDeclinedText(order)}</p>}
      <CardFacts order={order} />
      <CardItems order={order} />
      <p className="order-total">
        <span>{T.orders.total}</span> <strong>{formatPrice(totalOf(order))}</strong>
      </p>
      {order.customer.comment && (
        <p className="order-comment">
          <strong>{T.orders.comment}:</strong> {order.customer.comment}
        </p>
      )}
      <OrderActions order={order} onChanged={onChanged} />
      <Link
        to={`/orders/${order.id}`}
        className="details-link"
        aria-label={`${T.orders.actions.details}: ${ticketLabel(order)}`}
      >
        {T.orders.actions.details}
      </Link>
    </article>
  );
}
