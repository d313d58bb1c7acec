import { CounterAppointmentInput, RejectInput } from '@shop/contracts';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { f, T } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { Dialog } from '../../ui/Dialog';

/** A value for <input type="datetime-local"> in the browser's time zone. */
export function localInputValue(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}

/** A dialog's buttons: its own first, then 'Abbrechen'. */
export function DialogButtons({ children, onAbort }: { children: ReactNode; onAbort: () => void }) {
  return (
    <div className="form-actions">
      {children}
      <button type="button" onClick={onAbort}>
        {T.orders.abort}
      </button>
    </div>
  );
}

/** The counter-proposal's form: a local date-time, sent as the instant CounterAppointmentInput checks. */
const CounterForm = z
  .object({ counterAppointment: z.string() })
  .transform((v) => ({ counterAppointment: new Date(v.counterAppointment).toISOString() }))
  .pipe(CounterAppointmentInput);

/** Rejecting an order, with an optional message to the customer (RejectInput). */
export function RejectDialog({
  id,
  ticket,
  onClose,
  onReject,
}: {
  id: number;
  ticket: string;
  onClose: () => void;
  onReject: (body: { rejectionMessage: string | null }) => Promise<unknown>;
}) {
  const { form, onSubmit } = useContractForm(RejectInput, {
    defaultValues: { rejectionMessage: '' },
    send: async ({ rejectionMessage }) => {
      onClose();
      await onReject({ rejectionMessage: rejectionMessage?.trim() || null });
    },
    // the order operation reports its own failure (with a retry)
    failed: () => undefined,
  });
  return (
    <Dialog title={`${T.orders.rejectTitle} – ${ticket}`} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)}>
        <label htmlFor={`reject-${id}`}>{T.orders.rejectionMessage}</label>
        <textarea id={`reject-${id}`} rows={3} maxLength={1000} {...form.register('rejectionMessage')} />
        <DialogButtons onAbort={onClose}>
          <button type="submit" className="danger">
            {T.orders.rejectConfirm}
          </button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}

/** Cancelling an order, after asking. */
export function CancelDialog({
  ticket,
  onClose,
  onCancel,
}: {
  ticket: string;
  onClose: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog title={f(T.orders.cancelQuestion, { ticket })} onClose={onClose}>
      <DialogButtons onAbort={onClose}>
        <button
          type="button"
          className="danger"
          onClick={() => {
            onClose();
            onCancel();
          }}
        >
          {T.orders.actions.cancel}
        </button>
      </DialogButtons>
    </Dialog>
  );
}

/** A counter-proposal: another appointment, half an hour from now to start with (CounterAppointmentInput). */
export function CounterDialog({
  id,
  ticket,
  onClose,
  onCounter,
}: {
  id: number;
  ticket: string;
  onClose: () => void;
  onCounter: (iso: string) => Promise<unknown>;
}) {
  const [start] = useState(() => localInputValue(new Date(Date.now() + 30 * 60_000)));
  const { form, onSubmit } = useContractForm(CounterForm, {
    defaultValues: { counterAppointment: start },
    send: async ({ counterAppointment }) => {
      onClose();
      await onCounter(new Date(counterAppointment).toISOString());
    },
    failed: () => undefined,
  });
  return (
    <Dialog title={`${T.orders.counterTitle} – ${ticket}`} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)}>
        <label htmlFor={`counter-${id}`}>{T.orders.appointment}</label>
        <input id={`counter-${id}`} type="datetime-local" required {...form.register('counterAppointment')} />
        <DialogButtons onAbort={onClose}>
          <button type="submit" className="primary">
            {T.orders.counterSubmit}
          </button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}
