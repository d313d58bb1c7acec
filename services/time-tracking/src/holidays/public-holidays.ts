import { Injectable } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { addDays, type PublicHolidays } from '@shop/domain';
import Holidays from 'date-holidays';
import { DataSource } from 'typeorm';
import { WorkingTimeContext } from '../settings/working-time-context.js';
import { PublicHolidayRegionEntity } from './public-holiday-region.entity.js';

/** Where a branch's public holidays come from: its country (null: none known) and the state (null: none). */
export interface HolidayRegion {
  branch: number | null;
  country: string | null;
  state: string | null;
  /** the state set for the branch itself (null: the deployment's default applies) */
  ownState: string | null;
}

/**
 * Public holidays by country and state from date-holidays (issue 41), a maintained library: the days of type
 * `public` (not bank holidays like 24 December afternoon, not observances like Easter Sunday), named in German.
 * Each region's year is computed once per process.
 */
export class PublicHolidayCalendar {
  private readonly years = new Map<string, Map<string, string>>();
  private readonly countries = new Map<string, Holidays | null>();

  private library(country: string, state: string | null): Holidays | null {
    const key = `${country}-${state ?? ''}`;
    if (!this.countries.has(key)) {
      const known = Object.keys(new Holidays().getCountries('de')).includes(country);
      this.countries.set(
        key,
        known ? new Holidays(country, state ?? '', { languages: ['de', 'en'], types: ['public'] }) : null,
      );
    }
    return this.countries.get(key) ?? null;
  }

  /** A year's public holidays of the region, by local date. */
  year(country: string | null, state: string | null, year: number): ReadonlyMap<string, string> {
    if (country === null) return new Map();
    const key = `${country}-${state ?? ''}-${year}`;
    let days = this.years.get(key);
    if (!days) {
      days = new Map(
        (this.library(country, state)?.getHolidays(year) ?? [])
          .filter((h) => h.type === 'public')
          .map((h) => [h.date.slice(0, 10), h.name] as const),
      );
      this.years.set(key, days);
    }
    return days;
  }

  /** The region's public holidays from `from` to `to` (local days, both included). */
  between(country: string | null, state: string | null, from: string, to: string): PublicHolidays {
    const found = new Map<string, string>();
    for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++)
      for (const [date, name] of this.year(country, state, y)) if (date >= from && date <= to) found.set(date, name);
    return found;
  }

  /** The country's states (date-holidays' codes and names), empty for a country without. */
  states(country: string | null): Array<{ code: string; name: string }> {
    if (country === null || !this.library(country, null)) return [];
    return Object.entries(new Holidays().getStates(country, 'de') ?? {}).map(([code, name]) => ({ code, name }));
  }
}

/** One calendar for the process: the library's rules do not change while it runs. */
export const PUBLIC_HOLIDAYS = new PublicHolidayCalendar();

/**
 * The region of a branch's public holidays (issue 41, a decision: the catalogue keeps a branch's country but no
 * state): the country of the catalogue's branch (TIME_TRACKING_HOLIDAY_COUNTRY for a branch it does not answer
 * for) and the state set for the branch here, else TIME_TRACKING_HOLIDAY_STATE for a branch in that country, else
 * none (the country's holidays only).
 */
@Injectable()
export class HolidayRegions {
  constructor(
    private readonly ds: DataSource,
    private readonly context: WorkingTimeContext,
  ) {}

  private readonly calendar = PUBLIC_HOLIDAYS;

  async of(branch: number | null | undefined, actor: Actor | null): Promise<HolidayRegion> {
    const country = await this.context.countryOf(branch, actor);
    const own =
      branch == null ? null : await this.ds.getRepository(PublicHolidayRegionEntity).findOneBy({ branchId: branch });
    const defaults = this.context.defaults;
    const fallback =
      country !== null && country === (defaults.country ?? 'AT') ? (defaults.holidayState ?? null) : null;
    return { branch: branch ?? null, country, state: own?.state ?? fallback, ownState: own?.state ?? null };
  }

  /** The public holidays of a branch's region from `from` to `to`. */
  async between(
    branch: number | null | undefined,
    actor: Actor | null,
    from: string,
    to: string,
  ): Promise<PublicHolidays> {
    const region = await this.of(branch, actor);
    return this.calendar.between(region.country, region.state, from, to);
  }

  /** The public holidays of each of these branches' regions, a day wider on each side (every zone's days). */
  async ofBranches(
    branches: Iterable<number>,
    actor: Actor | null,
    from: string,
    to: string,
  ): Promise<Map<number, PublicHolidays>> {
    const ids = [...new Set(branches)];
    const wide = [addDays(from, -1), addDays(to, 1)] as const;
    return new Map(await Promise.all(ids.map(async (b) => [b, await this.between(b, actor, ...wide)] as const)));
  }

  states(country: string | null): Array<{ code: string; name: string }> {
    return this.calendar.states(country);
  }
}
