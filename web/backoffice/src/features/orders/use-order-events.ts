import { useEventSource } from '../../api/use-event-source';

export interface OrderEvent {
  id: number;
  branch: number;
  verb: 'created' | 'updated';
  change: string;
  at: string;
}

export const ORDER_EVENTS_URL = '/api/backoffice/order-events';

const orderEvent = (data: unknown) => data as OrderEvent;

/**
 * Live order changes by server-sent events (gateway: GET /api/backoffice/order-events). `onChange` is called
 * for every event and after a reconnect (anything may have changed meanwhile). Returns whether the stream is up;
 * the board polls more often while it is not.
 */
export function useOrderEvents(onChange: (event: OrderEvent | null) => void): boolean {
  return useEventSource(ORDER_EVENTS_URL, 'order', orderEvent, onChange);
}
