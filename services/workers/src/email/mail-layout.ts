import { Body, Button, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import { plainTextSelectors } from '@react-email/render';
import type { MessageBranch, MessageShop } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { compile } from 'html-to-text';
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The shop's colours as the storefront shows them (web/storefront/src/styles.css: --brand, --brand-ink, --accent,
 * --ink, --muted, --bg-soft, --line), so a mail looks like the shop the customer ordered in. The shop has no
 * configurable colours; when it gets them, they come with the job's sender.
 */
export const MAIL_COLOURS = {
  brand: '#303033',
  brandInk: '#ffffff',
  accent: '#8a3b12',
  ink: '#1f1f23',
  muted: '#4a4a52',
  soft: '#f4f4f6',
  line: '#d9d9de',
} as const;

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const STYLES = {
  body: { backgroundColor: MAIL_COLOURS.soft, fontFamily: FONT, color: MAIL_COLOURS.ink, margin: 0 },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: '560px',
    margin: '24px auto',
    border: `1px solid ${MAIL_COLOURS.line}`,
  },
  header: { backgroundColor: MAIL_COLOURS.brand, color: MAIL_COLOURS.brandInk, padding: '16px 24px' },
  shopName: { color: MAIL_COLOURS.brandInk, fontSize: '20px', margin: 0 },
  content: { padding: '8px 24px 16px' },
  text: { fontSize: '15px', lineHeight: '24px', margin: '12px 0' },
  strong: { fontSize: '15px', lineHeight: '24px', margin: '12px 0', fontWeight: 600 },
  button: {
    backgroundColor: MAIL_COLOURS.accent,
    color: '#ffffff',
    borderRadius: '6px',
    padding: '10px 18px',
    fontSize: '15px',
    fontWeight: 600,
    textDecoration: 'none',
  },
  secondaryButton: {
    backgroundColor: '#ffffff',
    color: MAIL_COLOURS.accent,
    border: `2px solid ${MAIL_COLOURS.accent}`,
    borderRadius: '6px',
    padding: '8px 16px',
    fontSize: '15px',
    fontWeight: 600,
    textDecoration: 'none',
  },
  footer: { color: MAIL_COLOURS.muted, fontSize: '13px', lineHeight: '20px', margin: '4px 0' },
} satisfies Record<string, CSSProperties>;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** A paragraph of the mail. */
export const paragraph = (text: string, style: CSSProperties = STYLES.text) => h(Text, { style }, text);

/** A link as a button (the shop's accent colour, or outlined as the second choice). */
export const button = (href: string, label: string, secondary = false) =>
  h(
    Section,
    { style: { margin: '12px 0' } },
    h(Button, { href, style: secondary ? STYLES.secondaryButton : STYLES.button }, label),
  );

const withBreaks = (texts: string[]) => texts.flatMap((text, i) => (i ? [h('br'), text] : [text]));

/** Lines of one paragraph, each on its own line in both parts (`<br>` between them). */
export const lines = (texts: string[], style: CSSProperties = STYLES.text) => h(Text, { style }, ...withBreaks(texts));

/**
 * Lines whose spaces count (an order's lines and totals, indented): kept as written in the plain-text part (the
 * `data-text-format="pre"` selector of renderMail) and in the HTML part (`white-space: pre-wrap`).
 */
export function preformatted(texts: string[], style: CSSProperties = STYLES.text) {
  // a data attribute, which JSX allows and createElement's object literal type does not know
  const props = { style: { ...style, whiteSpace: 'pre-wrap' }, 'data-text-format': 'pre' } satisfies Record<
    string,
    unknown
  >;
  return h(Text, props, ...withBreaks(texts));
}

/**
 * The frame of every HTML mail: the shop's name on its brand colour, the content, and the branch's name, phone and
 * address below.
 */
export function MailLayout({
  preview,
  branch,
  shop,
  children,
}: {
  preview: string;
  branch: MessageBranch;
  shop: MessageShop;
  children?: ReactNode;
}) {
  const address = [branch.street, [branch.zipCode, branch.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return h(
    Html,
    { lang: 'de' },
    h(Head),
    h(Preview, null, preview),
    h(
      Body,
      { style: STYLES.body },
      h(
        Container,
        { style: STYLES.container },
        h(Section, { style: STYLES.header }, h(Heading, { as: 'h1', style: STYLES.shopName }, shop.shopName)),
        h(Section, { style: STYLES.content }, children),
        h(Hr, { style: { borderColor: MAIL_COLOURS.line, margin: '0 24px' } }),
        h(
          Section,
          { style: { padding: '12px 24px 20px' } },
          paragraph(branch.name, { ...STYLES.footer, fontWeight: 600 }),
          address ? paragraph(address, STYLES.footer) : null,
          branch.phone ? paragraph(t('orderMessages.phone', { phone: branch.phone }), STYLES.footer) : null,
        ),
      ),
    ),
  );
}

/**
 * The plain-text part from a mail's HTML: html-to-text with @react-email/render's plain-text options (its
 * toPlainText: no word wrap, its selectors: images and the preview left out, links as `text url`, table cells as
 * blocks) and ours (`preformatted`'s lines kept as written), compiled once for all mails, as html-to-text's `compile`
 * is meant for. `render(element, { plainText: true })` compiled the options (parsed every selector) again for each
 * mail, and rendered the React tree a second time.
 */
const toPlainText = compile({
  wordwrap: false,
  selectors: [...plainTextSelectors, { selector: '[data-text-format="pre"]', format: 'pre' }],
});

/** The document type React Email's `render` puts before a mail's HTML (XHTML 1.0 Transitional, as mail clients expect). */
const MAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The mail's HTML and its plain-text part, both from the one template (React Email's components): the tree rendered
 * once, the text taken from that HTML. The text is the one `render(element, { plainText: true })` gave: that
 * converts the same HTML (image preload links stripped) without the document type, which is no text.
 *
 * Rendered with React's own `renderToStaticMarkup`, synchronously, to the HTML React Email's `render` gives without
 * React's streaming markers (`<!--$-->`, `<!--html-->` …: comments, nothing a mail client shows): `render` renders
 * through a web stream in a Suspense boundary for asynchronous components, which these templates do not have, and
 * cost 229–270 µs of CPU per mail against 67–84 µs (issue 45, `npm run bench:mail`). Its image preload links
 * (`<link rel="preload" as="image">`, which `render` strips) cannot appear: the mails have no images (an order's
 * uploads are links).
 */
export function renderMail(subject: string, element: ReturnType<typeof h>): RenderedMail {
  const html = MAIL_DOCTYPE + renderToStaticMarkup(element);
  return { subject, html, text: toPlainText(html) };
}
