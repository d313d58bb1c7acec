import { BaseEntity } from '@shop/server';
import { Column, Entity, Index } from 'typeorm';

/** A visitor's submission of a form node (storefront-presenter.md §2.10, §7); purged after the retention time. */
@Entity('form_submission')
@Index('form_submission_created_idx', ['createdAt'])
export class FormSubmissionEntity extends BaseEntity {
  /** the form node (a plain id: the node may be deleted, its submissions stay until the retention purge) */
  @Index('form_submission_node_idx')
  @Column('integer')
  nodeId: number;
  /** the form's name when it was sent */
  @Column('text') formName: string;
  /** every field by its key (fieldId, else position) */
  @Column('jsonb', { default: {} }) values: Record<string, string | boolean | null>;
}
