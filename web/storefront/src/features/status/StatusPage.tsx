import {
  isOrderFinal,
  ORDER_STATUS_POLL_MS,
  pageTitle,
  shopDescription,
  showCounterProposal,
  text,
  ticketLabel,
  type PublicOrderLike,
} from '@shop/domain';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import type { PaymentMethod, PublicOrder, QuestionnaireInput } from '@shop/contracts';
import { api, ApiError, apiUrl } from '../../api/client';
import { useData } from '../../api/init';
import { usePageMeta } from '../../layout/meta';
import { selectBranch } from '../../state/selected-branch';
import { s } from '../checkout/texts';
import { InstallPrompt } from '../pwa/PwaLayer';
import { usePwa } from '../pwa/pwa';
import { CounterProposal, type CounterAnswer } from './CounterProposal';
import { OrderInfo, StatusBranch, Timeline } from './OrderInfo';
import { RatingPrompt } from './RatingPrompt';

const asLike = (o: PublicOrder): PublicOrderLike => ({ ...o, paymentMethod: o.paymentMethod as PaymentMethod });

/**
 * The public order of the link, polled until it is final, and the customer's two answers (to a counter-proposal,
 * the questionnaire): each shows the order the server answers with.
 */
function useOrderStatus() {
  const { uid, hash } = useParams();
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
  const show = (updated: PublicOrder) => mutate(updated, { revalidate: false }).then(() => undefined);
  const act = async (answer: CounterAnswer) =>
    show(await api.post(apiUrl(`/api/orders/public/{uid}/{hash}/${answer}`, link), {}));
  const rate = async (answers: QuestionnaireInput) =>
    show(await api.post(apiUrl('/api/orders/public/{uid}/{hash}/questionnaire', link), answers));
  return { order, error: error as unknown, act, rate };
}

/**
 * §2.8 status screen: heading (thanks or cancelled), Ticket / Bestellnummer, timeline, info block, branch
 * contact, optional app-install prompt, counter-appointment prompt and the rating questionnaire. §4 "The
 * public view is polled every 10 seconds until the order is completed, rejected, canceled or failed."
 */
export function StatusPage() {
  const data = useData();
  const { config } = data;
  const { order, error, act, rate } = useOrderStatus();
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
  const timeZone = branch?.timezone || config.timezone;
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
      <Timeline order={like} />
      <OrderInfo order={order} like={like} timeZone={timeZone} />
      {branch && <StatusBranch branch={branch} />}
      <RatingPrompt order={order} enabled={config.enablePluginOrderReviews} rate={rate} />
      {pwa.canOfferInstall && !pwa.selfService && <InstallPrompt inline />}
    </div>
  );
}
