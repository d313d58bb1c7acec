import { formatDateTime } from '@shop/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { api, apiUrl } from '../../api/client';
import { f, resourceFailure, T } from '../../texts';
import { LoadError } from '../../ui/notices';
import { alertSound, useSoundBlocked } from './alert-sound';
import { BranchFilter } from './BranchFilter';
import { OrderCard, ticketLabel } from './OrderCard';
import type { StaffOrder } from './order-api';
import { useOrderEvents } from './use-order-events';
import { ViewSettings } from './ViewSettings';

const SOUND_KEY = 'backoffice.sound';
const isOrderKey = (key: unknown) => typeof key === 'string' && key.startsWith('/api/orders');

/** Reloads every order list and order on screen (after an event, an action or a reconnect). */
export function useReloadOrders() {
  const { mutate } = useSWRConfig();
  return useCallback(() => void mutate(isOrderKey), [mutate]);
}

/** The alert sound, on unless switched off in this browser (kept in localStorage), and whether it is blocked. */
function useAlertSound() {
  const [sound, setSound] = useState(() => localStorage.getItem(SOUND_KEY) !== '0');
  const blocked = useSoundBlocked();
  // know before the first order whether the browser would play the tones
  useEffect(() => {
    if (sound) alertSound.prepare();
  }, [sound]);
  const toggle = () => {
    const next = !sound;
    setSound(next);
    localStorage.setItem(SOUND_KEY, next ? '1' : '0');
    if (next) void alertSound.unlock();
  };
  return { sound, blocked, toggle };
}

/** New orders: open ones that appear after the first load of this list, with the sound when it is on. */
function useNewOrders(orders: StaffOrder[] | undefined, key: string, sound: boolean) {
  const [alerts, setAlerts] = useState<StaffOrder[]>([]);
  const seen = useRef<{ key: string; ids: Set<number> } | null>(null);
  useEffect(() => {
    if (!orders) return;
    const ids = new Set(orders.map((o) => o.id));
    const previous = seen.current;
    if (previous && previous.key === key) {
      const fresh = orders.filter((o) => !previous.ids.has(o.id) && o.status === 'open');
      if (fresh.length > 0) {
        setAlerts((all) => [...all, ...fresh.filter((o) => !all.some((a) => a.id === o.id))]);
        if (sound) void alertSound.play();
      }
      for (const id of previous.ids) ids.add(id);
    }
    seen.current = { key, ids };
  }, [orders, key, sound]);
  useEffect(() => {
    document.title = `${alerts.length > 0 ? `(${alerts.length}) ` : ''}${T.orders.boardTitle} – ${T.app.title}`;
  }, [alerts.length]);
  return [alerts, setAlerts] as const;
}

/** The alert for new orders, until acknowledged. */
function NewOrdersAlert({ alerts, onAcknowledge }: { alerts: StaffOrder[]; onAcknowledge: () => void }) {
  if (alerts.length === 0) return null;
  return (
    <div className="new-order-alert" role="alert">
      <strong>
        {alerts.length === 1
          ? f(T.orders.newOrder, { ticket: ticketLabel(alerts[0]) })
          : f(T.orders.newOrders, { count: alerts.length })}
      </strong>
      {alerts.length > 1 && <span> ({alerts.map((a) => ticketLabel(a)).join(', ')})</span>}
      <button type="button" onClick={onAcknowledge}>
        {T.orders.acknowledge}
      </button>
    </div>
  );
}

/** Orders whose customer declined the counter-proposal (they left the board), until acknowledged. */
function DeclinedAlert({ declined, onAcknowledge }: { declined: StaffOrder[]; onAcknowledge: () => void }) {
  if (declined.length === 0) return null;
  return (
    <div className="declined-alert" role="alert">
      <ul>
        {declined.map((o) => (
          <li key={o.id}>
            {f(T.orders.counterDeclinedAlert, {
              ticket: ticketLabel(o),
              when: o.answeredCounterAppointment ? formatDateTime(o.answeredCounterAppointment) : '',
            })}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onAcknowledge}>
        {T.orders.acknowledge}
      </button>
    </div>
  );
}

/**
 * The live order board (issue 7): current orders of the user's branches, updated by server-sent events
 * (polling as a fallback), with an audible and visible alert for every new order.
 */
export function OrderBoard() {
  const [params, setParams] = useSearchParams();
  const branch = params.get('branch') ?? '';
  const key = apiUrl('/api/orders/current', {}, { branch });
  const missedKey = apiUrl('/api/orders/missed', {}, { branch });
  const reload = useReloadOrders();
  // a declined counter-proposal cancels the order, which leaves the board: say so until acknowledged
  const [declined, setDeclined] = useState<StaffOrder[]>([]);
  const connected = useOrderEvents((event) => {
    reload();
    if (event?.change === 'counter-rejected')
      void api.get(apiUrl('/api/orders/{id}', { id: event.id })).then(
        (o) => setDeclined((all) => [...all.filter((a) => a.id !== o.id), o]),
        () => undefined,
      );
  });
  const {
    data: orders,
    error,
    mutate,
  } = useSWR(key, (url) => api.get(url), {
    refreshInterval: connected ? 60_000 : 10_000,
    keepPreviousData: true,
  });
  const failedReceipts = (orders ?? []).filter((o) => o.receipt === 'failed');
  const { data: missed } = useSWR(missedKey, (url) => api.get(url), { refreshInterval: 60_000 });
  const { sound, blocked, toggle } = useAlertSound();
  const [alerts, setAlerts] = useNewOrders(orders, key, sound);

  return (
    <section className="order-board">
      <div className="page-header">
        <h1>{T.orders.boardTitle}</h1>
        <span className={`live ${connected ? 'on' : 'off'}`} role="status">
          {connected ? T.orders.live : T.orders.liveOff}
        </span>
        <BranchFilter value={branch} onChange={(e) => setParams(e.target.value ? { branch: e.target.value } : {})} />
        <ViewSettings />
        <button type="button" aria-pressed={sound} onClick={toggle}>
          {sound ? T.orders.soundOn : T.orders.soundOff}
        </button>
        {missed && missed.length > 0 && (
          <Link className="missed-link" to="/orders/missed">
            {T.nav.missedOrders}: {missed.length}
          </Link>
        )}
      </div>
      {sound && blocked && (
        <div className="sound-hint" role="status">
          <span>{T.orders.soundBlocked}</span>
          <button type="button" onClick={() => void alertSound.unlock()}>
            {T.orders.soundUnlock}
          </button>
        </div>
      )}
      <NewOrdersAlert alerts={alerts} onAcknowledge={() => setAlerts([])} />
      <DeclinedAlert declined={declined} onAcknowledge={() => setDeclined([])} />
      {failedReceipts.length > 0 && (
        <p className="receipts-failed" role="status">
          {f(T.orders.receiptsFailed, { tickets: failedReceipts.map((o) => ticketLabel(o)).join(', ') })}
        </p>
      )}
      {error && !orders && (
        <LoadError message={resourceFailure('orders', 'load')} retry={() => mutate()} error={error} />
      )}
      {!orders && !error && <p role="status">{T.app.loading}</p>}
      {orders && orders.length === 0 && <p>{T.orders.empty}</p>}
      <div className="order-grid">
        {orders?.map((o) => (
          <OrderCard key={o.id} order={o} onChanged={reload} highlight={alerts.some((a) => a.id === o.id)} />
        ))}
      </div>
    </section>
  );
}
