import type { CorrectionRequest, User } from '@shop/contracts';
import { formatDate } from '@shop/domain';
import { format, resourceFailure, TIME_TRACKING_UI_TEXTS as U } from '@shop/i18n-de';
import { useState } from 'react';
import useSWR from 'swr';
import { api, errorMessage } from '../../api/client';
import { LoadFailed, useNotices } from '../../ui/notices';
import { TT } from './time-texts';
import { ttApi } from './tt-api';
import { staffName } from './use-staff';
import { snapshotText } from './AuditTrail';

/**
 * The pending correction requests (issue 41): a manager approves (note optional) or rejects (note required: the
 * employee reads why) those of their branches; an employee sees their own and may withdraw them. A decision
 * reloads the activities, since an approval changes one.
 */
export function CorrectionRequests({
  manager,
  ownId,
  branch,
  staff,
  zoneOf,
  onDecided,
}: {
  manager: boolean;
  ownId: number | undefined;
  branch: number | undefined;
  staff: readonly User[] | undefined;
  zoneOf: (branch: number) => string;
  onDecided: () => void;
}) {
  const notices = useNotices();
  const url = ttApi.requestsUrl({ status: 'pending', branch, user: manager ? undefined : ownId });
  const requests = useSWR(ownId ? url : null, (u) => api.get(u));
  const [notes, setNotes] = useState<Record<number, string>>({});

  const decide = async (r: CorrectionRequest, decision: 'approve' | 'reject' | 'withdraw') => {
    try {
      if (decision === 'withdraw') await ttApi.withdraw(r.id);
      else await ttApi.decide(r.id, decision, { note: notes[r.id]?.trim() || null });
      notices.success(U.decided);
      void requests.mutate();
      onDecided();
    } catch (err) {
      notices.error(errorMessage(err, resourceFailure('working-activities', 'update')), () => decide(r, decision), err);
    }
  };

  return (
    <section className="correction-requests" aria-labelledby="correction-requests-title">
      <h2 id="correction-requests-title">{U.pendingRequests}</h2>
      <LoadFailed load={requests} message={resourceFailure('working-activities', 'load')} />
      {requests.data?.length === 0 && <p>{U.noRequests}</p>}
      <ul>
        {requests.data?.map((r) => {
          const zone = zoneOf(r.branch);
          return (
            <li key={r.id} data-testid={`request-${r.id}`}>
              <p>
                <strong>{TT.correctionActions[r.action]}</strong> – {staffName(staff, r.user)} –{' '}
                {format(U.requestedBy, { name: r.requestedBy.username, date: formatDate(r.requestedAt, zone) })}
              </p>
              <p>
                {TT.reason}: {r.reason}
              </p>
              <dl>
                <dt>{TT.before}</dt>
                <dd>{snapshotText(r.before, zone)}</dd>
                <dt>{U.proposed}</dt>
                <dd>{snapshotText(r.proposed, zone)}</dd>
              </dl>
              {manager && r.requestedBy.id !== ownId ? (
                <p>
                  <label htmlFor={`decision-${r.id}`}>{TT.decisionNote}</label>
                  <input
                    id={`decision-${r.id}`}
                    value={notes[r.id] ?? ''}
                    onChange={(e) => setNotes({ ...notes, [r.id]: e.target.value })}
                  />{' '}
                  <button type="button" className="primary" onClick={() => void decide(r, 'approve')}>
                    {TT.approve}
                  </button>{' '}
                  <button type="button" className="danger" onClick={() => void decide(r, 'reject')}>
                    {TT.reject}
                  </button>
                </p>
              ) : (
                r.requestedBy.id === ownId && (
                  <button type="button" onClick={() => void decide(r, 'withdraw')}>
                    {TT.withdraw}
                  </button>
                )
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
