/**
 * §5 "Phone: on input only digits, plus and spaces are kept; on change only plus and digits are kept and a
 * leading 00 becomes +. If it does not start with +: 'Bitte geben Sie eine gültige Nummer im Format
 * {phone} an.'" §9 "Phone format is international with a leading +."
 */
import { text } from '../texts.js';

/** On input: keep digits, '+' and spaces. */
export function filterPhoneInput(value: string): string {
  return value.replace(/[^0-9+ ]/g, '');
}

/** On change: keep '+' and digits; a leading 00 becomes +. */
export function normalizePhone(value: string): string {
  const kept = value.replace(/[^0-9+]/g, '');
  return kept.startsWith('00') ? `+${kept.slice(2)}` : kept;
}

/**
 * The phone message, or null when the (normalised) number starts with + or is empty (emptiness is the
 * required-field rule's business). `example` fills {phone}, e.g. '+43 664 1234567'.
 */
export function phoneMessage(value: string, example: string): string | null {
  const phone = normalizePhone(value);
  if (phone === '' || phone.startsWith('+')) return null;
  return text('phoneFormat', { phone: example });
}
