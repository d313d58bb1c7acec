import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Actor, LawRuleSet } from '@shop/contracts';
import { CONFIG, FollowedCache, LOGGER, NATS_CONNECTION, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { WorkingActivityEntity } from '../activities/working-activity.entity.js';
import type { TimeTrackingConfig } from '../config/time-tracking-config.js';
import { WorkingTimeSettingEntity } from './working-time-setting.entity.js';

/** Where a branch lies: its division, time zone and country (the catalogue's branch fields). */
export interface BranchPlace {
  division: number | null;
  timeZone: string;
  /**
   * the country (ISO 3166) whose public holidays it keeps (issue 41); left out: a branch in a country the
   * catalogue does not name (a branch abroad), which keeps none
   */
  country?: string | null;
}
/** The catalogue's answer for a branch, asked on behalf of the acting staff member (null at a terminal). */
export type BranchPlaceLookup = (branchId: number, actor: Actor | null) => Promise<BranchPlace | null>;
/** The rules an activity of a branch is judged by and the zone its days are read in. */
export interface BranchWorkingTime {
  ruleSet: LawRuleSet;
  timeZone: string;
  division: number | null;
}
/** The deployment's defaults for a branch the catalogue does not answer for. */
export interface WorkingTimeDefaults {
  ruleSet: LawRuleSet;
  timeZone: string;
  /** the country of the public holidays (default Austria) */
  country?: string;
  /** the state of TIME_TRACKING_HOLIDAY_STATE, for branches in `country` without a state of their own */
  holidayState?: string | null;
}

const validZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('de-AT', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The working-time law rule set and the time zone of a branch (issue 19): the zone is the branch's own
 * (catalogue), the rule set its division's (`working_time_setting`); a branch the catalogue does not answer for,
 * and a division without a setting, follow the deployment's defaults (`TIME_TRACKING_TIME_ZONE`,
 * `WORKING_TIME_RULES`: Europe/Vienna and Austria).
 */
export class WorkingTimeContext {
  constructor(
    private readonly ds: DataSource,
    readonly defaults: WorkingTimeDefaults,
    private readonly lookup: BranchPlaceLookup,
  ) {}

  /** `manager`: a transaction that asks (its own connection reads the setting, not a second one of the pool). */
  async forBranch(
    branchId: number | null | undefined,
    actor: Actor | null = null,
    manager?: EntityManager,
  ): Promise<BranchWorkingTime> {
    const place = branchId == null ? null : await this.lookup(branchId, actor).catch(() => null);
    const timeZone = place && validZone(place.timeZone) ? place.timeZone : this.defaults.timeZone;
    const setting =
      place?.division == null
        ? null
        : await (manager ?? this.ds.manager)
            .getRepository(WorkingTimeSettingEntity)
            .findOneBy({ division: place.division });
    return { ruleSet: setting?.ruleSet ?? this.defaults.ruleSet, timeZone, division: place?.division ?? null };
  }

  /**
   * Only the zone of a branch (forBranch's `timeZone`), without reading the division's rule set: what a write asks
   * inside its transaction (issue 41's month close), which must not wait for a second connection of the pool.
   */
  async zoneOf(branchId: number | null | undefined, actor: Actor | null = null): Promise<string> {
    const place = branchId == null ? null : await this.lookup(branchId, actor).catch(() => null);
    return place && validZone(place.timeZone) ? place.timeZone : this.defaults.timeZone;
  }

  /**
   * The country whose public holidays a branch keeps (issue 41): the catalogue's, TIME_TRACKING_HOLIDAY_COUNTRY for
   * a branch the catalogue does not answer for (or none asked), null for a place without one (a branch abroad).
   */
  async countryOf(branchId: number | null | undefined, actor: Actor | null = null): Promise<string | null> {
    const place = branchId == null ? null : await this.lookup(branchId, actor).catch(() => null);
    return place ? (place.country ?? null) : (this.defaults.country ?? 'AT');
  }

  /** The branch a person's sheet is read at: that of their latest activity, else their first branch (the actor's). */
  async branchOfUser(userId: number, actor: Actor | null): Promise<number | undefined> {
    const latest = await this.ds
      .getRepository(WorkingActivityEntity)
      .findOne({ where: { userId }, order: { start: 'DESC' }, select: { id: true, branchId: true } });
    return latest?.branchId ?? (actor?.id === userId ? actor.branches[0] : undefined);
  }

  /**
   * A person's sheet is read at the branch of their latest activity (else their first branch): the branch a
   * list, balance or export asks for wins.
   */
  async forUser(userId: number, actor: Actor | null, branchId?: number): Promise<BranchWorkingTime> {
    return this.forBranch(branchId ?? (await this.branchOfUser(userId, actor)), actor);
  }
}

/**
 * The catalogue's branches as a local read model (like the order service's catalogue context): asked by
 * request/reply on behalf of the acting staff member (staff see every branch) or, at a terminal, as this service
 * (public branches), and dropped on every catalogue event.
 */
@Injectable()
export class CatalogueBranchPlaces implements OnApplicationBootstrap, OnApplicationShutdown {
  // only answers are kept (FollowedCache): a branch a terminal may not read may still be read for the next staff member
  private readonly places: FollowedCache<number, BranchPlace | null>;

  constructor(
    private readonly bus: ServiceBus,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(CONFIG) config: TimeTrackingConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.places = new FollowedCache<number, BranchPlace | null>(
      { nc, prefix: config.NATS_SUBJECT_PREFIX, logger },
      { follows: { catalogue: () => null } },
    );
  }

  readonly lookup: BranchPlaceLookup = (branchId, actor) =>
    this.places.get(branchId, () =>
      (actor
        ? this.bus.request('catalogue.branch.get', { id: branchId }, actor)
        : this.bus.requestAsService('catalogue.branch.get', { id: branchId })
      ).then(
        (b) => ({ division: b.division?.id ?? null, timeZone: b.timezone, country: b.country }),
        (err: unknown) => {
          this.logger.warn({ branchId, err }, 'branch not read from the catalogue; default rules and time zone');
          throw err;
        },
      ),
    );

  onApplicationBootstrap(): Promise<void> {
    return this.places.start();
  }

  onApplicationShutdown(): void {
    this.places.stop();
  }
}

export const workingTimeContextProvider = {
  provide: WorkingTimeContext,
  inject: [DataSource, CONFIG, CatalogueBranchPlaces],
  useFactory: (ds: DataSource, c: TimeTrackingConfig, places: CatalogueBranchPlaces) =>
    new WorkingTimeContext(
      ds,
      {
        ruleSet: c.WORKING_TIME_RULES,
        timeZone: c.TIME_TRACKING_TIME_ZONE,
        country: c.TIME_TRACKING_HOLIDAY_COUNTRY,
        holidayState: c.TIME_TRACKING_HOLIDAY_STATE,
      },
      places.lookup,
    ),
};
