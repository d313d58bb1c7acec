import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the local SMTP server received it, read by mailparser (encoded words and transfer encodings decoded). */
export interface ReceivedMail {
  /** the envelope's recipients */
  to: string[];
  /** the message as sent, headers and encoded parts included */
  raw: string;
  /** the Subject as a reader sees it */
  subject: string;
  /** the plain-text part, decoded ('' without one) */
  text: string;
  /** the HTML part, decoded ('' without one) */
  html: string;
  /** the plain-text part and then the HTML part (what a test searches for a text or a link) */
  body: string;
}

/**
 * A local SMTP server for tests that keeps every mail in `inbox` (the workers' SMTP_URL points at it), each read by
 * mailparser before it is answered: a test that sees a mail in the inbox sees it whole.
 */
export async function startMailCatcher(): Promise<{ inbox: ReceivedMail[]; url: string; close(): Promise<void> }> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then(
            (mail) => {
              const to = session.envelope.rcptTo.map((r) => r.address);
              const [text, html] = [mail.text ?? '', typeof mail.html === 'string' ? mail.html : ''];
              const body = [text, html].filter(Boolean).join('\n');
              inbox.push({ to, raw: raw.toString('utf8'), subject: mail.subject ?? '', text, html, body });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
    },
  });
  // a client that goes away mid-session (a killed worker's pooled connection: ECONNRESET) is the client's business;
  // SMTPServer re-emits its connections' socket errors, and an 'error' nobody listens to ends the test file
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    inbox,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A header's value as sent (the first of that name; folded lines not joined, encoded words not decoded). */
export const rawHeader = (raw: string, name: string): string =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
