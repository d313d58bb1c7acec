import { Injectable } from '@nestjs/common';
import { PublicHolidayRegionInput, type Actor, type PublicHolidayRegion } from '@shop/contracts';
import { TIME_TRACKING_MESSAGES } from '@shop/i18n-de';
import { parseOrThrow, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { refuse } from '../../../common/refusal.js';
import { PublicHolidayRegionEntity } from '../../public-holiday-region.entity.js';
import { HolidayRegions } from '../../public-holidays.js';

/**
 * `GET /api/time-sheets/public-holiday-regions/{branch}` and `PUT /api/time-sheets/public-holiday-regions` (issue
 * 41): the state whose public holidays a branch keeps besides its country's. Staff read; administrators set it (a
 * state date-holidays knows for the branch's country, else 422 on `state`; null: the deployment's default).
 */
@Injectable()
export class HolidayRegionSetting {
  constructor(
    private readonly ds: DataSource,
    private readonly regions: HolidayRegions,
  ) {}

  async get(actor: Actor | null, branch: number): Promise<PublicHolidayRegion> {
    return this.view(requireAccess(actor, 'staff'), branch);
  }

  async save(actor: Actor | null, body: unknown): Promise<PublicHolidayRegion> {
    const a = requireAccess(actor, 'admin');
    const input = parseOrThrow(PublicHolidayRegionInput, body);
    const { country } = await this.regions.of(input.branch, a);
    if (input.state !== null) {
      const states = this.regions.states(country);
      if (states.length === 0)
        throw refuse('VALIDATION_FAILED', TIME_TRACKING_MESSAGES.noStates, 'state', { country: country ?? '–' });
      if (!states.some((s) => s.code === input.state))
        throw refuse('VALIDATION_FAILED', TIME_TRACKING_MESSAGES.stateUnknown, 'state', { country: country ?? '–' });
    }
    await this.ds
      .getRepository(PublicHolidayRegionEntity)
      .upsert({ branchId: input.branch, state: input.state }, { conflictPaths: ['branchId'] });
    return this.view(a, input.branch);
  }

  private async view(a: Actor, branch: number): Promise<PublicHolidayRegion> {
    const region = await this.regions.of(branch, a);
    return {
      branch,
      country: region.country,
      state: region.ownState,
      effectiveState: region.state,
      states: this.regions.states(region.country),
    };
  }
}
