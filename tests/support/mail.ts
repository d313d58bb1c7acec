import { SMTPServer } from 'smtp-server';

/** A mail as the local SMTP test server received it. */
export interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP server that keeps every mail in `inbox` (the workers' SMTP_URL points at it). */
export async function startSmtp(): Promise<{ inbox: Received[]; url: string; close(): Promise<void> }> {
  const inbox: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream
        .on('data', (c: Buffer) => (raw += c.toString('utf8')))
        .on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
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

/** The text of a mail as a reader sees it (quoted-printable decoded). */
export function bodyOf(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/) + 2);
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(raw)) return body;
  const joined = body.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}
export const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
/** A header as a reader sees it: folded lines joined, RFC 2047 encoded words (=?UTF-8?Q|B?…?=) decoded. */
export function decodedHeader(raw: string, name: string): string {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const value = header(head, name).replace(/\?=\s+=\?/g, '?==?');
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
