import {
  withPlayerRetry,
  type MenuBoard,
  type PickupBoard,
  type PlayerCredentials,
  type PlayerHeartbeatInput,
  type PlayerSchedule,
  type SignageCommand,
} from '@shop/contracts';
import { playerHeaders } from './credentials';

const BASE = '/api/digital-signage-player';
const SCHEDULE_KEY = 'signage-player-schedule';

export class PlayerApiError extends Error {
  constructor(readonly status: number) {
    super(`player API answered ${status}`);
  }
}

/** the status of a failed call; null when there was no answer (network gone, server down) */
export const statusOf = (err: unknown): number | null => (err instanceof PlayerApiError ? err.status : null);

/** The player's calls, signed with the device's identifier and key (HTTP Basic). */
export function playerApi(creds: PlayerCredentials) {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers:
        body === undefined ? playerHeaders(creds) : { ...playerHeaders(creds), 'content-type': 'application/json' },
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
    heartbeat: (body: PlayerHeartbeatInput) => call<{ at: string }>('POST', '/heartbeat', body),
    /**
     * The command received; repeated per PLAYER_RETRY while there is no answer or a 5xx (the service treats a
     * repeated ack as a no-op). The answer is the command as it stands: aborted or expired ones are not run.
     */
    ack: (id: number, signal?: AbortSignal) =>
      withPlayerRetry(() => call<SignageCommand>('POST', `/commands/${id}/ack`), { statusOf, signal }),
    /** The command's outcome, repeated as the ack is (a repeated report changes nothing). */
    result: (id: number, ok: boolean, result: string | null = null, signal?: AbortSignal) =>
      withPlayerRetry(() => call<SignageCommand>('POST', `/commands/${id}/result`, { ok, result }), {
        statusOf,
        signal,
      }),
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
