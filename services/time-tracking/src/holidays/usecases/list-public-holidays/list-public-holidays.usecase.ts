import { Injectable } from '@nestjs/common';
import { PublicHolidayQuery, type Actor, type JsonObject, type PublicHolidayCalendar } from '@shop/contracts';
import { localDate } from '@shop/domain';
import { parseOrThrow, requireAccess } from '@shop/server';
import { WorkingTimeContext } from '../../../settings/working-time-context.js';
import { HolidayRegions, PUBLIC_HOLIDAYS } from '../../public-holidays.js';

/**
 * `GET /api/time-sheets/public-holidays` (issue 41): a year's public holidays of a branch's region (without
 * `branch`: the deployment's default region), for the screens' calendars. Staff read.
 */
@Injectable()
export class ListPublicHolidays {
  constructor(
    private readonly regions: HolidayRegions,
    private readonly context: WorkingTimeContext,
  ) {}

  async execute(actor: Actor | null, query: JsonObject): Promise<PublicHolidayCalendar> {
    const a = requireAccess(actor, 'staff');
    const q = parseOrThrow(PublicHolidayQuery, query);
    const region = await this.regions.of(q.branch, a);
    const { timeZone } = await this.context.forBranch(q.branch, a);
    const year = q.year ?? Number(localDate(new Date(), timeZone).slice(0, 4));
    return {
      branch: region.branch,
      country: region.country,
      state: region.state,
      year,
      holidays: [...PUBLIC_HOLIDAYS.year(region.country, region.state, year)].map(([date, name]) => ({ date, name })),
    };
  }
}
