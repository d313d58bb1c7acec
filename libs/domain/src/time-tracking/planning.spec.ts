import { planConflicts } from './planning.js';

const TZ = 'Europe/Vienna';
const shift = (user: number, date: string, start: string, end: string, breakMinutes = 30) => ({
  user,
  date,
  start,
  end,
  breakMinutes,
});

describe('issue 19: the week planner shows conflicts and law warnings in German', () => {
  it('a plan within the rules has none', () => {
    expect(
      planConflicts([shift(1, '2026-01-12', '08:00', '16:30'), shift(1, '2026-01-13', '08:00', '16:30')], 'AT', TZ),
    ).toEqual([]);
  });
  it('overlapping shifts of one person (not of two people)', () => {
    const conflicts = planConflicts(
      [
        shift(1, '2026-01-12', '08:00', '12:00', 0),
        shift(1, '2026-01-12', '11:00', '15:00', 0),
        shift(2, '2026-01-12', '08:00', '12:00', 0),
      ],
      'AT',
      TZ,
    );
    expect(conflicts.filter((c) => c.rule === 'overlap')).toEqual([
      {
        user: 1,
        date: '2026-01-12',
        rule: 'overlap',
        message: 'Die Schichten 08:00–12:00 und 11:00–15:00 am 12.01.2026 überschneiden sich.',
      },
    ]);
  });
  it('the law rules on the plan: too short a break, too little rest, too long a day', () => {
    const rules = planConflicts(
      [
        shift(1, '2026-01-12', '08:00', '15:00', 0),
        shift(1, '2026-01-12', '16:00', '23:00', 30),
        shift(1, '2026-01-13', '06:00', '14:00', 30),
      ],
      'AT',
      TZ,
    ).map((c) => [c.date, c.rule]);
    expect(rules).toEqual([
      ['2026-01-12', 'dailyMaximum'],
      ['2026-01-13', 'dailyRest'],
    ]);
    const noBreak = planConflicts([shift(3, '2026-01-14', '08:00', '15:00', 0)], 'DE', TZ);
    expect(noBreak).toEqual([expect.objectContaining({ rule: 'break', source: expect.stringContaining('ArbZG') })]);
    expect(noBreak[0].message).toContain('mindestens 30 Minuten');
  });
});
