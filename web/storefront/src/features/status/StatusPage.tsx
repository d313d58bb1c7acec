import {
  canSendQuestionnaire,
  formatDate,
  pageTitle,
  shopDescription,
  TEXTAREA_ROWS,
  formatTime,
  isOrderFinal,
  ORDER_STATUS_POLL_MS,
  orderStatusLabel,
  orderTimeline,
  questionnairePayload,
  RATING_FIELDS,
  RATING_MAX,
  RATING_MIN,
  showCounterProposal,
  showQuestionnaireComment,
  showRatingPrompt,
  text,
  ticketLabel,
  type PublicOrderLike,
  type Questionnaire,
  type RatingField,
} from '@shop/domain';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import type { PaymentMethod, PublicOrder, QuestionnaireInput } from '@shop/contracts';
import { api, ApiError, apiUrl } from '../../api/client';
import { useData } from '../../api/init';
import { usePageMeta } from '../../layout/meta';
import { selectBranch } from '../../state/selected-branch';
import { s } from '../../texts';
import { telUrl } from '@shop/web-shared';
import { paymentLabel } from '../checkout/payment-label';
import { InstallPrompt } from '../pwa/PwaLayer';
import { usePwa } from '../pwa/pwa';
import { methodLabel } from '../store/use-branch-order';

const asLike = (o: PublicOrder): PublicOrderLike => ({ ...o, paymentMethod: o.paymentMethod as PaymentMethod });

/** The customer's answers to a counter-proposal (§2.8). */
type CounterAnswer = 'confirm-counter-appointment' | 'reject-counter-appointment';

/**
 * §2.8 status screen: heading (thanks or cancelled), Ticket / Bestellnummer, timeline, info block, branch
 * contact, optional app-install prompt, counter-appointment prompt and the rating questionnaire. §4 "The
 * public view is polled every 10 seconds until the order is completed, rejected, canceled or failed."
 */
export function StatusPage() {
  const { uid, hash } = useParams();
  const data = useData();
  const { config } = data;
  const link = { uid: uid ?? '', hash: hash ?? '' };
  const key = apiUrl('/api/orders/public/{uid}/{hash}', link);
  const {
    data: order,
    error,
    mutate,
  } = useSWR(key, (url) => api.get(url), {
    refreshInterval: (latest) => (latest && isOrderFinal(latest) ? 0 : ORDER_STATUS_POLL_MS),
    revalidateOnFocus: false,
    dedupingInterval: 1000,
  });
  usePageMeta({ title: pageTitle(config, s('statusTitle')), description: shopDescription(config) });
  const branch = order ? data.branches.find((b) => b.id === order.branch.id) : undefined;
  useEffect(() => selectBranch(branch?.identifier ?? null), [branch?.identifier]);
  const pwa = usePwa();

  if (!order) {
    return (
      <div className="container page page--center">
        <h1>{s('statusTitle')}</h1>
        {error ? (
          <p role="alert">
            {error instanceof ApiError && error.status === 404 ? s('orderNotFound') : text('unknownError')}
          </p>
        ) : (
          <p role="status">{s('loading')}</p>
        )}
      </div>
    );
  }

  const like = asLike(order);
  const canceled = order.isRejected || order.isCanceled || order.isFailed;
  const timeline = orderTimeline(like);
  const timeZone = branch?.timezone || config.timezone;
  const method = order.isDelivery ? 'delivery' : order.isDineIn ? 'dineIn' : 'takeaway';
  // the appointment in force: an accepted counter-proposal replaces it (appointmentDate stays the one asked for)
  const appointment = order.appointment ?? order.appointmentDate;
  const show = (updated: PublicOrder) => mutate(updated, { revalidate: false }).then(() => undefined);
  const act = async (answer: CounterAnswer) =>
    show(await api.post(apiUrl(`/api/orders/public/{uid}/{hash}/${answer}`, link), {}));
  const rate = async (answers: QuestionnaireInput) =>
    show(await api.post(apiUrl('/api/orders/public/{uid}/{hash}/questionnaire', link), answers));

  return (
    <div className="container page status">
      <h1>{canceled ? text('orderCanceledHeading') : s('thankYou')}</h1>
      {canceled && order.rejectionMessage && <p className="hint hint--error">{order.rejectionMessage}</p>}
      <p className="status__ticket">
        <span>{ticketLabel(config.disableTickets)}</span>{' '}
        <strong data-testid="ticket-number">{order.ticketNumber}</strong>
      </p>

      {showCounterProposal(like) && order.counterAppointment && (
        <CounterProposal at={order.counterAppointment} timeZone={timeZone} act={act} />
      )}

      <ol className="timeline" aria-label={s('statusLabel')}>
        {timeline.map((step) => (
          <li
            key={step.stage}
            className={`timeline__step${
              // a cancelled order's one step is no success: no green tick
              step.stage === 'canceled' ? ' timeline__step--canceled' : step.isDone ? ' timeline__step--done' : ''
            }${step.isCurrent ? ' timeline__step--current' : ''}`}
            aria-current={step.isCurrent ? 'step' : undefined}
          >
            {step.label}
          </li>
        ))}
      </ol>

      <dl className="info">
        {!config.disableTickets && (
          <div>
            <dt>{text('orderNumber')}</dt>
            <dd>{order.id}</dd>
          </div>
        )}
        <div>
          <dt>{s('payment')}</dt>
          <dd>{paymentLabel(order.paymentMethod)}</dd>
        </div>
        <div>
          <dt>{s('deliveryType')}</dt>
          <dd>{methodLabel(method)}</dd>
        </div>
        {order.tableIdentifier && (
          <div>
            {/* a row of its own: table names often say 'Tisch' themselves ('Tisch Tisch 3' before) */}
            <dt>{s('table')}</dt>
            <dd data-testid="order-table">
              {data.tables.find((t) => t.identifier === order.tableIdentifier && t.branch === order.branch.id)?.name ??
                order.tableIdentifier}
            </dd>
          </div>
        )}
        {appointment && (
          <div>
            <dt>{s('appointment')}</dt>
            <dd data-testid="order-appointment">
              {formatDate(appointment, timeZone)} {formatTime(appointment, timeZone)}
            </dd>
          </div>
        )}
        <div>
          <dt>{s('statusLabel')}</dt>
          <dd data-testid="order-status">{orderStatusLabel(like)}</dd>
        </div>
      </dl>

      {branch && (
        <section className="status__branch" aria-labelledby="status-branch">
          <h2 id="status-branch">{s('branchContact')}</h2>
          <p>
            <strong>{branch.name}</strong>
            <br />
            {branch.street}, {[branch.zipCode, branch.city].filter(Boolean).join(' ')}
          </p>
          {branch.phone && (
            <p>
              <a className="button button--secondary" href={telUrl(branch.phone)}>
                {s('call')}: {branch.phone}
              </a>
            </p>
          )}
        </section>
      )}

      <RatingPrompt order={order} enabled={config.enablePluginOrderReviews} rate={rate} />

      {pwa.canOfferInstall && !pwa.selfService && <InstallPrompt inline />}
    </div>
  );
}

