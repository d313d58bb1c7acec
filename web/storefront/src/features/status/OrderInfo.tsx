import { formatDate, formatTime, orderStatusLabel, orderTimeline, text, type PublicOrderLike } from '@shop/domain';
import type { Branch, PublicOrder } from '@shop/contracts';
import { telUrl } from '@shop/web-shared';
import { useData } from '../../api/init';
import { s } from '../checkout/texts';
import { paymentLabel } from '../checkout/payment-label';
import { methodLabel } from '../store/use-branch-order';

/** The order's stages, the current one marked. */
export function Timeline({ order }: { order: PublicOrderLike }) {
  return (
    <ol className="timeline" aria-label={s('statusLabel')}>
      {orderTimeline(order).map((step) => (
        <li
          key={step.stage}
          className={`timeline__step${
            // a cancelled order's one step is no success: no green tick
            step.stage === 'canceled' ? ' timeline__step--canceled' : step.isDone ? ' timeline__step--done' : ''
          }${step.isCurrent ? ' timeline__step--current' : ''}`}
          aria-current={step.isCurrent ? 'step' : undefined}
        >
          {step.label}
        </li>
      ))}
    </ol>
  );
}

/** The info block: order number, payment, order type, table, appointment and status. */
export function OrderInfo({ order, like, timeZone }: { order: PublicOrder; like: PublicOrderLike; timeZone: string }) {
  const { config, tables } = useData();
  const method = order.isDelivery ? 'delivery' : order.isDineIn ? 'dineIn' : 'takeaway';
  // the appointment in force: an accepted counter-proposal replaces it (appointmentDate stays the one asked for)
  const appointment = order.appointment ?? order.appointmentDate;
  return (
    <dl className="info">
      {!config.disableTickets && (
        <div>
          <dt>{text('orderNumber')}</dt>
          <dd>{order.id}</dd>
        </div>
      )}
      <div>
        <dt>{s('payment')}</dt>
        <dd>{paymentLabel(order.paymentMethod)}</dd>
      </div>
      <div>
        <dt>{s('deliveryType')}</dt>
        <dd>{methodLabel(method)}</dd>
      </div>
      {order.tableIdentifier && (
        <div>
          {/* a row of its own: table names often say 'Tisch' themselves ('Tisch Tisch 3' before) */}
          <dt>{s('table')}</dt>
          <dd data-testid="order-table">
            {tables.find((t) => t.identifier === order.tableIdentifier && t.branch === order.branch.id)?.name ??
              order.tableIdentifier}
          </dd>
        </div>
      )}
      {appointment && (
        <div>
          <dt>{s('appointment')}</dt>
          <dd data-testid="order-appointment">
            {formatDate(appointment, timeZone)} {formatTime(appointment, timeZone)}
          </dd>
        </div>
      )}
      <div>
        <dt>{s('statusLabel')}</dt>
        <dd data-testid="order-status">{orderStatusLabel(like)}</dd>
      </div>
    </dl>
  );
}

/** The branch's address and phone, for questions about the order. */
export function StatusBranch({ branch }: { branch: Branch }) {
  return (
    <section className="status__branch" aria-labelledby="status-branch">
      <h2 id="status-branch">{s('branchContact')}</h2>
      <p>
        <strong>{branch.name}</strong>
        <br />
        {branch.street}, {[branch.zipCode, branch.city].filter(Boolean).join(' ')}
      </p>
      {branch.phone && (
        <p>
          <a className="button button--secondary" href={telUrl(branch.phone)}>
            {s('call')}: {branch.phone}
          </a>
        </p>
      )}
    </section>
  );
}
