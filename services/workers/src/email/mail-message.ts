import * as base64 from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';

/** What the workers' mails are made of: addresses, a subject and the two parts, both strings. */
export interface OutgoingMail {
  from: string;
  to: string;
  cc?: string | string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/**
 * A mail as the SMTP transport sends it (`sendMail(composed)`): its envelope and its RFC 5322 bytes, and its
 * Message-ID, which nodemailer would otherwise make up (from random bytes) for the raw message it does not read.
 */
export interface ComposedMail {
  envelope: MimeNode.Envelope;
  raw: Buffer;
  messageId: string;
}

/** nodemailer's line length for quoted-printable and base64 bodies (its encoders' default) */
const LINE_LENGTH = 76;

/**
 * One node of nodemailer's MIME tree written out as its `build()` writes it: the headers nodemailer builds for the
 * node, its string content in the transfer encoding nodemailer chose, encoded with nodemailer's own encoders, and
 * the children between the node's boundaries.
 */
function writeNode(node: MimeNode): string {
  let out = `${node.buildHeaders()}\r\n\r\n`;
  const content = node.content;
  if (typeof content === 'string' && content) {
    const encoding = node.getTransferEncoding();
    if (encoding === 'quoted-printable') out += qp.wrap(qp.encode(content), LINE_LENGTH);
    else if (encoding === 'base64') out += base64.wrap(base64.encode(content), LINE_LENGTH);
    else out += content;
  }
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      out += `${i ? '\r\n' : ''}--${String(node.boundary)}\r\n${writeNode(child)}`;
    });
    out += `\r\n--${String(node.boundary)}--\r\n`;
  }
  return out;
}

/**
 * A mail composed by nodemailer (its MailComposer: headers, encoded words, boundaries, the transfer encodings) and
 * written out in one synchronous pass, for the pooled SMTP transport to send as it is.
 *
 * nodemailer's own `sendMail({ html, text })` writes the same tree through a stream per node (a PassThrough, an
 * encoder transform and a pipeline each, a `setImmediate` between nodes): a new-order mail of ~9 kB rendered, composed
 * and sent for 1.31–1.62 ms of CPU that way, 0.98–1.35 ms this way (issue 45, `npm run bench:mail`). Only
 * string contents pass (`OutgoingMail`), so no node has a stream, file, URL or raw source nodemailer would read;
 * `mail-message.spec.ts` holds the bytes equal to nodemailer's `build()` for every template of the workers.
 */
export function composeMail(mail: OutgoingMail): ComposedMail {
  const root = new MailComposer(mail).compile();
  const message = writeNode(root);
  // nodemailer's LastNewline: a message ends with a line break
  const ending = message.endsWith('\n') ? '' : message.endsWith('\r') ? '\n' : '\r\n';
  return { envelope: root.getEnvelope(), raw: Buffer.from(message + ending, 'utf8'), messageId: mail.messageId };
}
