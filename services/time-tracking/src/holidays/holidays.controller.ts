import { createRpcController, rpc } from '@shop/server';
import { BookAbsence } from '../absences/usecases/book-absence/book-absence.usecase.js';
import { BalanceService } from '../balances/balance.service.js';
import { HolidayRegionSetting } from './usecases/holiday-region/holiday-region.usecase.js';
import { ListPublicHolidays } from './usecases/list-public-holidays/list-public-holidays.usecase.js';

/** Absences, holiday entitlements and public holidays (issue 41). */
export class HolidaysController extends createRpcController([
  rpc('time-tracking.absence.book', BookAbsence, (book, m) => book.execute(m.actor, m.payload.body)),
  rpc('time-tracking.holiday-entitlement.list', BalanceService, (balances, m) =>
    balances.entitlements(m.actor, m.payload.query ?? {}),
  ),
  rpc('time-tracking.public-holiday.list', ListPublicHolidays, (holidays, m) =>
    holidays.execute(m.actor, m.payload.query ?? {}),
  ),
  rpc('time-tracking.public-holiday-region.get', HolidayRegionSetting, (regions, m) =>
    regions.get(m.actor, m.payload.branch),
  ),
  rpc('time-tracking.public-holiday-region.save', HolidayRegionSetting, (regions, m) =>
    regions.save(m.actor, m.payload.body),
  ),
]) {}

export const holidayProviders = [BookAbsence, ListPublicHolidays, HolidayRegionSetting];
