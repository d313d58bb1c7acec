import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Hourly rollups, maintained in the transaction that stores what they count (analytics events, order facts):
 * one row per metric, hour (UTC, whole hours), branch (0: not tied to a branch) and key (page, referrer,
 * origin, item …; '' when the metric has none). Kept when raw events are purged. A range query reads whole
 * hours from here and the partial hours at its edges from the raw tables.
 */
@Entity('rollup_hourly')
export class RollupEntity {
  @PrimaryColumn('text') metric: string;
  @PrimaryColumn('timestamptz') hour: Date;
  @PrimaryColumn('integer') branch: number;
  @PrimaryColumn('text') key: string;
  /** counts, cents, quantities: exact */
  @Column('numeric', { precision: 20, scale: 3 }) value: string;
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
}
