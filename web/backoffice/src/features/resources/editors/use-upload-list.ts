import { useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../api/client';

/** What an upload field is given: its id and label, its value (a reference, or a list of them), where changes go. */
export interface UploadFieldProps {
  id: string;
  label: string;
  value: unknown;
  /** a list (new uploads are added) rather than one reference (a new upload replaces it) */
  multiple: boolean;
  onChange: (v: unknown) => void;
}

/** The references a field holds: its list, or its one reference as a list of one (none: an empty list). */
export const heldItems = <T>(value: unknown, multiple: boolean): T[] =>
  (multiple ? (Array.isArray(value) ? value : []) : value ? [value] : []) as T[];

/**
 * A field of uploaded references, one (`multiple` false: a new upload replaces it) or a list (new uploads are
 * added): the chosen files are uploaded one after another; what was stored is kept, also when a later file of the
 * same choice fails, and the failure is shown with `failure` as its default text.
 */
export function useUploadList<T>({
  value,
  multiple,
  onChange,
  empty,
  uploadOne,
  failure,
}: Pick<UploadFieldProps, 'value' | 'multiple' | 'onChange'> & {
  /** what a single field holds without a file */
  empty: null | undefined;
  uploadOne: (file: File) => Promise<T>;
  failure: string;
}) {
  const items = heldItems<T>(value, multiple);
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const set = (next: T[]) => onChange(multiple ? next : (next[0] ?? empty));

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const input = e.currentTarget;
    const chosen = [...(input.files ?? [])];
    if (!chosen.length) return;
    setBusy(true);
    setUploadError(null);
    const added: T[] = [];
    try {
      for (const file of chosen) added.push(await uploadOne(file));
    } catch (err) {
      setUploadError(errorMessage(err, failure));
    } finally {
      if (added.length) set(multiple ? [...items, ...added] : added);
      setBusy(false);
      input.value = '';
    }
  }

  return { items, busy, uploadError, set, upload };
}
