import { CounterAppointmentInput, RejectInput } from '@shop/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { f, T } from '../../texts';
import { useContractForm, type ContractSchema } from '../../ui/contract-form';
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

/**
 * A dialog's form on its contract (useContractForm): sending closes the dialog and hands the values to the order
 * operation, which reports its own failure (with a retry).
 */
function useDialogForm<V extends FieldValues, O extends FieldValues>(
  schema: ContractSchema<V, O>,
  defaultValues: DefaultValues<V>,
  onClose: () => void,
  act: (values: V) => Promise<unknown>,
) {
  return useContractForm(schema, {
    defaultValues,
    send: async (values) => {
      onClose();
      await act(values);
    },
    failed: () => undefined,
  });
}

/** A dialog of one form: its fields, then its submit button (`submit`: its text and class) and 'Abbrechen'. */
function FormDialog({
  title,
  submit: [text, className],
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submit: [text: string, className: string];
  onSubmit: (e: FormEvent) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)}>
        {children}
        <DialogButtons onAbort={onClose}>
          <button type="submit" className={className}>
            {text}
          </button>
        </DialogButtons>
      </form>
    </Dialog>
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
  const { form, onSubmit } = useDialogForm(RejectInput, { rejectionMessage: '' }, onClose, ({ rejectionMessage }) =>
    onReject({ rejectionMessage: rejectionMessage?.trim() || null }),
  );
  return (
    <FormDialog
      title={`${T.orders.rejectTitle} – ${ticket}`}
      submit={[T.orders.rejectConfirm, 'danger']}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <label htmlFor={`reject-${id}`}>{T.orders.rejectionMessage}</label>
      <textarea id={`reject-${id}`} rows={3} maxLength={1000} {...form.register('rejectionMessage')} />
    </FormDialog>
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
  const { form, onSubmit } = useDialogForm(
    CounterForm,
    { counterAppointment: start },
    onClose,
    ({ counterAppointment }) => onCounter(new Date(counterAppointment).toISOString()),
  );
  return (
    <FormDialog
      title={`${T.orders.counterTitle} – ${ticket}`}
      submit={[T.orders.counterSubmit, 'primary']}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <label htmlFor={`counter-${id}`}>{T.orders.appointment}</label>
      <input id={`counter-${id}`} type="datetime-local" required {...form.register('counterAppointment')} />
    </FormDialog>
  );
}
