import type { ClockAction, ClockState } from '@shop/contracts';
import { formatDuration, formatTime } from '@shop/domain';
import { format } from '@shop/i18n-de';
import { TT } from './time-texts';
import './time-tracking.css';

const ACTIONS: ClockAction[] = ['start', 'pause', 'resume', 'end'];

/**
 * Which of the four actions the state allows (the server decides; this only enables the buttons). A state that is
 * not known (a terminal without network) allows all four: the server judges the queued event when it arrives.
 */
export function allowedActions(state: ClockState | undefined, unknown = false): ClockAction[] {
  if (unknown) return ACTIONS;
  const current = state?.current;
  if (!current) return ['start'];
  return current.state === 'paused' ? ['resume', 'end'] : ['pause', 'end'];
}

/** The current state and the four actions, large enough for a shared tablet. */
export function ClockPanel({
  state,
  unknown = false,
  busy,
  onAction,
}: {
  state: ClockState | undefined;
  /** the server could not be asked: the state is unknown and every action is offered */
  unknown?: boolean;
  busy: boolean;
  onAction: (action: ClockAction) => void;
}) {
  const current = unknown ? null : (state?.current ?? null);
  const allowed = allowedActions(state, unknown);
  return (
    <div className="time-clock">
      <p className="time-clock-state" role="status" aria-live="polite">
        <strong>{TT.state}: </strong>
        {unknown ? TT.stateUnknown : current ? TT.states[current.state] : TT.states.none}
        {current && ` ${format(TT.since, { time: formatTime(current.start) })}`}
        {current && ` · ${format(TT.netToday, { duration: formatDuration(current.netMinutes) })}`}
      </p>
      <div className="time-clock-actions">
        {ACTIONS.map((action) => (
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
