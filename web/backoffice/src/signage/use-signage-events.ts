import { useEventSource } from '../api/use-event-source';

export const SIGNAGE_EVENTS_URL = '/api/digital-signage-devices/events';

const deviceOf = (data: unknown) => {
  const { device } = data as { device: unknown };
  if (typeof device !== 'number') throw new TypeError('no device');
  return device;
};

/**
 * Live changes of the TVs by server-sent events (gateway: GET /api/digital-signage-devices/events): `onChange` is
 * called with the TV whose command, record or idle reason changed, and with null after a reconnect or a `reset`
 * (anything may have changed). Returns whether the stream is up; the list polls more often while it is not.
 */
export function useSignageEvents(onChange: (device: number | null) => void): boolean {
  return useEventSource(SIGNAGE_EVENTS_URL, 'device', deviceOf, onChange);
}