function CounterProposal({
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
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void run('reject-counter-appointment')}
            >
              {s('counterRejectConfirm')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
              {s('counterRejectBack')}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void run('confirm-counter-appointment')}
          >
            {s('counterProposalAccept')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {text('counterProposalReject')}
          </button>
        </div>
      )}
      {failed && <p role="alert">{text('unknownError')}</p>}
    </section>
  );
}

const dismissKey = (uid: string) => `rating-dismissed:${uid}`;

/** §4 "Rating prompt shows only when the reviews plugin is on, the order is completed, no rating exists, and the user has not dismissed the prompt." §5 questionnaire. */
function RatingPrompt({
  order,
  enabled,
  rate,
}: {
  order: PublicOrder;
  enabled: boolean;
  rate: (answers: QuestionnaireInput) => Promise<void>;
}) {
  const [dismissed, setDismissed] = useState(() => {
    try {
      return localStorage.getItem(dismissKey(order.uid)) === 'true';
    } catch {
      return false;
    }
  });
  const [q, setQ] = useState<Questionnaire>({
    rating: 0,
    foodRating: 0,
    serviceRating: 0,
    processRating: 0,
    comment: '',
  });
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (sent)
    return (
      <p className="hint" role="status">
        {s('ratingThanks')}
      </p>
    );
  if (!showRatingPrompt({ reviewsPluginEnabled: enabled, order, dismissed })) return null;
  return (
    <section className="rating" aria-labelledby="rating-title">
      <h2 id="rating-title">{s('ratingHeading')}</h2>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!canSendQuestionnaire(q)) return;
          try {
            await rate(questionnairePayload(q));
            setSent(true);
          } catch (err) {
            // the catalogue's text, then the server's reason when it gave one ('… erst nach Abschluss …')
            const reason = err instanceof ApiError && err.status < 500 ? err.message : '';
            setError(reason ? `${s('ratingFailed')} ${reason}` : s('ratingFailed'));
          }
        }}
      >
        {RATING_FIELDS.map((field) => (
          <Stars
            key={field}
            field={field}
            value={q[field] ?? 0}
            onChange={(v) => setQ((x) => ({ ...x, [field]: v }))}
          />
        ))}
        {showQuestionnaireComment(q) && (
          <div className="field">
            <label htmlFor="rating-comment">{s('ratingComment')}</label>
            <textarea
              id="rating-comment"
              rows={TEXTAREA_ROWS}
              value={q.comment ?? ''}
              onChange={(e) => setQ((x) => ({ ...x, comment: e.target.value }))}
            />
          </div>
        )}
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="button" disabled={!canSendQuestionnaire(q)}>
            {s('ratingSend')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              try {
                localStorage.setItem(dismissKey(order.uid), 'true');
              } catch {
                /* private mode */
              }
              setDismissed(true);
            }}
          >
            {s('ratingDismiss')}
          </button>
        </div>
      </form>
    </section>
  );
}

function Stars({ field, value, onChange }: { field: RatingField; value: number; onChange: (v: number) => void }) {
  const values = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);
  return (
    <fieldset className="stars">
      <legend>{s(field)}</legend>
      {values.map((n) => (
        <label key={n} className={`star${n <= value ? ' star--on' : ''}`}>
          <input
            type="radio"
            name={field}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
            className="visually-hidden-input"
          />
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">{s('stars', { n })}</span>
        </label>
      ))}
    </fieldset>
  );
}
