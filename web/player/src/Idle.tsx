import type { PlayerIdleReason } from '@shop/contracts';
import { TEXTS } from './texts';

/**
 * Why the screen shows its idle screen instead of its scene (reported with the heartbeat; the back office's TV list
 * names it): a screen-off command, its power schedule (outside the hours), or no scene; null while it plays.
 */
export function idleReasonOf(
  screenOn: boolean,
  screenOverride: boolean | null,
  hasScene: boolean,
): PlayerIdleReason | null {
  if (!screenOn) return screenOverride === false ? 'screen-off' : 'outside-schedule';
  return hasScene ? null : 'no-scene';
}

/** hours and minutes in the TV's time zone, as on a station clock */
export const clockText = (now: Date, timeZone: string) =>
  new Intl.DateTimeFormat('de-AT', { hour: '2-digit', minute: '2-digit', timeZone }).format(now);

/** A calm mark (no brand asset ships with the player): a screen with a play sign. */
function Logo() {
  return (
    <svg className="idle-logo" viewBox="0 0 64 48" aria-hidden="true" focusable="false">
      <rect x="2" y="2" width="60" height="38" rx="5" fill="none" stroke="currentColor" strokeWidth="3" />
      <path d="M27 13 L41 21 L27 29 Z" fill="currentColor" />
      <path d="M22 46 H42" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The idle screen: the mark and the clock, dim, nothing moving but the minutes (a TV outside its hours or switched
 * off by a command, or one without a scene, which says so for whoever sets it up).
 */
export function Idle({ reason, now, timeZone }: { reason: PlayerIdleReason; now: Date; timeZone: string }) {
  return (
    <div className="idle" role="status" aria-label={TEXTS.idle} data-idle={reason}>
      <Logo />
      <time className="idle-clock" dateTime={now.toISOString()}>
        {clockText(now, timeZone)}
      </time>
      {reason === 'no-scene' && <p className="notice">{TEXTS.noScene}</p>}
    </div>
  );
}
