import { activityState, netMinutes, type TimedActivity } from './working-time.js';

/** a work activity on a local day in Vienna (winter time, +01:00) with optional pauses */
const work = (date: string, start: string, end: string | null, pauses: Array<[string, string | null]> = []) =>
  ({
    kind: 'work',
    start: `${date}T${start}:00+01:00`,
    end: end === null ? null : `${date}T${end}:00+01:00`,
    pauses: pauses.map(([s, e]) => ({ start: `${date}T${s}:00+01:00`, end: e && `${date}T${e}:00+01:00` })),
  }) satisfies TimedActivity;

describe('issue 19: time clock state and net minutes', () => {
  it('is running, paused or ended from its end and pauses', () => {
    expect(activityState(work('2026-01-12', '08:00', null))).toBe('running');
    expect(activityState(work('2026-01-12', '08:00', null, [['10:00', null]]))).toBe('paused');
    expect(activityState(work('2026-01-12', '08:00', null, [['10:00', '10:15']]))).toBe('running');
    expect(activityState(work('2026-01-12', '08:00', '12:00'))).toBe('ended');
  });
  it('counts minutes net of pauses, an open one up to now', () => {
    expect(netMinutes(work('2026-01-12', '08:00', '16:30', [['12:00', '12:30']]))).toBe(480);
    const now = new Date('2026-01-12T11:00:00+01:00');
    expect(netMinutes(work('2026-01-12', '08:00', null, [['10:00', null]]), now)).toBe(120);
  });
});
