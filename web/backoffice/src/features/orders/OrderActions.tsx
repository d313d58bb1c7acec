import { useState, type FormEvent } from 'react';
import { f, T } from '../../texts';
import { Dialog } from '../../ui/Dialog';
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

/** A value for <input type="datetime-local"> in the browser's time zone. */
function localInputValue(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}

/** Every action on one order (backoffice-platform.md §4, §7) with the §8 error texts and a retry. */
export function OrderActions({ order, onChanged }: { order: StaffOrder; onChanged: () => void }) {
  const { run, busy } = useOrderOperation(onChanged);
  const [dialog, setDialog] = useState<'reject' | 'cancel' | 'counter' | null>(null);
  const [rejectionMessage, setRejectionMessage] = useState('');
  const [counter, setCounter] = useState(() => localInputValue(new Date(Date.now() + 30 * 60_000)));
  const ticket = f(T.orders.ticket, { number: order.ticketNumber });
  const actions = allowedActions(order);
  const label = (text: string) => `${text}: ${ticket}`;
  // a receipt that did not print is printed again from here
  const printLabel = order.receipt === 'failed' ? T.orders.actions.reprint : T.orders.actions.print;

  const onReject = async (e: FormEvent) => {
    e.preventDefault();
    setDialog(null);
    const body = { rejectionMessage: rejectionMessage.trim() || null };
    await run('reject', () => orderApi.transition(order.id, 'reject', body));
  };
  const onCounter = async (e: FormEvent) => {
    e.preventDefault();
    setDialog(null);
    const iso = new Date(counter).toISOString();
    await run('counter', () => orderApi.counter(order.id, iso));
  };

  return (
    <div className="order-actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={
            action === 'confirm' || action === 'completed'
              ? 'primary'
              : action === 'reject' || action === 'cancel'
                ? 'danger'
                : ''
          }
          disabled={busy !== null}
          aria-label={label(ACTION_LABEL[action])}
          onClick={() => {
            if (action === 'reject' || action === 'cancel') setDialog(action);
            else void run(action, () => orderApi.transition(order.id, action));
          }}
        >
          {ACTION_LABEL[action]}
        </button>
      ))}
      {order.status === 'open' && (
        <button
          type="button"
          disabled={busy !== null}
          aria-label={label(T.orders.actions.counter)}
          onClick={() => setDialog('counter')}
        >
          {T.orders.actions.counter}
        </button>
      )}
      <button
        type="button"
        className={order.receipt === 'failed' ? 'primary' : ''}
        disabled={busy !== null}
        aria-label={label(printLabel)}
        onClick={() => void run('print', () => orderApi.print(order.id), T.orders.done.print)}
      >
        {printLabel}
      </button>
      {isOnlinePayment(order) && (
        <button
          type="button"
          disabled={busy !== null}
          aria-label={label(T.orders.actions.paymentCheck)}
          onClick={() => void run('paymentCheck', () => orderApi.paymentCheck(order.id), T.orders.done.paymentCheck)}
        >
          {T.orders.actions.paymentCheck}
        </button>
      )}
      {order.customer.email && (
        <button
          type="button"
          disabled={busy !== null}
          aria-label={label(T.orders.actions.resendEmail)}
          onClick={() => void run('email', () => orderApi.resendEmail(order.id), T.orders.done.email)}
        >
          {T.orders.actions.resendEmail}
        </button>
      )}
      {order.customer.phone && (
        <button
          type="button"
          disabled={busy !== null}
          aria-label={label(T.orders.actions.resendSms)}
          onClick={() => void run('sms', () => orderApi.resendSms(order.id), T.orders.done.sms)}
        >
          {T.orders.actions.resendSms}
        </button>
      )}

      {dialog === 'reject' && (
        <Dialog title={`${T.orders.rejectTitle} – ${ticket}`} onClose={() => setDialog(null)}>
          <form onSubmit={onReject}>
            <label htmlFor={`reject-${order.id}`}>{T.orders.rejectionMessage}</label>
            <textarea
              id={`reject-${order.id}`}
              rows={3}
              maxLength={1000}
              value={rejectionMessage}
              onChange={(e) => setRejectionMessage(e.target.value)}
            />
            <div className="form-actions">
              <button type="submit" className="danger">
                {T.orders.rejectConfirm}
              </button>
              <button type="button" onClick={() => setDialog(null)}>
                {T.orders.abort}
              </button>
            </div>
          </form>
        </Dialog>
      )}
      {dialog === 'cancel' && (
        <Dialog title={f(T.orders.cancelQuestion, { ticket })} onClose={() => setDialog(null)}>
          <div className="form-actions">
            <button
              type="button"
              className="danger"
              onClick={() => {
                setDialog(null);
                void run('cancel', () => orderApi.transition(order.id, 'cancel'));
              }}
            >
              {T.orders.actions.cancel}
            </button>
            <button type="button" onClick={() => setDialog(null)}>
              {T.orders.abort}
            </button>
          </div>
        </Dialog>
      )}
      {dialog === 'counter' && (
        <Dialog title={`${T.orders.counterTitle} – ${ticket}`} onClose={() => setDialog(null)}>
          <form onSubmit={onCounter}>
            <label htmlFor={`counter-${order.id}`}>{T.orders.appointment}</label>
            <input
              id={`counter-${order.id}`}
              type="datetime-local"
              required
              value={counter}
              onChange={(e) => setCounter(e.target.value)}
            />
            <div className="form-actions">
              <button type="submit" className="primary">
                {T.orders.counterSubmit}
              </button>
              <button type="button" onClick={() => setDialog(null)}>
                {T.orders.abort}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </div>
  );
}
