/**
 * The week planner's conflicts (issue 19): a person's shifts that overlap, and the working-time law warnings the
 * planned week would give, judged by the same rules as worked time (the planned break counts as a pause in the
 * middle of the shift). Pure, so the planner shows them as it is edited.
 */
import type { LawRuleSet, LawWarning } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { formatLocalDate } from '../format/date.js';
import { plannedSegments, shiftInterval, type PlannedShift } from './balances.js';
import { lawWarnings } from './working-time-check.js';

export interface PlanShift extends PlannedShift {
  id?: number;
  user: number;
}

export interface PlanConflict {
  user: number;
  /** the local day it concerns */
  date: string;
  rule: 'overlap' | LawWarning['rule'];
  message: string;
  /** the law a warning comes from */
  source?: string;
}

const span = (s: PlanShift) => `${s.start}–${s.end}`;

export function planConflicts(shifts: readonly PlanShift[], ruleSet: LawRuleSet, timeZone: string): PlanConflict[] {
  const conflicts: PlanConflict[] = [];
  const users = [...new Set(shifts.map((s) => s.user))];
  for (const user of users) {
    const own = shifts
      .filter((s) => s.user === user)
      .map((s) => ({ s, ...shiftInterval(s, timeZone) }))
      .sort((a, b) => a.start.getTime() - b.start.getTime());
    own.forEach((a, i) => {
      for (const b of own.slice(i + 1)) {
        if (b.start >= a.end) break;
        conflicts.push({
          user,
          date: b.s.date,
          rule: 'overlap',
          message: t('timeTracking.planOverlap', {
            first: span(a.s),
            second: span(b.s),
            date: formatLocalDate(b.s.date),
          }),
        });
      }
    });
    // the planned break is a pause between the shift's stretches
    const asWorked = own.map(({ s, start, end }) => {
      const parts = plannedSegments(s, timeZone);
      const pauses = parts.slice(1).map((p, k) => ({ start: parts[k].end, end: p.start }));
      return { kind: 'work' as const, start: start.toISOString(), end: end.toISOString(), pauses };
    });
    for (const w of lawWarnings(asWorked, ruleSet, timeZone))
      conflicts.push({ user, date: w.date, rule: w.rule, message: w.message, source: w.source });
  }
  return conflicts;
}
