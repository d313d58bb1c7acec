import { z } from 'zod';
import { IdParam } from '../../catalogue/common.schema.js';
import {
  ACTIVITY_KINDS,
  ProjectInput,
  TASK_STATUSES,
  TaskInput,
  TimeRangeFilters,
  WorkingActivityInput,
  WorkingScheduleInput,
  WorkingTimeSettingInput,
} from '../../time-tracking/time-tracking.schema.js';
import { bool } from './filters.js';

/** The time tracking's activities, schedules, projects and tasks. */
export const TIME_TRACKING_RESOURCES = {
  'working-activities': {
    service: 'time-tracking',
    entity: 'working-activity',
    input: WorkingActivityInput,
    label: 'Aktivität',
    byIdentifier: false,
    /** without user, branch, project, from and to: the logged-in user's current month */
    filters: TimeRangeFilters.extend({ project: IdParam.optional(), kind: z.enum(ACTIVITY_KINDS).optional() }),
  },
  'working-schedules': {
    service: 'time-tracking',
    entity: 'working-schedule',
    input: WorkingScheduleInput,
    label: 'Planung',
    byIdentifier: false,
    filters: TimeRangeFilters,
  },
  projects: {
    service: 'time-tracking',
    entity: 'project',
    input: ProjectInput,
    label: 'Projekt',
    byIdentifier: false,
    filters: z.object({ branch: IdParam.optional(), isActive: bool.optional() }),
  },
  tasks: {
    service: 'time-tracking',
    entity: 'task',
    input: TaskInput,
    label: 'Aufgabe',
    byIdentifier: false,
    filters: z.object({
      project: IdParam.optional(),
      status: z.enum(TASK_STATUSES).optional(),
      assignee: IdParam.optional(),
    }),
  },
} as const;

/** The time tracking's working-time rule sets. */
export const WORKING_TIME_RESOURCES = {
  /** time tracking: the working-time law rule set of a division (staff read, administrators write) */
  'working-time-settings': {
    service: 'time-tracking',
    entity: 'working-time-setting',
    input: WorkingTimeSettingInput,
    label: 'Arbeitszeitregel',
    byIdentifier: false,
    filters: z.object({ division: IdParam.optional() }),
  },
} as const;
