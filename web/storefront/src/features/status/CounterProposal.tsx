import { formatDate, formatTime, text } from '@shop/domain';
import { useState } from 'react';
import { s } from '../checkout/texts';

/** The customer's answers to a counter-proposal (§2.8). */
export type CounterAnswer = 'confirm-counter-appointment' | 'reject-counter-appointment';

/** A button of the counter-proposal's rows. */
function ActionButton({
  label,
  secondary = false,
  disabled,
  onClick,
}: {
  label: string;
  secondary?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={secondary ? 'button button--secondary' : 'button'}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

/** §2.8 the branch proposes another time: accept it, or decline (which cancels the order, after one more tap). */
export function CounterProposal({
  at,
  timeZone,
  act,
}: {
  at: string;
  timeZone: string;
  act: (answer: CounterAnswer) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // declining cancels the order for good: one more tap to confirm
  const [confirming, setConfirming] = useState(false);
  const run = async (answer: CounterAnswer) => {
    setBusy(true);
    setFailed(false);
    setConfirming(false);
    try {
      await act(answer);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="hint hint--warning counter" aria-labelledby="counter-title">
      <h2 id="counter-title">
        {s('counterProposal', { date: formatDate(at, timeZone), time: formatTime(at, timeZone) })}
      </h2>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="counter-reject-question" className="counter__confirm">
          <p id="counter-reject-question">{s('counterRejectQuestion')}</p>
          <div className="actions">
            <ActionButton
              label={s('counterRejectConfirm')}
              disabled={busy}
              onClick={() => void run('reject-counter-appointment')}
            />
            <ActionButton label={s('counterRejectBack')} secondary onClick={() => setConfirming(false)} />
          </div>
        </div>
      ) : (
        <div className="actions">
          <ActionButton
            label={s('counterProposalAccept')}
            disabled={busy}
            onClick={() => void run('confirm-counter-appointment')}
          />
          <ActionButton
            label={text('counterProposalReject')}
            secondary
            disabled={busy}
            onClick={() => setConfirming(true)}
          />
        </div>
      )}
      {failed && <p role="alert">{text('unknownError')}</p>}
    </section>
  );
}
