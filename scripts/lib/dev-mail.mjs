// The mail catcher of `npm start` (only when SMTP_URL is not set): a local SMTP server (smtp-server) that keeps
// every e-mail of the stack as an .eml file in one folder; the gateway shows that folder at /dev/mail
// (gateway/src/dev-mail, on only with DEV_MAIL_DIR and never in production). Nothing leaves the machine.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** The newest mails kept; older files are deleted as new ones arrive. */
export const DEV_MAIL_KEEP = 200;
const MAX_BYTES = 25 * 1024 * 1024;

/**
 * Starts the catcher on 127.0.0.1 (`port` 0: a free port) writing into `dir`. Accepts any sender and recipient
 * without authentication (local only); each mail becomes `{time}-{n}.eml`. `keep` 0: every mail is received and
 * dropped, nothing is written (bench:order-full, where writing and pruning the folder per mail cost the machine the
 * bench measures).
 */
export async function startMailCatcher({ dir, port = 0, keep = DEV_MAIL_KEEP }) {
  if (keep > 0) mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_BYTES,
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(Object.assign(new Error('message too large'), { responseCode: 552 }));
        if (keep === 0) return callback();
        const name = `${Date.now()}-${String(++n).padStart(6, '0')}.eml`;
        writeFileSync(join(dir, name), Buffer.concat(chunks));
        prune(dir, keep);
        callback();
      });
    },
  });
  // a sender that goes away mid-session (a restarted worker's pooled connection: ECONNRESET) is its business:
  // SMTPServer re-emits its connections' socket errors, and an 'error' nobody listens to would end `npm start`
  server.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = server.server.address().port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function prune(dir, keep) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  for (const f of files.slice(0, Math.max(0, files.length - keep))) rmSync(join(dir, f), { force: true });
}
