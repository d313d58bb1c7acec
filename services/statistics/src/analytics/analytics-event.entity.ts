import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One anonymous storefront event (backoffice-platform.md §3 "Analytics log"); no IP, cookie or session. */
@Entity('analytics_event')
@Index('uq_analytics_event_batch', ['batchId', 'position'], { unique: true })
/** a visitor's earlier events of the day: the partial hours at a range's edges of unique-visitors and event-flow */
@Index('analytics_event_visitor_idx', ['visitorId', 'occurredAt'])
export class AnalyticsEventEntity {
  @PrimaryGeneratedColumn() id: number;
  /** the gateway's id of the batch and the event's place in it: a redelivered batch is stored once */
  @Column('uuid') batchId: string;
  @Column('integer') position: number;
  @Column('text') type: string;
  @Column('text') action: string;
  @Column('text', { default: '' }) category: string;
  @Column('jsonb', { default: {} }) data: Record<string, unknown>;
  /** when it happened in the browser (the receipt time when the browser did not say) */
  @Index('analytics_event_occurred_idx') @Column('timestamptz') occurredAt: Date;
  @Column('timestamptz') receivedAt: Date;
  /** AnalyticsContext of the gateway (issue 21); null for batches published before it */
  @Column('text', { nullable: true }) visitorId: string | null;
  @Column('text', { nullable: true }) site: string | null;
  @Column('text', { nullable: true }) page: string | null;
  @Column('text', { nullable: true }) browser: string | null;
  @Column('text', { nullable: true }) os: string | null;
  /** data.branch when the page belonged to a branch, else 0 (the whole shop) */
  @Column('integer', { default: 0 }) branch: number;
}
