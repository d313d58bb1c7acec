import { useEffect, useRef, useState } from 'react';

export interface OrderEvent {
  id: number;
  branch: number;
  verb: 'created' | 'updated';
  change: string;
  at: string;
}

export const ORDER_EVENTS_URL = '/api/backoffice/order-events';

/**
 * Live order changes by server-sent events (gateway: GET /api/backoffice/order-events). `onChange` is called
 * for every event and after a reconnect (anything may have changed meanwhile). Returns whether the stream is up;
 * the board polls more often while it is not.
 */
export function useOrderEvents(onChange: (event: OrderEvent | null) => void): boolean {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onChange);
  // eslint-disable-next-line react-hooks/refs -- the newest callback for an event source that lives across renders
  handler.current = onChange;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(ORDER_EVENTS_URL);
    let wasOpen = false;
    source.onopen = () => {
      setConnected(true);
      // a reconnect may have missed events
      if (wasOpen) handler.current(null);
      wasOpen = true;
    };
    source.onerror = () => setConnected(false);
    source.addEventListener('order', (e) => {
      try {
        handler.current(JSON.parse((e as MessageEvent<string>).data) as OrderEvent);
      } catch {
        handler.current(null);
      }
    });
    source.addEventListener('reset', () => handler.current(null));
    return () => source.close();
  }, []);
  return connected;
}
