import { WorkingActivityEntity } from './activities/working-activity.entity.js';
import { ActivityChangeEntity } from './corrections/activity-change.entity.js';
import { CorrectionRequestEntity } from './corrections/correction-request.entity.js';
import { PublicHolidayRegionEntity } from './holidays/public-holiday-region.entity.js';
import { MonthCloseEntity, MonthCloseEventEntity } from './month-close/month-close.entity.js';
import { ProjectEntity, TaskEntity } from './projects/project.entity.js';
import { WorkingScheduleEntity } from './schedules/working-schedule.entity.js';
import { WorkingTimeSettingEntity } from './settings/working-time-setting.entity.js';
import {
  AccessTokenEntity,
  ClockEventEntity,
  HolidayEntitlementEntity,
  TimeClockEntity,
} from './terminal/terminal.entities.js';

export const TIME_TRACKING_SCHEMA = 'time_tracking';
export const TIME_TRACKING_ENTITIES = [
  WorkingActivityEntity,
  WorkingScheduleEntity,
  ProjectEntity,
  TaskEntity,
  TimeClockEntity,
  AccessTokenEntity,
  ClockEventEntity,
  HolidayEntitlementEntity,
  WorkingTimeSettingEntity,
  ActivityChangeEntity,
  CorrectionRequestEntity,
  MonthCloseEntity,
  MonthCloseEventEntity,
  PublicHolidayRegionEntity,
];
