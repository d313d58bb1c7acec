import { WYSIWYG_STYLES } from '@shop/contracts';
import sanitizeHtml from 'sanitize-html';

const STYLE_CLASSES = WYSIWYG_STYLES.map((s) => s.className);

/**
 * The allow-list of rich text (storefront-presenter.md §3 wysiwyg): the editor's block and inline elements, links,
 * images and the style classes it offers; every other element, attribute, event handler, `style`, `javascript:`
 * or `data:` URL and any iframe is dropped (sanitize-html, maintained, used by Strapi and Directus). Applied by the
 * content service on save and by the gateway to the presenter's server-rendered pages.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'width', 'height', 'title'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedClasses: { '*': STYLE_CLASSES },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // a link that opens a new tab cannot reach back into this page
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

/** The stored form of a wysiwyg value. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
