import type { ActivityChange, ActivitySnapshot } from '@shop/contracts';
import { formatDate, formatTime } from '@shop/domain';
import { format, TIME_TRACKING_UI_TEXTS as U } from '@shop/i18n-de';
import { TT } from './time-texts';

/** '08:00–17:00 Arbeit' : an activity's fields as a change found or left them. */
export function snapshotText(s: ActivitySnapshot | null, zone: string): string {
  if (!s) return '–';
  const end = s.end ? formatTime(s.end, zone) : '…';
  return `${formatDate(s.start, zone)} ${formatTime(s.start, zone)}–${end} ${TT.kinds[s.kind]}${s.note ? ` (${s.note})` : ''}`;
}

/** An activity's audit trail: who changed it when, why, before and after (oldest first). */
export function AuditTrail({ changes, zone }: { changes: readonly ActivityChange[]; zone: string }) {
  if (changes.length === 0) return <p>{U.noChanges}</p>;
  return (
    <ol className="audit-trail" aria-label={TT.auditTrail}>
      {changes.map((c) => (
        <li key={c.id}>
          <p>
            {format(TT.changedBy, {
              action: TT.changeActions[c.action],
              name: c.by?.username ?? '–',
              date: formatDate(c.at, zone),
              time: formatTime(c.at, zone),
            })}
            {c.reason ? ` – ${TT.reason}: ${c.reason}` : ''}
          </p>
          <dl>
            <dt>{TT.before}</dt>
            <dd>{snapshotText(c.before, zone)}</dd>
            <dt>{TT.after}</dt>
            <dd>{snapshotText(c.after, zone)}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
