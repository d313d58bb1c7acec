import {
  ABSENCE_KINDS,
  AbsenceBookingInput,
  HolidayEntitlementInput,
  type AbsenceKind,
  type HolidayEntitlementView,
} from '@shop/contracts';
import { DEFAULT_TIME_ZONE, formatLocalDate, localDate } from '@shop/domain';
import { format, t, TIME_TRACKING_UI_TEXTS as U } from '@shop/i18n-de';
import { useState } from 'react';
import useSWR from 'swr';
import { z } from 'zod';
import { api, apiUrl, errorMessage } from '../../api/client';
import { useBranches } from '../../api/use-branches';
import { resourceFailure } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { TableHead } from '../../ui/DataTable';
import { SelectFilter, InputFilter } from '../../ui/filter-form';
import { LoadFailed, useNotices } from '../../ui/notices';
import { byId, labelled, Options } from '../../ui/Options';
import { isAdmin, useMe } from '../auth/use-me';
import { ErrorText, invalidProps } from '../resources/ErrorText';
import { TT } from './time-texts';
import { ttApi } from './tt-api';
import { useStaff } from './use-staff';

const thisYear = () => Number(localDate(new Date(), DEFAULT_TIME_ZONE).slice(0, 4));
const num = (s: string) => Number(s.replace(',', '.'));

interface BookingValues {
  kind: AbsenceKind;
  branch: string;
  from: string;
  to: string;
  halfDay: boolean;
  note: string;
  reason: string;
}
const bookingBody = (user: number, v: BookingValues): AbsenceBookingInput => ({
  user,
  branch: Number(v.branch),
  kind: v.kind,
  from: v.from,
  // a half day is one day: its end is its start
  to: v.halfDay ? v.from : v.to || v.from,
  halfDay: v.halfDay,
  note: v.note.trim() || null,
  reason: v.reason.trim() || null,
});

/**
 * #/time-tracking/absences (issue 41, item 5): who manages a branch books vacation, sick leave or compensatory time
 * off for one of its people over a range of days or half a day; public holidays in the range are neither taken from
 * the holiday account nor missing hours (the answer names them). The person's holiday account of the year follows
 * the booking at once, and their entitlement of the year with its carry-over is edited below (administrators).
 */
