import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError as ServerFieldError } from '@shop/contracts';
import { useState, type BaseSyntheticEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api/client';

/** A contract schema of libs/contracts whose input is a form's values. */
export type ContractSchema<V extends FieldValues = FieldValues, O extends FieldValues = FieldValues> = z.ZodType<O, V>;

export interface ContractFormOptions<V extends FieldValues> {
  defaultValues: DefaultValues<V>;
  /** sends the values as the form holds them; an ApiError's field errors land at their fields */
  send: (values: V) => Promise<void>;
  /** after a failed send, the server's field errors already at their fields: the notice, a summary, a retry */
  failed: (err: unknown, retry: () => Promise<void>) => void;
}

/** The form's errors by dot path ('name', 'deliveryAreas.0.price'), as the fields and editors look them up. */
export function flatErrors(errors: FieldErrors, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  const isError = typeof errors.type === 'string';
  for (const [key, value] of Object.entries(errors)) {
    // an error's own parts (its element, its criteria) are no fields below it
    if (isError && ['type', 'message', 'ref', 'types', 'root'].includes(key)) continue;
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) out[path] = message;
    flatErrors(value as FieldErrors, path, out);
  }
  return out;
}

/**
 * The server's German field errors (§5) at the form's fields, the first of each field. A field before the fields
 * below it ('deliveryAreas' before 'deliveryAreas.0.price'): setting a field's error replaces what is below it.
 */
export function showServerErrors<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'clearErrors' | 'setError'>,
  errors: readonly ServerFieldError[],
) {
  form.clearErrors();
  const first = new Map<string, string>();
  for (const e of errors) if (e.field && !first.has(e.field)) first.set(e.field, e.message);
  const byDepth = [...first].sort(([a], [b]) => a.split('.').length - b.split('.').length);
  for (const [field, message] of byDepth) form.setError(field as FieldPath<V>, { type: 'server', message });
}

/**
 * A back-office form on react-hook-form, checked with its contract's schema (zodResolver) as the storefront's
 * checkout is. As there, the form is sent even when the contract's check fails: the server words every message in
 * German (§5) and answers the checks only it can make (a taken identifier) in the same round; its field errors land
 * at the fields (setError) until the next send. Returns the form, its errors by path, the submit handler and
 * whether a send runs.
 */
export function useContractForm<V extends FieldValues, O extends FieldValues>(
  schema: ContractSchema<V, O>,
  { defaultValues, send, failed }: ContractFormOptions<V>,
) {
  const check = zodResolver(schema);
  const form = useForm<V, unknown, O>({
    defaultValues,
    // a schema that throws instead of reporting (a transform meeting input it never expected) must not keep the
    // form from the server: the values go out unchecked, as they did before the check
    resolver: async (values, context, options) => {
      try {
        return await check(values, context, options);
      } catch {
        return { values: values as unknown as O, errors: {} };
      }
    },
    mode: 'onSubmit',
    // the server's messages stay at their fields while the user corrects them; the next send checks again
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [saving, setSaving] = useState(false);

  const run = async (): Promise<void> => {
    setSaving(true);
    try {
      await send(form.getValues());
      form.clearErrors();
    } catch (err) {
      // no answer (offline, a timeout): the fields keep what they showed
      if (err instanceof ApiError) showServerErrors(form, err.errors);
      failed(err, run);
    } finally {
      setSaving(false);
    }
  };
  const onSubmit = (e?: BaseSyntheticEvent) => {
    // the button is disabled from the click on, the check included
    setSaving(true);
    return form.handleSubmit(run, () => {
      // zod's own wording is not §5's: the server's answer takes the fields' places
      form.clearErrors();
      return run();
    })(e);
  };

  return { form, errors: flatErrors(form.formState.errors), onSubmit, saving };
}
