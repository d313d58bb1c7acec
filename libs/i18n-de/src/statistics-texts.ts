/**
 * The statistics service's own messages (issue 41: bad input answers a field error in German, never a 500). PROPOSED
 * wording: the spec has none beyond §8's 'Statistik konnte nicht geladen werden.' (`backoffice.statisticsFailed`).
 */
export const STATISTICS_TEXTS = {
  /** `to` at or before `from` */
  rangeEnd: 'Das Ende des Zeitraums muss nach seinem Beginn liegen.',
  /** a period longer than the statistics answer (its series and grid would be too large to send) */
  rangeTooLong: 'Der Zeitraum darf höchstens {years} Jahre umfassen.',
  /** an hourly series over a long period */
  hourlyTooLong: 'Stundenweise kann höchstens ein Zeitraum von {days} Tagen ausgewertet werden.',
  /** a date outside the years the statistics know */
  dateOutOfBounds: 'Das Datum muss zwischen {min} und {max} liegen.',
} as const;