export default function AbsencesPage() {
  const me = useMe();
  const staff = useStaff();
  const [user, setUser] = useState('');
  const [year, setYear] = useState(thisYear());
  const holidays = useSWR(
    user ? apiUrl('/api/time-sheets/holiday-balances', {}, { user: Number(user), year }) : null,
    (url) => api.get(url),
  );
  const entitlements = useSWR(user ? ttApi.entitlementsUrl({ user: Number(user), year }) : null, (url) => api.get(url));
  const holiday = holidays.data?.find((h) => h.year === year) ?? holidays.data?.[0];

  return (
    <section className="absences">
      <h1>{U.absences}</h1>
      <form className="filters" onSubmit={(e) => e.preventDefault()}>
        <SelectFilter
          id="absences-user"
          label={TT.user}
          any=""
          choices={byId(staff.data, (u) => u.displayName || u.username)}
          value={user}
          onChange={(e) => setUser(e.target.value)}
        />
        <InputFilter
          id="absences-year"
          label={U.year}
          type="number"
          min={2000}
          max={2100}
          value={year}
          onChange={(e) => Number(e.target.value) >= 2000 && setYear(Number(e.target.value))}
        />
      </form>
      {user && (
        <>
          <h2>{TT.holidays}</h2>
          <LoadFailed load={holidays} message={t('backoffice.holidayBalancesFailed')} />
          {holiday && (
            <dl className="holiday-balance">
              <dt>{TT.entitlement}</dt>
              <dd>{format(TT.days, { n: holiday.entitlementDays })}</dd>
              <dt>{TT.carryOver}</dt>
              <dd>{format(TT.days, { n: holiday.carryOverDays })}</dd>
              <dt>{TT.expired}</dt>
              <dd>{format(TT.days, { n: holiday.expiredCarryOverDays })}</dd>
              <dt>{TT.taken}</dt>
              <dd data-testid="holiday-taken">{format(TT.days, { n: holiday.takenDays })}</dd>
              <dt>{TT.remaining}</dt>
              <dd data-testid="holiday-remaining">{format(TT.days, { n: holiday.remainingDays })}</dd>
            </dl>
          )}
          <BookingForm
            key={user}
            user={Number(user)}
            onBooked={() => {
              void holidays.mutate();
            }}
          />
          <h2>{TT.entitlements}</h2>
          {/* §8 'Guthaben konnten nicht geladen werden.': the entitlements are the days a person has to their credit */}
          <LoadFailed load={entitlements} message={t('backoffice.creditsFailed')} />
          {entitlements.data && (
            <Entitlements
              rows={entitlements.data}
              editable={isAdmin(me.data)}
              onSaved={() => {
                void entitlements.mutate();
                void holidays.mutate();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

const kinds = labelled(ABSENCE_KINDS, TT.kinds);
const BOOKING_DEFAULTS: BookingValues = {
  kind: 'holiday',
  branch: '',
  from: '',
  to: '',
  halfDay: false,
  note: '',
  reason: '',
};

/** The booking of an absence for the chosen person (AbsenceBookingInput); the server's field errors at the fields. */
function BookingForm({ user, onBooked }: { user: number; onBooked: () => void }) {
  const notices = useNotices();
  const branches = useBranches();
  const { data: me } = useMe();
  const managed = (branches.data ?? []).filter((b) => isAdmin(me) || !!me?.branches.some((m) => m.id === b.id));
  const [result, setResult] = useState<string | null>(null);
  const schema = z
    .custom<BookingValues>()
    .transform((v) => bookingBody(user, v))
    .pipe(AbsenceBookingInput);
  const { form, errors, onSubmit, saving } = useContractForm(schema, {
    defaultValues: BOOKING_DEFAULTS,
    send: async (values) => {
      setResult(null);
      const booked = await ttApi.bookAbsence(bookingBody(user, values));
      const lines = [format(U.booked, { kind: TT.kinds[values.kind], days: booked.days })];
      if (booked.publicHolidays.length)
        lines.push(
          format(U.bookedHolidays, {
            list: booked.publicHolidays.map((h) => `${formatLocalDate(h.date)} ${h.name}`).join(', '),
          }),
        );
      setResult(lines.join(' '));
      notices.success(lines[0] ?? '');
      onBooked();
    },
    failed: (err, retry) =>
      notices.error(errorMessage(err, resourceFailure('working-activities', 'create')), retry, err),
  });
  const id = (name: keyof BookingValues) => ({
    id: `absence-${name}`,
    ...invalidProps(`absence-${name}`, errors[name]),
  });

  return (
    <form className="absence-form" aria-label={TT.bookAbsence} onSubmit={(e) => void onSubmit(e)} noValidate>
      <h2>{TT.bookAbsence}</h2>
      <label htmlFor="absence-kind">{TT.kind}</label>
      <select {...id('kind')} {...form.register('kind')}>
        <Options choices={kinds} />
      </select>
      <ErrorText id="absence-kind" message={errors.kind} />
      <label htmlFor="absence-branch">{TT.branch}</label>
      <select {...id('branch')} {...form.register('branch')}>
        <option value="" />
        <Options choices={byId(managed, (b) => b.name)} />
      </select>
      <ErrorText id="absence-branch" message={errors.branch} />
      <label htmlFor="absence-from">{U.fromDate}</label>
      <input type="date" {...id('from')} {...form.register('from')} />
      <ErrorText id="absence-from" message={errors.from} />
      <label htmlFor="absence-to">{U.toDate}</label>
      <input type="date" {...id('to')} {...form.register('to')} />
      <ErrorText id="absence-to" message={errors.to} />
      <label className="check">
        <input type="checkbox" {...form.register('halfDay')} /> {TT.halfDay}
      </label>
      <ErrorText id="absence-halfDay" message={errors.halfDay} />
      <label htmlFor="absence-note">{TT.note}</label>
      <input {...id('note')} {...form.register('note')} />
      <label htmlFor="absence-reason">{TT.reason}</label>
      <input {...id('reason')} {...form.register('reason')} />
      <ErrorText id="absence-reason" message={errors.reason} />
      <p>
        <button type="submit" className="primary" disabled={saving}>
          {U.book}
        </button>
      </p>
      {result && <p role="status">{result}</p>}
    </form>
  );
}

interface EntitlementValues {
  daysPerYear: string;
  partTimeFactor: string;
  employedFrom: string;
  employedTo: string;
  carryOverDays: string;
  carryOverExpires: string;
}
const entitlementBody = (row: HolidayEntitlementView, v: EntitlementValues): HolidayEntitlementInput => ({
  user: row.user,
  year: row.year,
  daysPerYear: num(v.daysPerYear),
  partTimeFactor: num(v.partTimeFactor),
  employedFrom: v.employedFrom || null,
  employedTo: v.employedTo || null,
  carryOverDays: num(v.carryOverDays),
  carryOverExpires: v.carryOverExpires || null,
});

/** A person's entitlement of the year: as stored or the default, with the previous year's rest to carry over. */
function Entitlements({
  rows,
  editable,
  onSaved,
}: {
  rows: HolidayEntitlementView[];
  editable: boolean;
  onSaved: () => void;
}) {
  const [editing, setEditing] = useState<HolidayEntitlementView | null>(null);
  return (
    <>
      <table className="entitlements">
        <TableHead
          headings={[U.year, TT.daysPerYear, TT.partTime, TT.carryOver, TT.carryOverExpires, TT.previousYearRest, '']}
        />
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.user}-${r.year}`}>
              <td>
                {r.year}
                {r.isDefault ? ` (${U.defaultEntitlement})` : ''}
              </td>
              <td>{r.daysPerYear}</td>
              <td>{r.partTimeFactor}</td>
              <td>{r.carryOverDays}</td>
              <td>{r.carryOverExpires ? formatLocalDate(r.carryOverExpires) : ''}</td>
              <td>{r.previousYearRemainingDays}</td>
              <td>
                {editable && (
                  <button type="button" onClick={() => setEditing(r)}>
                    {U.editEntitlement}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {editing && (
        <EntitlementForm
          key={`${editing.user}-${editing.year}`}
          row={editing}
          onDone={() => {
            setEditing(null);
            onSaved();
          }}
        />
      )}
    </>
  );
}

function EntitlementForm({ row, onDone }: { row: HolidayEntitlementView; onDone: () => void }) {
  const notices = useNotices();
  const schema = z
    .custom<EntitlementValues>()
    .transform((v) => entitlementBody(row, v))
    .pipe(HolidayEntitlementInput);
  const { form, errors, onSubmit, saving } = useContractForm(schema, {
    defaultValues: {
      daysPerYear: String(row.daysPerYear),
      partTimeFactor: String(row.partTimeFactor),
      employedFrom: row.employedFrom ?? '',
      employedTo: row.employedTo ?? '',
      // a year without its own row offers the previous year's rest as its carry-over
      carryOverDays: String(row.isDefault ? row.previousYearRemainingDays : row.carryOverDays),
      carryOverExpires: row.carryOverExpires ?? '',
    },
    send: async (values) => {
      await api.put(apiUrl('/api/time-sheets/holiday-entitlements', {}), entitlementBody(row, values));
      notices.success(U.entitlementSaved);
      onDone();
    },
    failed: (err, retry) => notices.error(errorMessage(err, resourceFailure('users', 'update')), retry, err),
  });
  const field = (name: keyof EntitlementValues, label: string, type = 'text') => (
    <>
      <label htmlFor={`entitlement-${name}`}>{label}</label>
      <input
        id={`entitlement-${name}`}
        type={type}
        inputMode={type === 'text' ? 'decimal' : undefined}
        {...invalidProps(`entitlement-${name}`, errors[name])}
        {...form.register(name)}
      />
      <ErrorText id={`entitlement-${name}`} message={errors[name]} />
    </>
  );
  return (
    <form
      className="entitlement-form"
      aria-label={`${U.editEntitlement} ${row.year}`}
      onSubmit={(e) => void onSubmit(e)}
      noValidate
    >
      {field('daysPerYear', TT.daysPerYear)}
      {field('partTimeFactor', TT.partTime)}
      {field('carryOverDays', TT.carryOver)}
      {field('carryOverExpires', TT.carryOverExpires, 'date')}
      {field('employedFrom', TT.employedFrom, 'date')}
      {field('employedTo', TT.employedTo, 'date')}
      <p>
        <button type="submit" className="primary" disabled={saving}>
          {TT.save}
        </button>{' '}
        <button type="button" onClick={onDone}>
          {TT.cancel}
        </button>
      </p>
    </form>
  );
}
