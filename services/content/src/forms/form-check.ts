import type { FormMailJob } from '@shop/contracts';
import { messageHtml, messageText, normalizePhone, phoneMessage } from '@shop/domain';
import { t } from '@shop/i18n-de';
import { z } from 'zod';

/** A field of a form node as the layout definition stores it (NODE_LAYOUTS.form.fields). */
export interface FormField {
  kind: 'text' | 'select' | 'boolean';
  fieldId?: string;
  isRequired?: boolean;
  type?: 'text' | 'textarea' | 'email' | 'phone';
  label?: string;
  options?: Array<{ value: string }>;
}
/** A sendMail action of a form node (NODE_LAYOUTS.form.actions). */
export interface FormAction {
  kind: 'sendMail';
  recipient: string;
  secondary_recipient?: string;
  subject: string;
  message: string;
}
export interface FormContent {
  name: string;
  fields?: FormField[];
  actions?: FormAction[];
  thankYouMessage?: string;
}

export type FormValue = string | boolean | null;
const MAX_TEXT = 5000;
const Email = z.email();

/** §2.10 "Form data is keyed by fieldId, or by field position when there is no fieldId." */
export const fieldKey = (field: FormField, index: number) => field.fieldId?.trim() || String(index);

/** The label as a reader sees it (a checkbox label may hold HTML), else the key. */
export const plainLabel = (field: FormField, key: string) =>
  (field.label ?? '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim() || key;

/**
 * The submitted values checked against the form's fields: required fields, the text types email and phone, a
 * select's options, a length bound. Values are looked up by fieldId, else by position; keys the form does not
 * have are dropped. All errors in one answer, each a German sentence naming the field.
 */
export function checkFormValues(
  fields: FormField[],
  body: Record<string, unknown>,
  phoneExample: string,
): { values: Record<string, FormValue>; errors: string[] } {
  const values: Record<string, FormValue> = {};
  const errors: string[] = [];
  fields.forEach((field, i) => {
    const key = fieldKey(field, i);
    const raw = body[key] ?? (field.fieldId ? body[String(i)] : undefined);
    const label = plainLabel(field, key);
    if (field.kind === 'boolean') {
      const checked = raw === true || raw === 'true' || raw === '1' || raw === 'on';
      values[key] = checked;
      if (field.isRequired && !checked) errors.push(t('content.formRequired', { label }));
      return;
    }
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    values[key] = text;
    if (!text) {
      if (field.isRequired) errors.push(t('content.formRequired', { label }));
      return;
    }
    if (text.length > MAX_TEXT) return void errors.push(t('content.formTooLong', { label, max: MAX_TEXT }));
    if (field.kind === 'select') {
      if (!(field.options ?? []).some((o) => o.value === text)) errors.push(t('content.formOption', { label }));
      return;
    }
    if (field.type === 'email' && !Email.safeParse(text).success) errors.push(t('content.formEmail', { label }));
    if (field.type === 'phone') {
      if (phoneMessage(text, phoneExample) || normalizePhone(text).length < 6)
        errors.push(t('content.formPhone', { label, phone: phoneExample }));
      else values[key] = normalizePhone(text);
    }
  });
  return { values, errors };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const display = (v: FormValue | undefined) => (v === true ? 'Ja' : v === false ? 'Nein' : (v ?? ''));

/** `{fieldId}` placeholders filled; an unknown placeholder stays as written. */
function fill(template: string, values: Record<string, FormValue>, escape: (s: string) => string): string {
  return template.replace(/\{([^{}\s]{1,100})\}/g, (whole, key: string) =>
    key in values ? escape(display(values[key])) : whole,
  );
}

/** An e-mail field's value (validated as an address): shown as typed, so that the office can reply to it. */
const isAddress = (s: string) => Email.safeParse(s).success;

/**
 * The mail of one sendMail action: subject and message with `{fieldId}` placeholders filled. The HTML part takes
 * the message as the editor wrote it (their markup); the visitor's values go out neutralised (issue 37, `messageHtml`
 * and `messageText` of @shop/domain): a link in them shown broken (`evil[.]example`), their markup escaped in the
 * HTML part and left out of the text part and the subject (a header, never HTML, on one line). An address of an
 * e-mail field stays as typed.
 */
export function renderFormMail(
  action: FormAction,
  values: Record<string, FormValue>,
  ids: { submissionId: number; nodeId: number; action: number },
): FormMailJob {
  const subject = fill(action.subject, values, (s) => (isAddress(s) ? s : messageText(s))).slice(0, 250);
  // a message written as plain text keeps its line breaks in the HTML part; one written as HTML keeps its markup
  const isHtml = /<[a-z][^>]*>/i.test(action.message);
  const html = fill(isHtml ? action.message : action.message.replace(/\r?\n/g, '<br>\n'), values, (s) =>
    isAddress(s) ? escapeHtml(s) : messageHtml(s, { multiline: true }),
  );
  const plain = isHtml ? action.message.replace(/<\/p>|<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '') : action.message;
  return {
    ...ids,
    to: action.recipient.trim(),
    cc: action.secondary_recipient?.trim() || null,
    subject,
    text: fill(plain.replace(/\n{3,}/g, '\n\n').trim(), values, (s) =>
      isAddress(s) ? s : messageText(s, { multiline: true }),
    ),
    html,
  };
}
