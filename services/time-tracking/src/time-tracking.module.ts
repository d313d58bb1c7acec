import { Module } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { ServiceRoot } from '@shop/server';
import { BalanceService } from './balances/balance.service.js';
import { ClockRepository } from './clock/clock.repository.js';
import { ActivityChangesRepository } from './corrections/activity-changes.repository.js';
import { ActivityWriter } from './corrections/activity-writer.js';
import { correctionProviders, CorrectionsController } from './corrections/corrections.controller.js';
import { WriteActivity } from './corrections/usecases/write-activity/write-activity.usecase.js';
import { holidayProviders, HolidaysController } from './holidays/holidays.controller.js';
import { HolidayRegions } from './holidays/public-holidays.js';
import { MonthCloseController, monthCloseProviders } from './month-close/month-close.controller.js';
import { MonthGuard } from './month-close/month-guard.js';
import { MonthLocksRepository } from './month-close/month-locks.repository.js';
import { ClockService } from './clock/clock.service.js';
import { TimeTrackingController } from './clock/time-tracking.controller.js';
import type { TimeTrackingConfig } from './config/time-tracking-config.js';
import { timeTrackingCrudControllers, timeTrackingCrudProviders, zonedListsProvider } from './crud.providers.js';
import { timeTrackingDatabase } from './database/data-source.js';
import { sheetNamesProvider } from './exports/sheet-names.js';
import { TimeSheetExportService } from './exports/time-sheet-export.service.js';
import { CatalogueBranchPlaces, workingTimeContextProvider } from './settings/working-time-context.js';
import { staffBranchesProvider, terminalStaffProvider } from './staff/staff-branches.js';
import { TerminalService } from './terminal/terminal.service.js';
import { WorkPeriodController } from './work-periods/work-period.controller.js';

/**
 * The time-tracking service (issue 19): working activities and the time clock, schedules, projects and tasks,
 * balances and holiday balances, exports, branch terminals with personal access tokens; issue 41: corrections
 * with their audit trail and requests, absences, public holidays, entitlements, the month close. Publishes on
 * TIME_TRACKING.
 */
@Module({})
export class TimeTrackingModule extends ServiceRoot<TimeTrackingConfig>({
  core: {
    name: 'time-tracking',
    database: timeTrackingDatabase,
    streams: [STREAMS.timeTracking],
    // the catalogue's branches (division, time zone) for the working-time rules
    bus: true,
  },
  controllers: [
    TimeTrackingController,
    WorkPeriodController,
    CorrectionsController,
    HolidaysController,
    MonthCloseController,
    ...timeTrackingCrudControllers,
  ],
  providers: [
    CatalogueBranchPlaces,
    workingTimeContextProvider,
    ClockRepository,
    ClockService,
    staffBranchesProvider,
    terminalStaffProvider,
    TerminalService,
    BalanceService,
    sheetNamesProvider,
    TimeSheetExportService,
    ...timeTrackingCrudProviders,
    zonedListsProvider,
    // issue 41: corrections and their audit trail, the month close, public holidays
    ActivityChangesRepository,
    MonthLocksRepository,
    MonthGuard,
    ActivityWriter,
    WriteActivity,
    HolidayRegions,
    ...correctionProviders,
    ...holidayProviders,
    ...monthCloseProviders,
  ],
}) {}
