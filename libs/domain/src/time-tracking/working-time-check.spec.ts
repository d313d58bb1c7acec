import { lawWarnings, WORKING_TIME_RULES } from './working-time-check.js';
import type { TimedActivity } from './working-time.js';

const TZ = 'Europe/Vienna';
/** a work activity on a local day in Vienna (winter time, +01:00) with optional pauses */
const work = (date: string, start: string, end: string | null, pauses: Array<[string, string | null]> = []) =>
  ({
    kind: 'work',
    start: `${date}T${start}:00+01:00`,
    end: end === null ? null : `${date}T${end}:00+01:00`,
    pauses: pauses.map(([s, e]) => ({ start: `${date}T${s}:00+01:00`, end: e && `${date}T${e}:00+01:00` })),
  }) satisfies TimedActivity;
const rules = (list: TimedActivity[], set: 'AT' | 'DE') => lawWarnings(list, set, TZ).map((w) => w.rule);

describe('issue 19: working-time law rules at their boundaries (warnings, never blocking)', () => {
  it('German rules: 07:43–16:44 with a 30-minute break is 8 h 31 min net and needs no more than 30 minutes', () => {
    expect(rules([work('2026-01-12', '07:43', '16:44', [['12:00', '12:30']])], 'DE')).toEqual([]);
  });
  it('German rules: 45 minutes only after more than 9 h net', () => {
    // 9 h 00 min net with 30 minutes: fine
    expect(rules([work('2026-01-12', '07:00', '16:30', [['12:00', '12:30']])], 'DE')).toEqual([]);
    // 9 h 01 min net with 30 minutes: 45 are due
    expect(rules([work('2026-01-12', '07:00', '16:31', [['12:00', '12:30']])], 'DE')).toEqual(['break']);
    expect(rules([work('2026-01-12', '07:00', '16:46', [['12:00', '12:45']])], 'DE')).toEqual([]);
  });
  it('30 minutes after more than 6 h net (Austria and Germany)', () => {
    for (const set of ['AT', 'DE'] as const) {
      expect(rules([work('2026-01-12', '08:00', '14:00')], set)).toEqual([]);
      expect(rules([work('2026-01-12', '08:00', '14:01')], set)).toEqual(['break']);
      expect(rules([work('2026-01-12', '08:00', '14:30', [['12:00', '12:29']])], set)).toEqual(['break']);
      expect(rules([work('2026-01-12', '08:00', '14:31', [['12:00', '12:30']])], set)).toEqual([]);
    }
  });
  it('a gap between two activities of the day counts as a break', () => {
    expect(rules([work('2026-01-12', '08:00', '12:00'), work('2026-01-12', '12:30', '16:30')], 'DE')).toEqual([]);
  });
  it('daily maximum: 10 h in Germany, 12 h in Austria (net)', () => {
    const day = (end: string) => [work('2026-01-12', '06:00', end, [['12:00', '12:45']])];
    expect(rules(day('16:45'), 'DE')).toEqual([]);
    expect(rules(day('16:46'), 'DE')).toEqual(['dailyMaximum']);
    expect(rules(day('18:45'), 'AT')).toEqual([]);
    expect(rules(day('18:46'), 'AT')).toEqual(['dailyMaximum']);
  });
  it('11 hours of daily rest between two working days', () => {
    const twoDays = (start: string) => [
      work('2026-01-12', '12:00', '22:00', [['16:00', '16:45']]),
      work('2026-01-13', start, '12:00'),
    ];
    expect(rules(twoDays('09:00'), 'AT')).toEqual([]);
    expect(rules(twoDays('08:59'), 'AT')).toEqual(['dailyRest']);
    expect(rules(twoDays('08:59'), 'DE')).toEqual(['dailyRest']);
  });
  it('weekly maximum of 60 h in Austria; none in the German rule set', () => {
    // Monday to Friday 12 h net each = 60 h: fine; one more minute on Friday: over
    const week = (lastEnd: string) =>
      ['2026-01-12', '2026-01-13', '2026-01-14', '2026-01-15', '2026-01-16'].map((d, i) =>
        work(d, '06:00', i === 4 ? lastEnd : '18:30', [['12:00', '12:30']]),
      );
    expect(rules(week('18:30'), 'AT')).toEqual([]);
    expect(rules(week('18:31'), 'AT')).toEqual(['dailyMaximum', 'weeklyMaximum']);
    expect(WORKING_TIME_RULES.DE.weeklyMaximum).toBeNull();
  });
  it('holidays and sick days are no working time', () => {
    expect(rules([{ ...work('2026-01-12', '00:00', '23:59'), kind: 'holiday' }], 'AT')).toEqual([]);
  });
  it('names the legal source and the figures in German', () => {
    const [w] = lawWarnings([work('2026-01-12', '08:00', '14:01')], 'DE', TZ);
    expect(w).toEqual({
      rule: 'break',
      date: '2026-01-12',
      source: '§ 4 ArbZG',
      message:
        'Bei 6 h 1 min Arbeitszeit ist eine Pause von mindestens 30 Minuten vorgeschrieben (0 Minuten genommen).',
    });
  });
});
