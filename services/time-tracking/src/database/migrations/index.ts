import type { MigrationInterface } from 'typeorm';
import { TimeTrackingInitial1795581242065 } from './1795581242065-TimeTrackingInitial.js';
import { WorkingTimeSettings1795700000000 } from './1795700000000-WorkingTimeSettings.js';
import { CorrectionsAbsencesMonthClose1796000000000 } from './1796000000000-CorrectionsAbsencesMonthClose.js';

/** Every migration of the time_tracking schema, in order. */
export const TIME_TRACKING_MIGRATIONS: (new () => MigrationInterface)[] = [
  TimeTrackingInitial1795581242065,
  WorkingTimeSettings1795700000000,
  CorrectionsAbsencesMonthClose1796000000000,
];
