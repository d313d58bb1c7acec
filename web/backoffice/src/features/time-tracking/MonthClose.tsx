import type { MonthClose } from '@shop/contracts';
import { formatDate } from '@shop/domain';
import { format, resourceFailure, TIME_TRACKING_UI_TEXTS as U } from '@shop/i18n-de';
import { useState } from 'react';
import useSWR from 'swr';
import { api, errorMessage } from '../../api/client';
import { LoadFailed } from '../../ui/notices';
import { TT } from './time-texts';
import { ttApi } from './tt-api';

/** The state of a branch's month from the year's closes: closed or not, with its history. */
export function monthState(closes: readonly MonthClose[] | undefined, month: string): MonthClose | undefined {
  return closes?.find((c) => c.month === month);
}

/**
 * The month close of the team sheet (issue 41, item 7): a manager closes the branch's month after downloading its
 * export (the button waits for it), after which its activities and shifts cannot change; reopening asks for the
 * reason, and who closed and reopened it when and why stays listed.
 */
export function MonthClosePanel({
  branch,
  month,
  exported,
  onChanged,
}: {
  branch: number;
  month: string;
  exported: boolean;
  onChanged: () => void;
}) {
  const closes = useSWR(ttApi.monthClosesUrl({ branch, year: Number(month.slice(0, 4)) }), (url) => api.get(url));
  const state = monthState(closes.data, month);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const run = async (what: 'close' | 'reopen') => {
    setBusy(true);
    setFailure(null);
    setDone(null);
    try {
      if (what === 'close') {
        await ttApi.closeMonth({ branch, month });
        setDone(format(U.monthClosedSaved, { month }));
      } else {
        await ttApi.reopenMonth({ branch, month, reason });
        setReason('');
        setDone(format(U.monthReopenedSaved, { month }));
      }
      await closes.mutate();
      onChanged();
    } catch (err) {
      setFailure(errorMessage(err, resourceFailure('working-activities', 'update')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="month-close" aria-labelledby="month-close-title">
      <h2 id="month-close-title">{TT.monthClose}</h2>
      <LoadFailed load={closes} message={resourceFailure('working-activities', 'load')} />
      {closes.data && (
        <p data-testid="month-state">
          {state?.closed ? (
            <>
              <strong className="badge closed">{U.closedBadge}</strong>{' '}
              {format(TT.monthClosed, {
                date: state.closedAt ? formatDate(state.closedAt) : '',
                name: state.closedBy?.username ?? '',
              })}
            </>
          ) : (
            TT.monthOpen
          )}
        </p>
      )}
      {done && <p role="status">{done}</p>}
      {failure && (
        <p className="load-error" role="alert">
          {failure}
        </p>
      )}
      {closes.data && !state?.closed && (
        <>
          {!exported && <p className="hint">{U.exportFirst}</p>}
          <button type="button" className="primary" disabled={busy || !exported} onClick={() => void run('close')}>
            {TT.closeMonth}
          </button>
        </>
      )}
      {state?.closed && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void run('reopen');
          }}
        >
          <label htmlFor="reopen-reason">{TT.reason}</label>
          <input id="reopen-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />{' '}
          <button type="submit" disabled={busy}>
            {TT.reopenMonth}
          </button>
        </form>
      )}
      {state && state.history.length > 0 && (
        <ol className="month-history" aria-label={U.monthHistory}>
          {state.history.map((h, i) => (
            <li key={i}>
              {h.action === 'closed'
                ? format(TT.monthClosed, { date: formatDate(h.at), name: h.by.username })
                : format(TT.monthReopened, { date: formatDate(h.at), name: h.by.username, reason: h.reason ?? '' })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
