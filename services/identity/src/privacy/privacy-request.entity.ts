import { BaseEntity } from '@shop/server';
import type { PrivacyExportFormat, PrivacyRequestKind } from '@shop/contracts';
import { Column, Entity, Index } from 'typeorm';

/**
 * One customer request for their data or its erasure (issue 44): who asked and how (as staff typed it), who
 * handled it, a hash of the address or number (never the address), the counts per section and, for an export,
 * the file until its one download or its expiry (then the body is cleared; the record stays).
 */
@Entity('privacy_request')
@Index('idx_privacy_request_export_expiry', ['exportExpiresAt'], { where: '"exportBody" IS NOT NULL' })
export class PrivacyRequestEntity extends BaseEntity {
  @Column('text') kind: PrivacyRequestKind;
  @Column('text') requestedBy: string;
  @Column('integer') handledById: number;
  /** the staff member's name when the request was handled (kept when the user is renamed or deleted) */
  @Column('text') handledByName: string;
  /** sha-256 of the normalised subject (privacySubjectHash) */
  @Column('text') subjectHash: string;
  @Column('jsonb', { default: () => "'[]'" }) counts: Array<{ kind: string; count: number }>;
  /** erase: the services that did not confirm their part */
  @Column('jsonb', { default: () => "'[]'" }) failedServices: string[];
  @Column('text', { nullable: true }) exportFormat: PrivacyExportFormat | null;
  /** the export's file, until it is downloaded or expires */
  @Column('text', { nullable: true }) exportBody: string | null;
  @Column('timestamptz', { nullable: true }) exportExpiresAt: Date | null;
  @Column('timestamptz', { nullable: true }) exportDownloadedAt: Date | null;
}
