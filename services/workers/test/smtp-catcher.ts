import { SMTPServer } from 'smtp-server';

/**
 * The workers' specs' mail catcher: a local SMTP server that keeps every mail (the same as tests/support/mail.ts,
 * which lies outside this project's sources).
 */
export async function startSmtpCatcher(): Promise<{
  inbox: Array<{ to: string[]; raw: string }>;
  url: string;
  close(): Promise<void>;
}> {
  const inbox: Array<{ to: string[]; raw: string }> = [];
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
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  return {
    inbox,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** A header as a reader sees it: folded lines joined, RFC 2047 encoded words decoded. */
export function headerOf(raw: string, name: string): string {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const value = (new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '').replace(/\?=\s+=\?/g, '?==?');
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}
