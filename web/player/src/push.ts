import type { PlayerCredentials, PlayerPush } from '@shop/contracts';
import { createParser } from 'eventsource-parser';
import { playerHeaders } from './credentials';

export type PushMessage = PlayerPush | { type: 'hello'; device: number };

/** 1 s, 2 s, 4 s … up to 60 s, with full jitter: a thousand screens after an outage do not all come back at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const cap = Math.min(60_000, 1000 * 2 ** Math.min(attempt, 16));
  return Math.round(500 + random() * (cap - 500));
}

/**
 * The push channel: server-sent events read with fetch (so the key goes in the Authorization header, not the URL,
 * and reconnecting is ours: backoff with jitter instead of EventSource's fixed retry). Calls `onOpen(false)` when
 * the stream drops and `onOpen(true)` on each (re)connect. Answers a stop function.
 */
export function connectPush(
  creds: PlayerCredentials,
  onMessage: (m: PushMessage) => void,
  onOpen: (open: boolean) => void,
  onUnauthorized: () => void,
): () => void {
  let stopped = false;
  let attempt = 0;
  let abort: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async () => {
    abort = new AbortController();
    try {
      const res = await fetch('/api/digital-signage-player/events', {
        headers: { ...playerHeaders(creds), accept: 'text/event-stream' },
        signal: abort.signal,
        cache: 'no-store',
      });
      if (res.status === 401) return onUnauthorized();
      if (!res.ok || !res.body) throw new Error(`push stream answered ${res.status}`);
      attempt = 0;
      onOpen(true);
      const parser = createParser({ onEvent: (e) => onMessage(JSON.parse(e.data) as PushMessage) });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(value);
      }
    } catch {
      /* network gone or stopped: retried below */
    }
    if (stopped) return;
    onOpen(false);
    timer = setTimeout(() => void run(), reconnectDelay(attempt++));
  };
  void run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    abort?.abort();
  };
}
