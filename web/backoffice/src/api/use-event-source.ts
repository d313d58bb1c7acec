import { useEffect, useRef, useState } from 'react';

/**
 * Live changes by server-sent events (the gateway's staff streams: order events, TV events): `onChange` is called
 * with each `event`'s data as `parse` reads it, and with null when anything may have changed: after a reconnect
 * (events may have been missed), on the stream's `reset` (a gap upstream) and for data `parse` cannot read (it
 * throws). Returns whether the stream is up; callers poll more often while it is not. Without EventSource (an old
 * browser, a test without one) it stays down and never calls.
 */
export function useEventSource<T>(
  url: string,
  event: string,
  parse: (data: unknown) => T,
  onChange: (change: T | null) => void,
): boolean {
  const [connected, setConnected] = useState(false);
  const latest = useRef({ parse, onChange });
  // eslint-disable-next-line react-hooks/refs -- the newest callbacks for an event source that lives across renders
  latest.current = { parse, onChange };

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(url);
    const changed = (change: T | null) => latest.current.onChange(change);
    let wasOpen = false;
    source.onopen = () => {
      setConnected(true);
      if (wasOpen) changed(null);
      wasOpen = true;
    };
    source.onerror = () => setConnected(false);
    source.addEventListener(event, (e) => {
      let change: T;
      try {
        change = latest.current.parse(JSON.parse((e as MessageEvent<string>).data));
      } catch {
        return changed(null);
      }
      changed(change);
    });
    source.addEventListener('reset', () => changed(null));
    return () => source.close();
  }, [url, event]);
  return connected;
}
