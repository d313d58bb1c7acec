import type { FieldError } from '@shop/contracts';
import { validationIssueText } from '@shop/i18n-de';
import { z } from 'zod';
import { DomainException } from '../errors/domain-exception.js';

/**
 * One zod issue in the German wording of backoffice-platform.md §5. The wording (texts, decimal comma, type names)
 * is @shop/i18n-de's `validationIssueText`; this is its zod-typed entry for the server.
 */
export function germanMessage(issue: z.core.$ZodIssue): string {
  return validationIssueText(issue);
}

/** 'deliveryAreas.0.price'; null for the body itself. */
export function issuePath(path: ReadonlyArray<PropertyKey>, prefix = ''): string | null {
  const joined = path.map(String).join('.');
  return prefix ? (joined ? `${prefix}.${joined}` : prefix) : joined || null;
}

/**
 * The German field errors of a failed parse: one per field, the first issue zod found (an empty identifier is
 * 'Dieser Wert sollte nicht leer sein.', not that and the pattern's message as well).
 */
export function zodToFieldErrors(error: z.ZodError, prefix = ''): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string | null, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(issuePath([...issue.path, key], prefix), germanMessage(issue));
    } else {
      add(issuePath(issue.path, prefix), germanMessage(issue));
    }
  }
  return errors;
}

/** Parses or throws VALIDATION_FAILED with German per-field messages. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw DomainException.validation(zodToFieldErrors(result.error, prefix));
  return result.data;
}
