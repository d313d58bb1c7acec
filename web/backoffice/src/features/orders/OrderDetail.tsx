import { formatDateTime, formatPrice } from '@shop/domain';
import type { OrderLine } from '@shop/contracts';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { branchName, useBranches } from '../../api/use-branches';
import { f, resourceFailure, T } from '../../texts';
import { LoadError } from '../../ui/notices';
import { isAdmin, useMe } from '../auth/use-me';
import { Fact } from './Fact';
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
import type { StaffOrder } from './order-api';
import { OrderLineParts, useProducts } from './OrderLineParts';
import { useReloadOrders } from './OrderBoard';
import { useOrderEvents } from './use-order-events';
import { useViewSetting } from './view-settings';
import { ViewSettings } from './ViewSettings';
import { BackLink } from '../../ui/BackLink';

const money = (v: unknown) => formatPrice(Number(v ?? 0));

/** Who ordered and how to reach them (only where the view shows customer data). */
function ContactFacts({ order }: { order: StaffOrder }) {
  const c = order.customer;
  // the customer's own address: the same parts as the delivery address's
  const address = deliveryAddressOf({ customer: { ...c, isDeliveryAddressDifferent: false } });
  const deliveryAddress = c.isDeliveryAddressDifferent ? deliveryAddressOf(order) : null;
  return (
    <>
      <Fact term={T.orders.customer}>{customerName(order)}</Fact>
      {c.email && (
        <Fact term={T.orders.email}>
          <a href={`mailto:${c.email}`}>{c.email}</a>
        </Fact>
      )}
      {c.phone && (
        <Fact term={T.orders.phone}>
          <a href={`tel:${c.phone}`}>{c.phone}</a>
        </Fact>
      )}
      {address && <Fact term={T.orders.address}>{address}</Fact>}
      {deliveryAddress && <Fact term={T.orders.deliveryAddress}>{deliveryAddress}</Fact>}
    </>
  );
}

/** The order's facts: customer (if shown), type, branch, appointments, payment, receipt, comment and answers. */
function OrderFacts({ order, showCustomer }: { order: StaffOrder; showCustomer: boolean }) {
  const { data: branches } = useBranches();
  const c = order.customer;
  return (
    <dl className="order-facts">
      {showCustomer && <ContactFacts order={order} />}
      <Fact term={T.orders.type}>
        {orderTypeLabel(order)}
        {c.deliveryArea ? ` (${c.deliveryArea})` : ''}
      </Fact>
      <Fact term={T.orders.branch}>{branchName(branches, order.branch.id)}</Fact>
      <Fact term={T.orders.appointment}>{appointmentLabel(order)}</Fact>
      {order.appointmentDate && order.appointmentDate !== order.appointment && (
        <Fact term={T.orders.requestedAppointment}>{formatDateTime(order.appointmentDate)}</Fact>
      )}
      {order.counterAppointment && (
        <Fact term={T.orders.counterAppointment}>{formatDateTime(order.counterAppointment)}</Fact>
      )}
      <Fact term={T.orders.placedAt}>{formatDateTime(order.createdAt)}</Fact>
      <Fact term={T.orders.payment}>{paymentLabel(order)}</Fact>
      <ReceiptFact order={order} />
      {c.comment && <Fact term={T.orders.comment}>{c.comment}</Fact>}
      {order.rejectionMessage && <Fact term={T.orders.rejectionMessage}>{order.rejectionMessage}</Fact>}
      {order.questionnaire && (
        <Fact term={T.orders.questionnaire}>
          {order.questionnaire.rating} / 5{order.questionnaire.comment ? ` – ${order.questionnaire.comment}` : ''}
        </Fact>
      )}
    </dl>
  );
}

/** The order's lines (each editable while the order is open or confirmed) and its prices. */
function OrderLines({
  order,
  hidden,
  onEdit,
}: {
  order: StaffOrder;
  hidden: boolean;
  onEdit: (item: OrderLine) => void;
}) {
  const { data: products } = useProducts();
  const p = order.pricing as Record<string, unknown>;
  const editable = order.status === 'open' || order.status === 'confirmed';
  return (
    <section className="card">
      <h2>{T.orders.items}</h2>
      <table className="data-table" hidden={hidden}>
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
                    onClick={() => onEdit(item)}
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
        <Fact term={T.orders.net}>{money(p.totalNet)}</Fact>
        <Fact term={T.orders.tax}>{money(p.totalTax)}</Fact>
        {Number(p.deliveryGross ?? 0) > 0 && <Fact term={T.orders.deliveryFee}>{money(p.deliveryGross)}</Fact>}
        <Fact term={T.orders.total}>
          <strong>{money(p.totalGross)}</strong>
        </Fact>
      </dl>
    </section>
  );
}

/** One order with everything: customer, lines (editable), prices, status link and all actions. */
export default function OrderDetail() {
  const { id } = useParams();
  const { data: order, error, mutate } = useSWR(apiUrl('/api/orders/{id}', { id: id ?? '' }), (url) => api.get(url));
  const reload = useReloadOrders();
  useOrderEvents((e) => {
    if (!e || e.id === Number(id)) reload();
  });
  const [editing, setEditing] = useState<OrderLine | null>(null);
  const [showProducts] = useViewSetting('showProductData');
  const [showCustomer] = useViewSetting('showCustomerData');
  const { data: me } = useMe();
  if (error)
    return (
      <LoadError
        message={resourceFailure('orders', 'load')}
        retry={() => mutate()}
        error={error}
        // the server answers another branch's order as an unknown one (404): an employee is told both
        notFound={me && !isAdmin(me) ? T.orders.notFoundForEmployee : undefined}
      />
    );
  if (!order) return <p role="status">{T.app.loading}</p>;
  const declined = counterDeclinedText(order);
  return (
    <section className="order-detail">
      <BackLink to="/orders">{T.list.backToList}</BackLink>
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
          <OrderFacts order={order} showCustomer={showCustomer} />
        </section>
        <OrderLines order={order} hidden={!showProducts} onEdit={setEditing} />
      </div>
      {editing && <ItemEditDialog order={order} item={editing} onClose={() => setEditing(null)} onChanged={reload} />}
    </section>
  );
}
