/** The German weekday names (as Intl's de-AT has them), Monday first: the opening hours' texts and the back office's. */
export const WEEKDAY_NAMES = {
  monday: 'Montag',
  tuesday: 'Dienstag',
  wednesday: 'Mittwoch',
  thursday: 'Donnerstag',
  friday: 'Freitag',
  saturday: 'Samstag',
  sunday: 'Sonntag',
} as const;
