import { Injectable } from '@nestjs/common';
import { GenerateSql } from '@shop/server';
import { DataSource, type EntityManager } from 'typeorm';
import type { FormAction, FormField } from '../forms/form-check.js';
import { UploadEntity } from '../uploads/upload.entity.js';

/** A stored form submission as a privacy request reads it. */
export interface SubmissionRow {
  id: number;
  nodeId: number;
  formName: string;
  values: Record<string, string | boolean | null>;
  createdAt: Date;
}

/** The fields and sendMail actions of a form node (labels for the export, job ids of the mails). */
export interface FormNodeRow {
  id: number;
  fields: FormField[] | null;
  actions: FormAction[] | null;
}

/**
 * The content service's queries of a privacy request (issue 44): the form submissions and uploads that hold a
 * customer's address or number, and their erasure with the mail jobs of those submissions.
 */
@Injectable()
export class PrivacyRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Candidates: submissions with a value that contains one of the addresses (lower-case) or whose digits contain one
   * of the national numbers (a phone field's value, or a number written into a message); the caller checks each
   * value (a foreign number with the same digits, an address that only ends with the subject's).
   */
  @GenerateSql({ params: [['anna@example.at'], ['6641234567']] })
  submissionCandidates(emails: string[], phoneDigits: string[]): Promise<SubmissionRow[]> {
    return this.ds.query(
      `SELECT s.id, s."nodeId", s."formName", s.values, s."createdAt"
         FROM "content"."form_submission" s
        WHERE EXISTS (
          SELECT 1 FROM jsonb_each_text(s.values) v(key, value)
           WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) e(address) WHERE strpos(lower(v.value), e.address) > 0)
              OR EXISTS (SELECT 1 FROM unnest($2::text[]) d(n)
                          WHERE regexp_replace(v.value, '\\D', '', 'g') LIKE '%' || d.n || '%'))
        ORDER BY s.id`,
      [emails, phoneDigits],
    );
  }

  /** The form nodes of those submissions (a deleted node is missing: its submissions keep their keys). */
  @GenerateSql({ params: [[1, 2]] })
  formNodes(nodeIds: number[]): Promise<FormNodeRow[]> {
    return this.ds.query(
      `SELECT n.id, n.content->'fields' AS fields, n.content->'actions' AS actions
         FROM "content"."node" n WHERE n.id = ANY($1::int[])`,
      [nodeIds],
    );
  }

  /** Uploads by id (an order's files), and those whose public hash a submission's values name. */
  @GenerateSql({ params: [[1, 2], [3]] })
  uploads(ids: number[], submissionIds: number[]): Promise<UploadEntity[]> {
    return this.ds
      .getRepository(UploadEntity)
      .createQueryBuilder('u')
      .where('u.id = ANY(:ids)', { ids })
      .orWhere(
        `EXISTS (SELECT 1 FROM "content"."form_submission" s
                  WHERE s.id = ANY(:submissionIds) AND strpos(s.values::text, u."publicHash") > 0)`,
        { submissionIds },
      )
      .orderBy('u.id')
      .getMany();
  }

  /** Deletes submissions; answers the ids deleted (none when another request was first). */
  @GenerateSql({ params: ({ manager }) => [manager, [1]] })
  async deleteSubmissions(m: EntityManager, ids: number[]): Promise<number[]> {
    const [rows] = (await m.query('DELETE FROM "content"."form_submission" WHERE id = ANY($1::int[]) RETURNING id', [
      ids,
    ])) as [Array<{ id: number }>, number];
    return rows.map((r) => r.id);
  }

  /** Deletes upload rows; answers what their files need (the folder is named by the public hash). */
  @GenerateSql({ params: ({ manager }) => [manager, [1]] })
  async deleteUploads(m: EntityManager, ids: number[]): Promise<Array<{ id: number; publicHash: string }>> {
    const [rows] = (await m.query(
      'DELETE FROM "content"."upload" WHERE id = ANY($1::int[]) RETURNING id, "publicHash"',
      [ids],
    )) as [Array<{ id: number; publicHash: string }>, number];
    return rows;
  }

  /**
   * Deletes the outbox rows of the submissions' mail jobs (their payload holds the rendered mail: the visitor's
   * values), published or not; answers their job ids.
   */
  @GenerateSql({ params: ({ manager }) => [manager, [1]] })
  async deleteFormJobRows(m: EntityManager, submissionIds: number[]): Promise<string[]> {
    const [rows] = (await m.query(
      `DELETE FROM "content"."outbox" o
        WHERE o.subject LIKE 'job.%' AND o.payload->>'name' = 'email-form-submission'
          AND o.payload->'data'->>'submissionId' = ANY($1::text[])
        RETURNING o.payload->>'jobId' AS "jobId"`,
      [submissionIds.map(String)],
    )) as [Array<{ jobId: string }>, number];
    return rows.map((r) => r.jobId);
  }

  /** Deletes the workers' completions of those mail jobs (`email-form-{submission}-{action}`); answers their ids. */
  @GenerateSql({ params: ({ manager }) => [manager, [1]] })
  async deleteFormJobCompletions(m: EntityManager, submissionIds: number[]): Promise<string[]> {
    const [rows] = (await m.query(
      `DELETE FROM "content"."job_completion" c USING unnest($1::int[]) s(id)
        WHERE c."jobId" LIKE 'email-form-' || s.id || '-%'
        RETURNING c."jobId"`,
      [submissionIds],
    )) as [Array<{ jobId: string }>, number];
    return rows.map((r) => r.jobId);
  }
}
