import { Module, type DynamicModule } from '@nestjs/common';
import { STREAMS } from '@shop/contracts';
import { CONFIG, createServiceBus, ServiceBus, ServiceCoreModule } from '@shop/server';
import { BalanceService } from './balances/balance.service.js';
import { ClockRepository } from './clock/clock.repository.js';
import { ClockService } from './clock/clock.service.js';
import { TimeTrackingController } from './clock/time-tracking.controller.js';
import type { TimeTrackingConfig } from './config/time-tracking-config.js';
import { timeTrackingCrudControllers, timeTrackingCrudProviders, zonedListsProvider } from './crud.providers.js';
import { TIME_TRACKING_MIGRATIONS } from './database/migrations/index.js';
import { sheetNamesProvider } from './exports/sheet-names.js';
import { TimeSheetExportService } from './exports/time-sheet-export.service.js';
import { CatalogueBranchPlaces, workingTimeContextProvider } from './settings/working-time-context.js';
import { staffBranchesProvider, terminalStaffProvider } from './staff/staff-branches.js';
import { TerminalService } from './terminal/terminal.service.js';
import { TIME_TRACKING_ENTITIES, TIME_TRACKING_SCHEMA } from './time-tracking.entities.js';
import { WorkPeriodController } from './work-periods/work-period.controller.js';

/**
 * The time-tracking service (issue 19): working activities and the time clock, schedules, projects and tasks,
 * balances and holiday balances, exports, branch terminals with personal access tokens. Publishes on
 * TIME_TRACKING.
 */
@Module({})
export class TimeTrackingModule {
  static forRoot(config: TimeTrackingConfig): DynamicModule {
    return {
      module: TimeTrackingModule,
      imports: [
        ServiceCoreModule.forService({
          name: 'time-tracking',
          config,
          schema: TIME_TRACKING_SCHEMA,
          entities: TIME_TRACKING_ENTITIES,
          migrations: TIME_TRACKING_MIGRATIONS,
          streams: [STREAMS.timeTracking],
        }),
      ],
      controllers: [TimeTrackingController, WorkPeriodController, ...timeTrackingCrudControllers],
      providers: [
        // the catalogue's branches (division, time zone) for the working-time rules
        {
          provide: ServiceBus,
          inject: [CONFIG],
          useFactory: (c: TimeTrackingConfig) => createServiceBus(c, 'time-tracking'),
        },
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
      ],
    };
  }
}
