/**
 * Customer text in the platform's own messages (issue 37, item 8). A name, an address line, a comment or a form
 * field goes out in an e-mail or SMS sent from the shop's domain, so what a customer typed must not become a link
 * or markup there: a last name "… https://evil.example/login" would otherwise reach the customer as a link in a mail
 * they have every reason to trust.
 *
 * What a shop owner then reads: the text as typed, with every link visibly broken in the way security teams write
 * them ("defanged"): `https[:]//evil[.]example/login`. Nothing is hidden or guessed at (staff still see what the
 * customer wrote, e.g. to report it), and no mail client or SMS app links it, because
 * - every dot between a host's label and a following label of two or more letters becomes `[.]` (the shape of a
 *   top-level domain: `www[.]evil[.]example`, also the ideographic and full-width dots that IDNA reads as dots),
 *   and the dots of an IPv4 address likewise; decimals (`2.5 kg`) and initials (`J.R.R.`) stay;
 * - the colon of a scheme (`https[:]//`, also with backslashes) and of `javascript:`, `vbscript:`, `data:`,
 *   `mailto:`, `file:` becomes `[:]`;
 * - markup is left out of plain text (tags and comments, so `<a href=x>klick</a>` reads `klick`) and escaped in an
 *   HTML part (shown as typed, never rendered);
 * - control and invisible format characters (NUL, escape, bidirectional overrides, zero-width characters, soft
 *   hyphens) are dropped first, so they can hide nothing in between; a single-line field (a name, an address
 *   line, a phone number) also loses its line breaks and tabs and keeps single spaces.
 * The result is idempotent. E-mail addresses the platform validated as such (the customer's own, a form's e-mail
 * field) are no free text: callers leave them as they are, so that staff can reply.
 */

export interface MessageTextOptions {
  /** a free text (comment, message): keeps its line breaks, as \n; anything else ends up on one line */
  multiline?: boolean;
}

const LINE_BREAK = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
/** control characters but \n and \t, and format characters (zero-width, bidirectional controls, soft hyphen) */
const INVISIBLE = /(?![\n\t])\p{Cc}|\p{Cf}/gu;
const TAG = /<(?:!--[\s\S]*?-->|[!?/]?[A-Za-z][^<>]*>)/g;
const HOST_DOT = /(?<=[\p{L}\p{M}\p{N}_-])[.\u3002\uFF0E\uFF61](?=\p{L}[\p{L}\p{M}\p{N}-])/gu;
const IPV4 = /\d{1,3}(?:\.\d{1,3}){3}/g;
const SCHEME_COLON = /:(?=\s*[/\\]{2})/g;
const SCHEME_WORD = /\b(javascript|vbscript|data|mailto|file):(?=\S)/gi;
const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `pattern` removed until none is left (a removal may join what surrounds it into a new match: `<<a>b>`) */
function removeAll(text: string, pattern: RegExp): string {
  let before: string;
  do {
    before = text;
    text = text.replace(pattern, '');
  } while (text !== before);
  return text;
}

function defang(text: string): string {
  return text
    .replace(IPV4, (ip) => ip.replace(/\./g, '[.]'))
    .replace(HOST_DOT, '[.]')
    .replace(SCHEME_COLON, '[:]')
    .replace(SCHEME_WORD, '$1[:]');
}

function cleaned(value: string | null | undefined, multiline: boolean, stripMarkup: boolean): string {
  let text = (value ?? '').replace(LINE_BREAK, multiline ? '\n' : ' ').replace(INVISIBLE, '');
  if (stripMarkup) text = removeAll(text, TAG);
  text = defang(text);
  return multiline ? text.trim() : text.replace(/\s+/g, ' ').trim();
}

/** Customer text for a plain-text part, an SMS or a subject: links broken, markup left out. */
export function messageText(value: string | null | undefined, { multiline = false }: MessageTextOptions = {}): string {
  return cleaned(value, multiline, true);
}

/** Customer text for an HTML part: links broken, markup escaped (shown as typed). */
export function messageHtml(value: string | null | undefined, { multiline = false }: MessageTextOptions = {}): string {
  return cleaned(value, multiline, false).replace(/[&<>"']/g, (c) => ESCAPES[c]);
}
