/**
 * HTML written by the shop's administrators (the branch list's description, the markdown legal texts) passes
 * DOMPurify before it reaches the page: scripts, event handlers and javascript: links are removed. DOMPurify is
 * loaded on demand (its own chunk), so the first load stays within the initial JavaScript budget.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html);
}

/** Whether a text may hold markup or entities (plain text is shown as it is, without loading the sanitiser). */
export function mayContainHtml(value: string): boolean {
  return /[<&]/.test(value);
}

/** The text of an HTML fragment, read from an inert parsed document (nothing in it runs or loads). */
export function plainText(html: string): string {
  return mayContainHtml(html) ? (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '') : html;
}
