import type { PlayerCredentials, PlayerIdleReason, PlayerSchedule, SignageCommand } from '@shop/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Idle, idleReasonOf } from './Idle';
import { mediaUrls, precacheMedia } from './media-cache';
import { isScreenOn } from './playable';
import { cachedSchedule, PlayerApiError, playerApi, type PlayerApi } from './player-api';

import { connectPush, type PushMessage } from './push';
import { Region, type BoardVersions } from './Region';
import { screenshot } from './screenshot';
import { TEXTS } from './texts';

const HEARTBEAT_MS = 20_000;
const IDENTIFY_MS = 15_000;
const SCHEDULE_JITTER_MS = 1000;

/**
 * The schedule, kept for offline starts and read again by {@link refresh}; a command it brings (one sent while the
 * push stream was down) goes to `runRef`.
 */
function useSchedule(api: PlayerApi, onUnauthorized: () => void) {
  const [schedule, setSchedule] = useState<PlayerSchedule | null>(() => cachedSchedule());
  /** runs a command the schedule brings (one sent while the push stream was down) */
  const runRef = useRef<(command: SignageCommand) => Promise<void>>(async () => undefined);
  /**
   * the web segments' and the videos' origins of the first schedule this page read, i.e. those of its CSP frame-src
   * and media-src
   */
  const pageOrigins = useRef<string | null>(null);
  const refresh = useCallback(() => {
    api.schedule().then(
      (next) => {
        // a web segment or a video of a new origin needs a page whose CSP lists it: load the page again
        const origins = JSON.stringify([next.frameOrigins ?? [], next.mediaOrigins ?? []]);
        pageOrigins.current ??= origins;
        if (origins !== pageOrigins.current) {
          window.location.reload();
          return;
        }
        setSchedule(next);
        // its images and videos into the offline cache before they are shown
        void precacheMedia(mediaUrls(next, window.location.href));
        if (next.command) void runRef.current(next.command);
      },
      (err: unknown) => {
        if (err instanceof PlayerApiError && err.status === 401) onUnauthorized();
      },
    );
  }, [api, onUnauthorized]);
  return { schedule, refresh, runRef };
}

/**
 * The commands pushed to the screen (or brought by the schedule), each once: acknowledged at once, run, then
 * reported; the overrides they set (scene, screen on or off, the identify banner).
 */
function useCommands(api: PlayerApi, refresh: () => void, screen: RefObject<HTMLElement | null>) {
  const [screenOverride, setScreenOverride] = useState<boolean | null>(null);
  const [sceneOverride, setSceneOverride] = useState<number | null>(null);
  const [identify, setIdentify] = useState<number | null>(null);
  const seen = useRef(new Set<number>());
  const identifyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** ends the acks' and results' retries when the player unmounts */
  const unmounted = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    unmounted.current = controller;
    return () => controller.abort();
  }, []);

  const run = useCallback(
    async (command: SignageCommand) => {
      if (seen.current.has(command.id) || (command.state !== 'pending' && command.state !== 'acknowledged')) return;
      seen.current.add(command.id);
      const signal = unmounted.current.signal;
      const acked = await api.ack(command.id, signal).catch(() => null);
      if (acked && acked.state !== 'acknowledged') return; // aborted or expired meanwhile
      switch (command.type) {
        case 'reload':
          await api.result(command.id, true, null, signal).catch(() => undefined);
          window.location.reload();
          return;
        case 'show-scene':
          setSceneOverride(command.scene);
          refresh();
          break;
        case 'screen-on':
        case 'screen-off':
          setScreenOverride(command.type === 'screen-on');
          break;
        case 'identify':
          setIdentify(command.id);
          clearTimeout(identifyTimer.current);
          await new Promise<void>((resolve) => {
            identifyTimer.current = setTimeout(resolve, IDENTIFY_MS);
          });
          setIdentify((current) => (current === command.id ? null : current));
          break;
        case 'screenshot': {
          const shot = screen.current ? await screenshot(screen.current).catch(() => null) : null;
          await api.result(command.id, shot !== null, shot ?? TEXTS.screenshotFailed, signal).catch(() => undefined);
          return;
        }
      }
      await api.result(command.id, true, null, signal).catch(() => undefined);
    },
    [api, refresh, screen],
  );
  return { run, screenOverride, sceneOverride, identify, setIdentify };
}

