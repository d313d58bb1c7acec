import type { MenuBoard, PickupBoard, PlayerCredentials, PlayerSchedule, SignageCommand } from '@shop/contracts';
import { authorization } from './credentials';

const BASE = '/api/digital-signage-player';
const SCHEDULE_KEY = 'signage-player-schedule';

export class PlayerApiError extends Error {
  constructor(readonly status: number) {
    super(`player API answered ${status}`);
  }
}

/** The player's calls, signed with the device's identifier and key (HTTP Basic). */
export function playerApi(creds: PlayerCredentials) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers:
        body === undefined
          ? { authorization: authorization(creds) }
          : { authorization: authorization(creds), 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
    if (!res.ok) throw new PlayerApiError(res.status);
    return ((await res.json()) as { data: T }).data;
  };
  return {
    /** The schedule; a copy is kept so the screen plays it after a restart without network (the service worker keeps the media). */
    async schedule(): Promise<PlayerSchedule> {
      const schedule = await call<PlayerSchedule>('GET', '/schedule');
      localStorage.setItem(SCHEDULE_KEY, JSON.stringify(schedule));
      return schedule;
    },
    heartbeat: (body: { currentScene: number | null; isScreenOn: boolean | null }) =>
      call<{ at: string }>('POST', '/heartbeat', body),
    ack: (id: number) => call<SignageCommand>('POST', `/commands/${id}/ack`),
    result: (id: number, ok: boolean, result: string | null = null) =>
      call<SignageCommand>('POST', `/commands/${id}/result`, { ok, result }),
    pickup: () => call<PickupBoard>('GET', '/boards/pickup'),
    menu: () => call<MenuBoard>('GET', '/boards/menu'),
  };
}
export type PlayerApi = ReturnType<typeof playerApi>;

/** The schedule last played, for a start without network. */
export function cachedSchedule(): PlayerSchedule | null {
  try {
    return JSON.parse(localStorage.getItem(SCHEDULE_KEY) ?? 'null') as PlayerSchedule | null;
  } catch {
    return null;
  }
}
