import type { ContentAiGeneration, ContentAiImageInput, ContentAiKind, ContentAiStatus, Image } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { z } from 'zod';

/** What a generation was asked for, as validated when it started. */
export type SiteGenerationInput = { siteId: number; prompt: string };
export type ImageGenerationInput = z.output<typeof ContentAiImageInput>;
export type AiGenerationInput = SiteGenerationInput | ImageGenerationInput;

/**
 * A content AI generation (issue 37 item 6): started by a staff member's request, run by the content service's
 * `content-ai` job, polled by the back office. Its result is stored here once; its owner alone reads it.
 */
@Entity('ai_generation')
@Index('ai_generation_user_created_idx', ['userId', 'createdAt'])
export class AiGenerationEntity {
  @PrimaryColumn('uuid') id: string;
  /** the staff member who asked (the per-user limits count these) */
  @Column('integer') userId: number;
  @Column('text') kind: ContentAiKind;
  /** sha256 of kind and input: the same request of the same user while one is pending joins that one */
  @Column('text') inputHash: string;
  @Column('jsonb') input: AiGenerationInput;
  @Column('text', { default: 'queued' }) status: ContentAiStatus;
  @Column('jsonb', { nullable: true }) content: Record<string, unknown> | null;
  @Column('jsonb', { nullable: true }) image: Image | null;
  /** why it failed, in German */
  @Column('text', { nullable: true }) message: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt: Date;
  @Column('timestamptz', { nullable: true }) finishedAt: Date | null;
}

/** Queued or running and not yet past its time: the one a repeat joins, and what counts as running. */
export function isPending(row: Pick<AiGenerationEntity, 'status' | 'createdAt'>, timeoutMs: number, now = Date.now()) {
  return (row.status === 'queued' || row.status === 'running') && row.createdAt.getTime() > now - timeoutMs;
}

/**
 * The generation as its owner sees it. One still pending after its time lost its job (Redis lost it, the content
 * service died on its last try): it reads failed, and its job, should it still run, stores nothing.
 */
export function toGeneration(row: AiGenerationEntity, timeoutMs: number): ContentAiGeneration {
  const lost = (row.status === 'queued' || row.status === 'running') && !isPending(row, timeoutMs);
  return {
    id: row.id,
    kind: row.kind,
    status: lost ? 'failed' : row.status,
    content: row.content,
    image: row.image,
    message: lost ? t('content.aiFailed') : row.message,
    createdAt: row.createdAt.toISOString(),
  };
}
