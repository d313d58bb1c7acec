import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * What every rollup layer keeps besides its time (an hour, a day, a week's or month's start): the metric, the
 * branch (0: not tied to a branch), the key (page, referrer, origin, item …; '' when the metric has none) and the
 * summed value (counts, cents, quantities, seconds: exact).
 */
abstract class RollupRow {
  @PrimaryColumn('text') metric: string;
  @PrimaryColumn('integer') branch: number;
  @PrimaryColumn('text') key: string;
  @Column('numeric', { precision: 20, scale: 3 }) value: string;
}

/**
 * Hourly rollups, maintained in the transaction that stores what they count (analytics events, order facts):
 * one row per metric, hour (UTC, whole hours), branch (0: not tied to a branch) and key (page, referrer,
 * origin, item …; '' when the metric has none). Kept when raw events are purged. A range query reads whole
 * hours from here and the partial hours at its edges from the raw tables.
 */
@Entity('rollup_hourly')
export class RollupEntity extends RollupRow {
  @PrimaryColumn('timestamptz') hour: Date;
}

/**
 * Daily rollups: the keyed hourly rows summed per calendar day in the shop's time zone (SHOP_TIME_ZONE, recorded
 * in rollup_state), maintained with them. A range query reads its whole days from here, the hours of its partial
 * days from rollup_hourly and the partial hours at its edges from the raw tables.
 */
@Entity('rollup_daily')
export class RollupDailyEntity extends RollupRow {
  @PrimaryColumn('date') day: string;
}

/**
 * Weekly (from Monday) and monthly rollups in the shop's time zone: the keyed metrics' sums per key (a long range's
 * top list) and the grid metrics' weekday × hour cells per month (`<name>#grid`, key `isodow:hour`).
 */
@Entity('rollup_span')
export class RollupSpanEntity extends RollupRow {
  /** 'week' | 'month' */
  @PrimaryColumn('text') span: string;
  @PrimaryColumn('date') start: string;
}

/** The time zone rollup_daily was built in (one row): a different SHOP_TIME_ZONE rebuilds it at start. */
@Entity('rollup_state')
export class RollupStateEntity {
  @PrimaryColumn('integer') id: number;
  @Column('text') timeZone: string;
}

/**
 * One row per visitor id and UTC day (the visitor id itself rotates daily): whether the visitor was seen that
 * day (unique-visitors), the last page (event-flow) and the last hour (visitor-times). No address, no cookie.
 */
@Entity('visitor_day')
export class VisitorDayEntity {
  @PrimaryColumn('date') day: string;
  @PrimaryColumn('text') visitorId: string;
  @Column('text', { nullable: true }) lastPage: string | null;
  @Column('timestamptz') lastHour: Date;
  /**
   * when its latest event happened: a batch with an earlier one arrived late (a second tab, a resent batch) and the
   * day's visitor metrics are counted again from its events (AnalyticsService); null for days kept before issue 41
   */
  @Column('timestamptz', { nullable: true }) lastAt: Date | null;
  /** the branch the visitor's pages belonged to last that day (0: none yet): later events without one count there */
  @Column('integer', { default: 0 }) branch: number;
}
