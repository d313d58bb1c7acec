import { Inject, Injectable } from '@nestjs/common';
import type { FormSubmitReply, JobItem, JsonObject } from '@shop/contracts';
import { FormValues } from '@shop/contracts';
import {
  addJobToOutbox,
  addEntityEventToOutbox,
  CONFIG,
  DomainException,
  OUTBOX_RELAY,
  parseOrThrow,
  type OutboxKicker,
} from '@shop/server';
import { DataSource } from 'typeorm';
import type { ContentConfig } from '../config/content-config.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { checkFormValues, renderFormMail, type FormContent } from './form-check.js';
import { FormSubmissionEntity } from './form-submission.entity.js';
import { NOUNS } from '@shop/i18n-de';

/**
 * POST /api/custom/form/{id} (storefront-presenter.md §2.10, §7): a visitor's submission of a public form node.
 * The values are checked against the form's fields (all errors in one 422, German sentences); the submission and
 * one e-mail job per sendMail action commit in one transaction, the job id naming submission and action
 * (`email-form-{submission}-{action}`), so the relay and the workers deliver each mail once.
 */
@Injectable()
export class SubmitForm {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: ContentConfig,
  ) {}

  async execute(id: number, body: JsonObject): Promise<FormSubmitReply> {
    const node = await this.ds.getRepository(NodeEntity).findOneBy({ id, type: 'form', isPublic: true });
    // a form of a non-public node does not exist for visitors
    if (!node) throw DomainException.notFound(NOUNS.form);
    const raw = parseOrThrow(FormValues, body ?? {});
    const form = node.content as unknown as FormContent;
    const { values, errors } = checkFormValues(form.fields ?? [], raw, this.config.PHONE_FORMAT_EXAMPLE);
    if (errors.length)
      throw new DomainException(
        'VALIDATION_FAILED',
        errors.map((message) => ({ field: null, message })),
        errors[0],
      );
    const submission = await this.ds.transaction(async (m) => {
      const row = await m.save(m.create(FormSubmissionEntity, { nodeId: node.id, formName: form.name, values }));
      await addEntityEventToOutbox(m, 'content.form-submission.created', row.id);
      for (const [i, action] of (form.actions ?? []).entries()) {
        if (action.kind !== 'sendMail' || !action.recipient?.trim()) continue;
        const data = renderFormMail(action, values, { submissionId: row.id, nodeId: node.id, action: i });
        const job: JobItem = {
          name: 'email-form-submission',
          queue: 'email',
          jobId: `email-form-${row.id}-${i}`,
          data,
        };
        await addJobToOutbox(m, job);
      }
      return row;
    });
    void this.relay.kick();
    return { id: submission.id, thankYouMessage: form.thankYouMessage ?? null };
  }
}
