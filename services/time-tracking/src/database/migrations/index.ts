import type { MigrationInterface } from 'typeorm';
import { TimeTrackingInitial1795581242065 } from './1795581242065-TimeTrackingInitial.js';

/** Every migration of the time_tracking schema, in order. */
export const TIME_TRACKING_MIGRATIONS: (new () => MigrationInterface)[] = [TimeTrackingInitial1795581242065];
