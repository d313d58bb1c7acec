import type { FieldError } from '@shop/contracts';
import { de, isMessageKey, t } from '@shop/i18n-de';
import { z } from 'zod';
import { DomainException } from '../errors/domain-exception.js';

const typeName = (expected: string): string => (de.typeNames as Record<string, string>)[expected] ?? expected;

function formatLimit(value: unknown): string {
  return typeof value === 'number' ? String(value).replace('.', ',') : String(value);
}

/** One zod issue in the German wording of backoffice-platform.md §5. */
export function germanMessage(issue: z.core.$ZodIssue): string {
  if (issue.message && isMessageKey(issue.message)) return t(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      // a form's empty field arrives as null: to its user it is empty, not 'null'
      if (issue.input === undefined || issue.input === null) return t('validation.required');
      return issue.expected === 'int'
        ? t('validation.integer')
        : t('validation.type', { type: typeName(issue.expected) });
    case 'too_small': {
      const limit = formatLimit(issue.minimum);
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? t('validation.required') : t('validation.tooShort', { limit });
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.tooFewItems', { limit });
      return issue.inclusive === false
        ? t('validation.tooSmallExclusive', { limit })
        : t('validation.tooSmall', { limit });
    }
    case 'too_big': {
      const limit = formatLimit(issue.maximum);
      if (issue.origin === 'string') return t('validation.tooLong', { limit });
      if (issue.origin === 'array' || issue.origin === 'set') return t('validation.tooManyItems', { limit });
      return issue.inclusive === false ? t('validation.tooBigExclusive', { limit }) : t('validation.tooBig', { limit });
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return t('validation.email');
        case 'url':
          return t('validation.url');
        case 'date':
          return t('validation.date');
        case 'time':
          return t('validation.time');
        case 'datetime':
          return t('validation.datetime');
        case 'uuid':
        case 'guid':
          return t('validation.uuid');
        default:
          return t('validation.regex');
      }
    case 'invalid_value':
    case 'invalid_union':
      return t('validation.choice');
    case 'not_multiple_of':
      return t('validation.invalid');
    case 'unrecognized_keys':
      return t('validation.extraFields');
    default:
      return t('validation.invalid');
  }
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
