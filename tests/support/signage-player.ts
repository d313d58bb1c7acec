import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { StaffClient } from './stack.js';

/** A simulated signage player: HTTP Basic with the device's identifier and key, its push stream read with fetch. */
export interface PlayerClient {
  /** every server-sent event received so far, oldest first */
  events: Array<{ event: string; data: Record<string, unknown>; at: number }>;
  request(method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): void;
}

export async function connectPlayer(baseUrl: string, identifier: string, key: string): Promise<PlayerClient> {
  const authorization = `Basic ${Buffer.from(`${identifier}:${key}`).toString('base64')}`;
  const abort = new AbortController();
  const events: PlayerClient['events'] = [];
  const res = await fetch(`${baseUrl}/api/digital-signage-player/events`, {
    headers: { authorization, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`player stream answered ${res.status}: ${await res.text()}`);
  const parser = createParser({
    onEvent: (m: EventSourceMessage) =>
      events.push({ event: m.event ?? 'message', data: JSON.parse(m.data), at: Date.now() }),
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        parser.feed(value);
      }
    } catch {
      /* closed */
    }
  })();
  return {
    events,
    async request(method, path, body) {
      const r = await fetch(`${baseUrl}/api/digital-signage-player${path}`, {
        method,
        headers: body === undefined ? { authorization } : { authorization, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    },
    close: () => abort.abort(),
  };
}

/** A scene at `path` with one full-screen region playing a new stream of these segments (created through the API): their ids. */
export async function fullScreenScene(
  admin: StaffClient,
  { path, name, segments }: { path: string; name: string; segments: number[] },
): Promise<{ id: number; streamId: number }> {
  const stream = (await admin.post('/api/digital-signage-streams', { name, segments }).expect(201)).body.data;
  const scene = (
    await admin.post('/api/scenes', { path, name, regions: [{ name: 'Vollbild', stream: stream.id }] }).expect(201)
  ).body.data;
  return { id: scene.id, streamId: stream.id };
}

/** A TV of the branch showing the scene, switched on around the clock whatever the clock says. */
export async function alwaysOnTv(
  admin: StaffClient,
  { identifier, name, branch, scene }: { identifier: string; name: string; branch: number; scene: number },
): Promise<{ id: number; identifier: string; key: string }> {
  return (
    await admin
      .post('/api/digital-signage-devices', {
        identifier,
        name,
        branch,
        scene,
        powerSchedule: [{ type: 'daily', from: '00:00', to: '24:00' }],
      })
      .expect(201)
  ).body.data;
}
