import { Inject, Injectable } from '@nestjs/common';
import type { FormMailJob, PrivacyEraseReply, PrivacyFindRequest } from '@shop/contracts';
import { addEntityEventToOutbox, CONFIG, DomainException, OUTBOX_RELAY, type OutboxKicker } from '@shop/server';
import type { Queue } from 'bullmq';
import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DataSource } from 'typeorm';
import type { ContentConfig } from '../../../config/content-config.js';
import { CONTENT_EMAIL_QUEUE } from '../../../jobs/content-jobs.js';
import { removeUploadFiles } from '../../../uploads/upload.service.js';
import { PrivacyRepository } from '../../privacy.repository.js';
import { findPersonalData, type FoundSubmission } from '../shared/personal-data.js';

/** The files below a folder (0 when it is gone). */
async function fileCount(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/** The mail jobs a submission can have: one per sendMail action of its form (`email-form-{submission}-{action}`). */
const possibleJobIds = ({ row, form }: FoundSubmission) =>
  (Array.isArray(form?.actions) ? form.actions : []).map((_, i) => `email-form-${row.id}-${i}`);

/**
 * `content.privacy.erase` (issue 44, asked by the identity service): the customer's form submissions (no tax
 * relevance) and uploads are deleted with the uploads' files, in one transaction with their `deleted` events (ids
 * only) and with the submissions' mail jobs: their outbox rows (the rendered mail holds the visitor's values) and
 * completions; the jobs leave BullMQ before the commit (a job a worker is running cannot be removed: its data is
 * emptied instead). A second run finds nothing and answers zeros.
 */
@Injectable()
export class ErasePersonalData {
  private readonly root: string;

  constructor(
    private readonly ds: DataSource,
    private readonly repo: PrivacyRepository,
    @Inject(CONTENT_EMAIL_QUEUE) private readonly queue: Queue,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) config: ContentConfig,
  ) {
    this.root = resolve(config.FILES_DIR, 'upload');
  }

  async execute(req: PrivacyFindRequest): Promise<PrivacyEraseReply> {
    // without Redis the jobs' data could not be removed: nothing is erased, the request is repeated
    if ((await this.queue.backend.client).status !== 'ready') throw DomainException.unavailable();
    const found = await findPersonalData(this.repo, req);
    const submissionIds = found.submissions.map((s) => s.row.id);
    const erased = await this.ds.transaction(async (m) => {
      const submissions = await this.repo.deleteSubmissions(m, submissionIds);
      for (const id of submissions) await addEntityEventToOutbox(m, 'content.form-submission.deleted', id);
      const uploads = await this.repo.deleteUploads(
        m,
        found.uploads.map((u) => u.id),
      );
      for (const u of uploads) await addEntityEventToOutbox(m, 'content.upload.deleted', u.id);
      const jobRows = await this.repo.deleteFormJobRows(m, submissionIds);
      const completed = await this.repo.deleteFormJobCompletions(m, submissionIds);
      // BullMQ and the files before the commit: when Redis fails, nothing is erased and the request is repeated (the
      // submissions are then still found); a failed commit leaves rows without jobs or files, a repeat deletes them
      const jobIds = new Set([...jobRows, ...completed, ...found.submissions.flatMap(possibleJobIds)]);
      const jobs = await this.removeJobs([...jobIds]);
      let files = 0;
      for (const u of uploads) {
        const dir = join(this.root, u.publicHash);
        const before = await fileCount(dir);
        await removeUploadFiles(this.root, u);
        files += before - (await fileCount(dir));
      }
      return { submissions: submissions.length, uploads: uploads.length, files, outbox: jobRows.length, jobs };
    });
    void this.relay.kick();
    return {
      erased: [
        { kind: 'formSubmissions', count: erased.submissions },
        { kind: 'uploads', count: erased.uploads },
        { kind: 'files', count: erased.files },
        { kind: 'outbox', count: erased.outbox },
        { kind: 'jobs', count: erased.jobs },
      ],
    };
  }

  /** Removes the jobs BullMQ holds (waiting, delayed, completed, failed); a running one keeps no visitor's value. */
  private async removeJobs(jobIds: string[]): Promise<number> {
    let count = 0;
    for (const id of jobIds) {
      const job = await this.queue.getJob(id);
      if (!job) continue;
      if ((await this.queue.remove(id)) !== 1) {
        const data = job.data as FormMailJob;
        // a job that left BullMQ meanwhile (its age passed) needs nothing
        await job.updateData({ ...data, subject: '', text: '', html: '' }).catch(async (err: unknown) => {
          if (await this.queue.getJob(id)) throw err;
        });
      }
      count++;
    }
    return count;
  }
}
