import { text } from '@shop/domain';
import type { FieldError, OrderInput } from '@shop/contracts';
import type { FieldErrors } from 'react-hook-form';
import { ApiError } from '../../api/client';
import type { CheckoutValues } from './checkout-values';

/** The fields the browser's own rules speak for (checkout-rules.ts), in the order the summary names them. */
const CLIENT_RULE_FIELDS = ['appointmentDate', 'phone'] as const satisfies readonly (keyof OrderInput)[];

/**
 * The browser's rules' messages among the resolver's errors (zod's `custom` issues at their fields; every issue of a
 * field is kept, criteriaMode 'all'). The contract's own checks are left to the server, which words them in German
 * in the same answer.
 */
export function clientRuleErrors(
  errors: FieldErrors<CheckoutValues>,
  fields: readonly string[] = CLIENT_RULE_FIELDS,
): FieldError[] {
  const byPath = errors as Partial<
    Record<(typeof CLIENT_RULE_FIELDS)[number], { types?: Record<string, string | string[] | boolean | undefined> }>
  >;
  return CLIENT_RULE_FIELDS.filter((field) => fields.includes(field)).flatMap((field) => {
    const custom = byPath[field]?.types?.custom;
    return (Array.isArray(custom) ? custom : typeof custom === 'string' ? [custom] : []).map((message) => ({
      field,
      message,
    }));
  });
}

/**
 * Each (field, message) once, at its last place (the server's answer comes last and keeps its order): the
 * browser's rules and the server often say the same, and the server itself may name one field twice with one
 * message (a closed branch's missing appointment is both 'required now' and 'required by the branch').
 */
export function uniqueErrors(list: readonly FieldError[]): FieldError[] {
  const key = (e: FieldError) => JSON.stringify([e.field, e.message]);
  const last = new Map(list.map((e, i) => [key(e), i]));
  return list.filter((e, i) => last.get(key(e)) === i);
}

/** The server's answer to a failed order as the summary lists it: its field errors, else its message, else ours. */
export function answerErrors(err: unknown): FieldError[] {
  const list =
    err instanceof ApiError && (err.errors.length > 0 || err.message)
      ? err.errors.length > 0
        ? err.errors
        : [{ field: null, message: err.message }]
      : [];
  return list.length > 0 ? list : [{ field: null, message: text('unknownError') }];
}
