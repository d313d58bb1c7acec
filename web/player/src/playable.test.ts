import type { PlayerSegment } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { isScreenOn, playableSegments } from './playable';
import { reconnectDelay } from './push';

const segment = (id: number, daypart: PlayerSegment['daypart']): PlayerSegment => ({
  id,
  type: 'text',
  name: `S${id}`,
  url: null,
  text: 'x',
  durationSeconds: 5,
  daypart,
  transition: 'none',
});
const mondayMorning = [{ type: 'monday' as const, date: null, from: '06:00', to: '11:00', isClosed: false }];
// Monday 2026-11-23, 09:00 and 14:00 in Vienna
const at9 = new Date('2026-11-23T08:00:00Z');
const at14 = new Date('2026-11-23T13:00:00Z');

describe('player rules', () => {
  it('plays a segment only within its daypart; one without plays always', () => {
    const list = [segment(1, mondayMorning), segment(2, null)];
    expect(playableSegments(list, at9, 'Europe/Vienna').map((s) => s.id)).toEqual([1, 2]);
    expect(playableSegments(list, at14, 'Europe/Vienna').map((s) => s.id)).toEqual([2]);
  });

  it('follows the power schedule unless a screen command overrides it', () => {
    const schedule = { powerSchedule: mondayMorning, timeZone: 'Europe/Vienna' };
    expect(isScreenOn(schedule, null, at9)).toBe(true);
    expect(isScreenOn(schedule, null, at14)).toBe(false);
    expect(isScreenOn(schedule, true, at14)).toBe(true);
    expect(isScreenOn({ powerSchedule: null, timeZone: 'Europe/Vienna' }, null, at14)).toBe(true);
  });

  it('reconnects with exponential backoff and full jitter, capped at a minute', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(20, () => 1)).toBe(60_000);
    expect(new Set([0.1, 0.5, 0.9].map((r) => reconnectDelay(5, () => r))).size).toBe(3);
  });
});
