import type { OrderAction } from '@shop/contracts';
import { useState } from 'react';
import { f, T } from '../../texts';
import { CancelDialog, CounterDialog, RejectDialog } from './OrderDialogs';
import { allowedActions, isOnlinePayment, orderApi, type StaffOrder } from './order-api';
import { useOrderOperation } from './use-order-operation';

const ACTION_LABEL = {
  confirm: T.orders.actions.confirm,
  reject: T.orders.actions.reject,
  cancel: T.orders.actions.cancel,
  'in-delivery': T.orders.actions.inDelivery,
  'ready-for-pickup': T.orders.actions.readyForPickup,
  completed: T.orders.actions.completed,
} as const;

const actionClass = (action: OrderAction) =>
  action === 'confirm' || action === 'completed'
    ? 'primary'
    : action === 'reject' || action === 'cancel'
      ? 'danger'
      : '';

/** One action's button, named with the order's ticket for screen readers ('Annehmen: Bon 12'). */
function ActionButton({
  text,
  ticket,
  disabled,
  className,
  onClick,
}: {
  text: string;
  ticket: string;
  disabled: boolean;
  className?: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className={className} disabled={disabled} aria-label={`${text}: ${ticket}`} onClick={onClick}>
      {text}
    </button>
  );
}

/** Every action on one order (backoffice-platform.md §4, §7) with the §8 error texts and a retry. */
export function OrderActions({ order, onChanged }: { order: StaffOrder; onChanged: () => void }) {
  const { run, busy } = useOrderOperation(onChanged);
  const [dialog, setDialog] = useState<'reject' | 'cancel' | 'counter' | null>(null);
  const ticket = f(T.orders.ticket, { number: order.ticketNumber });
  const close = () => setDialog(null);
  const button = { ticket, disabled: busy !== null };
  // a receipt that did not print is printed again from here
  const printLabel = order.receipt === 'failed' ? T.orders.actions.reprint : T.orders.actions.print;

  return (
    <div className="order-actions">
      {allowedActions(order).map((action) => (
        <ActionButton
          key={action}
          {...button}
          text={ACTION_LABEL[action]}
          className={actionClass(action)}
          onClick={() => {
            if (action === 'reject' || action === 'cancel') setDialog(action);
            else void run(action, () => orderApi.transition(order.id, action));
          }}
        />
      ))}
      {order.status === 'open' && (
        <ActionButton {...button} text={T.orders.actions.counter} onClick={() => setDialog('counter')} />
      )}
      <ActionButton
        {...button}
        text={printLabel}
        className={order.receipt === 'failed' ? 'primary' : ''}
        onClick={() => void run('print', () => orderApi.print(order.id), T.orders.done.print)}
      />
      {isOnlinePayment(order) && (
        <ActionButton
          {...button}
          text={T.orders.actions.paymentCheck}
          onClick={() => void run('paymentCheck', () => orderApi.paymentCheck(order.id), T.orders.done.paymentCheck)}
        />
      )}
      {order.customer.email && (
        <ActionButton
          {...button}
          text={T.orders.actions.resendEmail}
          onClick={() => void run('email', () => orderApi.resendEmail(order.id), T.orders.done.email)}
        />
      )}
      {order.customer.phone && (
        <ActionButton
          {...button}
          text={T.orders.actions.resendSms}
          onClick={() => void run('sms', () => orderApi.resendSms(order.id), T.orders.done.sms)}
        />
      )}

      {dialog === 'reject' && (
        <RejectDialog
          id={order.id}
          ticket={ticket}
          onClose={close}
          onReject={(body) => run('reject', () => orderApi.transition(order.id, 'reject', body))}
        />
      )}
      {dialog === 'cancel' && (
        <CancelDialog
          ticket={ticket}
          onClose={close}
          onCancel={() => void run('cancel', () => orderApi.transition(order.id, 'cancel'))}
        />
      )}
      {dialog === 'counter' && (
        <CounterDialog
          id={order.id}
          ticket={ticket}
          onClose={close}
          onCounter={(iso) => run('counter', () => orderApi.counter(order.id, iso))}
        />
      )}
    </div>
  );
}
