/** Whether a text may hold markup or entities (plain text is shown as it is, without loading the sanitiser). */
export function mayContainHtml(value: string): boolean {
  return /[<&]/.test(value);
}

/** The text of an HTML fragment, read from an inert parsed document (nothing in it runs or loads). */
export function plainText(html: string): string {
  return mayContainHtml(html) ? (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '') : html;
}
