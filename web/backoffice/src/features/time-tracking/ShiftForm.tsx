import { zodResolver } from '@hookform/resolvers/zod';
import { WorkingScheduleInput } from '@shop/contracts';
import { isMessageKey, t } from '@shop/i18n-de';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, api, apiUrl, errorMessage } from '../../api/client';
import { resourceFailure } from '../../texts';
import { ErrorText, invalidProps } from '../resources/ErrorText';
import { TT } from './time-texts';
import { byId, Options } from '../../ui/Options';

const ShiftSchema = WorkingScheduleInput.omit({ note: true });
type ShiftValues = z.output<typeof ShiftSchema>;
/** A shift in the planner's form: a new one without id. */
export type ShiftDraft = ShiftValues & { id?: number; note: string | null };

/** The body of POST and PUT /api/working-schedules. */
export const shiftBody = (d: ShiftDraft) => ({
  user: d.user,
  branch: d.branch,
  date: d.date,
  start: d.start,
  end: d.end,
  // only a night shift says so: the schedule's default is the same day (issue 41)
  ...(d.endsNextDay ? { endsNextDay: true } : {}),
  breakMinutes: d.breakMinutes,
  note: d.note,
});

/** a zod issue of the contract's schema in German (its message is a catalogue key, or the kind of problem) */
export function issueText(e: FieldError | undefined): string | undefined {
  if (!e) return undefined;
  if (e.message && isMessageKey(e.message)) return t(e.message);
  if (e.type === 'invalid_type') return t('validation.required');
  if (e.type === 'too_small' || e.type === 'too_big') return t('validation.range', { min: 0, max: 600 });
  return t('validation.regex');
}

/**
 * The shift's form on react-hook-form with the contract's WorkingScheduleInput (zodResolver): unlike the back
 * office's other forms (useContractForm) a shift the contract refuses is not sent, and the refusal is said in German
 * at its field before the server is asked (the planner's tested behaviour); the server's field errors land at their
 * fields too. `remove` deletes a saved shift.
 */
function useShiftForm(draft: ShiftDraft, onDone: () => void) {
  const form = useForm<z.input<typeof ShiftSchema>, unknown, ShiftValues>({
    resolver: zodResolver(ShiftSchema),
    defaultValues: draft,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const save = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = shiftBody({ ...draft, ...values });
    try {
      if (draft.id) await api.put(apiUrl('/api/working-schedules/{id}', { id: draft.id }), body);
      else await api.post('/api/working-schedules', body);
      onDone();
    } catch (err) {
      if (err instanceof ApiError)
        for (const [field, text] of Object.entries(err.fieldErrors()))
          form.setError(field as keyof ShiftValues, { type: 'server', message: text });
      setFailure(errorMessage(err, resourceFailure('working-schedules', draft.id ? 'update' : 'create')));
    }
  });
  const remove = async () => {
    if (!draft.id) return;
    try {
      await api.delete(apiUrl('/api/working-schedules/{id}', { id: draft.id }));
      onDone();
    } catch (err) {
      setFailure(errorMessage(err, resourceFailure('working-schedules', 'delete')));
    }
  };
  /** the German message at a field: the server's as it came, the contract's refusal in the catalogue's words */
  const message = (name: keyof ShiftValues) => {
    const e = form.formState.errors[name];
    return e?.type === 'server' ? e.message : issueText(e);
  };
  return { form, save, remove, failure, message };
}

/** A labelled control of the shift's form with its error. */
function ShiftField({
  name,
  label,
  message,
  children,
}: {
  name: string;
  label: string;
  message?: string;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={`shift-${name}`}>{label}</label>
      {children}
      <ErrorText id={`shift-${name}`} message={message} />
    </div>
  );
}

/** One shift: add, or change (another person, day or time moves it), or delete; the server's field errors beside. */
export function ShiftForm(props: {
  draft: ShiftDraft;
  staff: Array<{ id: number; name: string }>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { draft } = props;
  const { form, save, remove, failure, message } = useShiftForm(draft, props.onDone);
  const input = (name: 'date' | 'start' | 'end', type: 'date' | 'time') => (
    <input
      id={`shift-${name}`}
      type={type}
      {...form.register(name)}
      {...invalidProps(`shift-${name}`, message(name))}
    />
  );

  return (
    <form className="shift-form" aria-label={draft.id ? TT.editShift : TT.addShift} onSubmit={(e) => void save(e)}>
      <h2>{draft.id ? TT.editShift : TT.addShift}</h2>
      {failure && (
        <p className="load-error" role="alert">
          {failure}
        </p>
      )}
      <ShiftField name="user" label={TT.user} message={message('user')}>
        <select
          id="shift-user"
          defaultValue={String(draft.user)}
          {...form.register('user', { valueAsNumber: true })}
          {...invalidProps('shift-user', message('user'))}
        >
          <Options choices={byId(props.staff, (s) => s.name)} />
        </select>
      </ShiftField>
      <ShiftField name="date" label={TT.date} message={message('date')}>
        {input('date', 'date')}
      </ShiftField>
      <ShiftField name="start" label={TT.from} message={message('start')}>
        {input('start', 'time')}
      </ShiftField>
      <ShiftField name="end" label={TT.to} message={message('end')}>
        {input('end', 'time')}
      </ShiftField>
      <p className="check">
        <label>
          <input type="checkbox" {...form.register('endsNextDay')} /> {TT.endsNextDay}
        </label>
      </p>
      <ShiftField name="breakMinutes" label={TT.breakMinutes} message={message('breakMinutes')}>
        <input
          id="shift-breakMinutes"
          type="number"
          min={0}
          max={600}
          {...form.register('breakMinutes', { valueAsNumber: true })}
          {...invalidProps('shift-breakMinutes', message('breakMinutes'))}
        />
      </ShiftField>
      <p className="actions">
        <button type="submit" disabled={form.formState.isSubmitting}>
          {TT.save}
        </button>
        <button type="button" onClick={props.onCancel}>
          {TT.cancel}
        </button>
        {draft.id && (
          <button type="button" className="danger" onClick={() => void remove()}>
            {TT.delete}
          </button>
        )}
      </p>
    </form>
  );
}