/**
 * A heartbeat every 20 s (and at once on a change) with the scene shown, whether the screen is on and why it is
 * idle; and the clock of the power schedule.
 */
function useHeartbeat(api: PlayerApi, currentScene: number | null, screenOn: boolean, idle: PlayerIdleReason | null) {
  useEffect(() => {
    const beat = () => void api.heartbeat({ currentScene, isScreenOn: screenOn, idle }).catch(() => undefined);
    beat();
    const timer = setInterval(beat, HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [api, currentScene, screenOn, idle]);
}

function useClock() {
  const [clock, setClock] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setClock(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return clock;
}

/**
 * The screen: plays its scene from the schedule (kept for offline starts), follows the power schedule, runs the
 * commands pushed to it (acknowledged at once, then reported), beats every 20 s, and re-reads schedule and boards
 * when told. When the network or the server is gone it keeps playing what it has.
 */
export function Player({ creds, onUnauthorized }: { creds: PlayerCredentials; onUnauthorized: () => void }) {
  const api = useMemo(() => playerApi(creds), [creds]);
  const [connected, setConnected] = useState(false);
  const [boards, setBoards] = useState<BoardVersions>({ pickup: 0, menu: 0 });
  const clock = useClock();
  const screen = useRef<HTMLElement>(null);
  const { schedule, refresh, runRef } = useSchedule(api, onUnauthorized);
  const { run, screenOverride, sceneOverride, identify, setIdentify } = useCommands(api, refresh, screen);

  const onPush = useCallback(
    (m: PushMessage) => {
      if (m.type === 'hello') refresh();
      // a content change reaches every screen at once: spread their reads over a second
      else if (m.type === 'schedule') setTimeout(refresh, Math.random() * SCHEDULE_JITTER_MS);
      else if (m.type === 'command') void run(m.command);
      else if (m.type === 'abort') setIdentify((current) => (current === m.command.id ? null : current));
      else if (m.type === 'pickup' || m.type === 'menu') setBoards((b) => ({ ...b, [m.type]: b[m.type] + 1 }));
    },
    [refresh, run, setIdentify],
  );

  useEffect(() => connectPush(creds, onPush, setConnected, onUnauthorized), [creds, onPush, onUnauthorized]);
  useEffect(() => {
    runRef.current = run;
  }, [run, runRef]);

  const scene =
    (sceneOverride !== null ? schedule?.extraScenes.find((s) => s.id === sceneOverride) : null) ??
    schedule?.scene ??
    null;
  const screenOn = schedule ? isScreenOn(schedule, screenOverride, clock) : true;
  // before the first schedule there is nothing to say (a blank screen for a moment)
  const idle = schedule ? idleReasonOf(screenOn, screenOverride, scene !== null) : null;
  const timeZone = schedule?.timeZone ?? 'Europe/Vienna';
  useHeartbeat(api, scene?.id ?? null, screenOn, idle);

  return (
    <main
      ref={screen}
      className="player"
      data-connected={connected}
      data-screen={screenOn ? 'on' : 'off'}
      style={{ background: scene?.background ?? '#000' }}
    >
      {idle ? (
        <Idle reason={idle} now={clock} timeZone={timeZone} />
      ) : (
        scene?.regions.map((region, i) => (
          <Region key={`${scene.id}-${i}`} region={region} timeZone={timeZone} api={api} boards={boards} />
        ))
      )}
      {identify !== null && schedule && (
        <div className="identify" role="status">
          <strong>{schedule.device.name}</strong>
          <span>{schedule.device.identifier}</span>
        </div>
      )}
    </main>
  );
}
