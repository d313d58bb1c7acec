/**
 * HTML written by the shop's administrators (the branch list's description, the markdown legal texts) passes
 * DOMPurify before it reaches the page: scripts, event handlers and javascript: links are removed. DOMPurify is
 * loaded on demand (its own chunk), so the first load stays within the initial JavaScript budget.
 */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: DOMPurify } = await import('dompurify');
  return DOMPurify.sanitize(html);
}
