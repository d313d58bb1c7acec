import { z } from 'zod';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';

/**
 * storefront-presenter.md §7 "POST /api/custom/form/{form id}: JSON body is an object of field values keyed by
 * fieldId" (§2.10: "or by field position when there is no fieldId"). The shape only; the form node's fields decide
 * what is required and valid (the content service checks, all errors in one answer).
 */
export const FormValues = z
  .record(z.string().max(100), z.union([z.string().max(10_000), z.boolean(), z.number(), z.null()]))
  .refine((v) => Object.keys(v).length <= 100, { error: 'validation.invalid' });
export type FormValues = z.infer<typeof FormValues>;

/** What a visitor gets back after a submission (§7 "its fields are not shown"): the id and the thank-you text. */
export interface FormSubmitReply {
  id: number;
  thankYouMessage: string | null;
}

/**
 * A stored submission (staff list, read and delete it; a retention setting purges old ones). `values` holds every
 * field of the form by its key (fieldId, else position), as the visitor sent it and the form accepted it.
 */
export interface FormSubmission extends EntityMeta {
  node: number;
  formName: string;
  values: Record<string, string | boolean | null>;
}

/** Submissions are never written through CRUD (POST /api/custom/form/{id} creates them): no body is accepted. */
export const FormSubmissionInput = z.object({}).strict();
