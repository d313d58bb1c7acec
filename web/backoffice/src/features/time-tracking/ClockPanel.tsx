import type { ClockAction, ClockState } from '@shop/contracts';
import { formatDuration, formatTime } from '@shop/domain';
import { format } from '@shop/i18n-de';
import { TT } from './time-texts';

/** Which of the four actions the state allows (the server decides; this only enables the buttons). */
export function allowedActions(state: ClockState | undefined): ClockAction[] {
  const current = state?.current;
  if (!current) return ['start'];
  return current.state === 'paused' ? ['resume', 'end'] : ['pause', 'end'];
}

/** The current state and the four actions, large enough for a shared tablet. */
export function ClockPanel({
  state,
  busy,
  onAction,
}: {
  state: ClockState | undefined;
  busy: boolean;
  onAction: (action: ClockAction) => void;
}) {
  const current = state?.current ?? null;
  const allowed = allowedActions(state);
  return (
    <div className="time-clock">
      <p className="time-clock-state" role="status" aria-live="polite">
        <strong>{TT.state}: </strong>
        {current ? TT.states[current.state] : TT.states.none}
        {current && ` ${format(TT.since, { time: formatTime(current.start) })}`}
        {current && ` · ${format(TT.netToday, { duration: formatDuration(current.netMinutes) })}`}
      </p>
      <div className="time-clock-actions">
        {(['start', 'pause', 'resume', 'end'] as const).map((action) => (
          <button
            key={action}
            type="button"
            className={`time-clock-button time-clock-${action}`}
            disabled={busy || !allowed.includes(action)}
            onClick={() => onAction(action)}
          >
            {TT[action]}
          </button>
        ))}
      </div>
    </div>
  );
}
