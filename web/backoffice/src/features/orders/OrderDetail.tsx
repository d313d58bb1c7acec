import { formatDateTime, formatPrice } from '@shop/domain';
import type { OrderLine } from '@shop/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { branchName, useBranches } from '../../api/use-branches';
import { f, resourceFailure, T } from '../../texts';
import { LoadError } from '../../ui/notices';
import { ItemEditDialog } from './ItemEditDialog';
import { OrderActions } from './OrderActions';
import {
  amountLabel,
  appointmentLabel,
  counterDeclinedText,
  customerName,
  deliveryAddressOf,
  orderTypeLabel,
  paymentLabel,
  ReceiptFact,
  ticketLabel,
} from './OrderCard';
import { OrderLineParts, useProducts } from './OrderLineParts';
import { useReloadOrders } from './OrderBoard';
import { useOrderEvents } from './use-order-events';
import { useViewSetting } from './view-settings';
import { ViewSettings } from './ViewSettings';

const money = (v: unknown) => formatPrice(Number(v ?? 0));

/** One order with everything: customer, lines (editable), prices, status link and all actions. */
export default function OrderDetail() {
  const { id } = useParams();
  const { data: order, error, mutate } = useSWR(apiUrl('/api/orders/{id}', { id: id ?? '' }), (url) => api.get(url));
  const { data: branches } = useBranches();
  const { data: products } = useProducts();
  const reload = useReloadOrders();
  useOrderEvents((e) => {
    if (!e || e.id === Number(id)) reload();
  });
  const [editing, setEditing] = useState<OrderLine | null>(null);
  const [showProducts] = useViewSetting('showProductData');
  const [showCustomer] = useViewSetting('showCustomerData');
  if (error) return <LoadError message={resourceFailure('orders', 'load')} retry={() => mutate()} error={error} />;
  if (!order) return <p role="status">{T.app.loading}</p>;
  const c = order.customer;
  const p = order.pricing as Record<string, unknown>;
  const address = [
    c.street,
    c.floor && `Stock ${c.floor}`,
    c.stairway && `Stiege ${c.stairway}`,
    c.door && `Tür ${c.door}`,
    [c.zipCode, c.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  const deliveryAddress = c.isDeliveryAddressDifferent ? deliveryAddressOf(order) : null;
  const declined = counterDeclinedText(order);
  const editable = order.status === 'open' || order.status === 'confirmed';
  return (
    <section className="order-detail">
      <p>
        <Link to="/orders">{T.list.backToList}</Link>
      </p>
      <div className="page-header">
        <h1>{f(T.orders.detailTitle, { ticket: ticketLabel(order) })}</h1>
        <span className={`badge badge-${order.status}`}>{T.orders.status[order.status]}</span>
        {declined && <p className="status-reason">{declined}</p>}
        <a href={`/status/${order.uid}/${order.hash}`} target="_blank" rel="noreferrer">
          {T.orders.actions.statusLink}
        </a>
      </div>
      <OrderActions order={order} onChanged={reload} />
      <ViewSettings />
      <div className="detail-columns">
        <section className="card">
          <h2>{T.orders.customerData}</h2>
          <dl className="order-facts">
            {showCustomer && (
              <>
                <dt>{T.orders.customer}</dt>
                <dd>{customerName(order)}</dd>
              </>
            )}
            {showCustomer && c.email && (
              <>
                <dt>{T.orders.email}</dt>
                <dd>
                  <a href={`mailto:${c.email}`}>{c.email}</a>
                </dd>
              </>
            )}
            {showCustomer && c.phone && (
              <>
                <dt>{T.orders.phone}</dt>
                <dd>
                  <a href={`tel:${c.phone}`}>{c.phone}</a>
                </dd>
              </>
            )}
            {showCustomer && address && (
              <>
                <dt>{T.orders.address}</dt>
                <dd>{address}</dd>
              </>
            )}
            {showCustomer && deliveryAddress && (
              <>
                <dt>{T.orders.deliveryAddress}</dt>
                <dd>{deliveryAddress}</dd>
              </>
            )}
            <dt>{T.orders.type}</dt>
            <dd>
              {orderTypeLabel(order)}
              {c.deliveryArea ? ` (${c.deliveryArea})` : ''}
            </dd>
            <dt>{T.orders.branch}</dt>
            <dd>{branchName(branches, order.branch.id)}</dd>
            <dt>{T.orders.appointment}</dt>
            <dd>{appointmentLabel(order)}</dd>
            {order.appointmentDate && order.appointmentDate !== order.appointment && (
              <>
                <dt>{T.orders.requestedAppointment}</dt>
                <dd>{formatDateTime(order.appointmentDate)}</dd>
              </>
            )}
            {order.counterAppointment && (
              <>
                <dt>{T.orders.counterAppointment}</dt>
                <dd>{formatDateTime(order.counterAppointment)}</dd>
              </>
            )}
            <dt>{T.orders.placedAt}</dt>
            <dd>{formatDateTime(order.createdAt)}</dd>
            <dt>{T.orders.payment}</dt>
            <dd>{paymentLabel(order)}</dd>
            <ReceiptFact order={order} />
            {c.comment && (
              <>
                <dt>{T.orders.comment}</dt>
                <dd>{c.comment}</dd>
              </>
            )}
            {order.rejectionMessage && (
              <>
                <dt>{T.orders.rejectionMessage}</dt>
                <dd>{order.rejectionMessage}</dd>
              </>
            )}
            {order.questionnaire && (
              <>
                <dt>{T.orders.questionnaire}</dt>
                <dd>
                  {order.questionnaire.rating} / 5
                  {order.questionnaire.comment ? ` – ${order.questionnaire.comment}` : ''}
                </dd>
              </>
            )}
          </dl>
        </section>
        <section className="card">
          <h2>{T.orders.items}</h2>
          <table className="data-table" hidden={!showProducts}>
            <tbody>
              {order.items.map((item) => (
                <tr key={item.position}>
                  <td>{amountLabel(item)}</td>
                  <td>
                    {item.name}
                    <OrderLineParts item={item} products={products} />
                  </td>
                  <td className="num">{money(item.gross)}</td>
                  <td>
                    {editable && (
                      <button
                        type="button"
                        onClick={() => setEditing(item)}
                        aria-label={`${T.orders.actions.editItem}: ${item.name}`}
                      >
                        {T.orders.actions.editItem}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{T.orders.pricing}</h3>
          <dl className="order-facts">
            <dt>{T.orders.net}</dt>
            <dd>{money(p.totalNet)}</dd>
            <dt>{T.orders.tax}</dt>
            <dd>{money(p.totalTax)}</dd>
            {Number(p.deliveryGross ?? 0) > 0 && (
              <>
                <dt>{T.orders.deliveryFee}</dt>
                <dd>{money(p.deliveryGross)}</dd>
              </>
            )}
            <dt>{T.orders.total}</dt>
            <dd>
              <strong>{money(p.totalGross)}</strong>
            </dd>
          </dl>
        </section>
      </div>
      {editing && <ItemEditDialog order={order} item={editing} onClose={() => setEditing(null)} onChanged={reload} />}
    </section>
  );
}
