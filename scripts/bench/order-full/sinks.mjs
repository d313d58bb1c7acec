// The stand-ins for the mail server and the SMS provider that bench:order-full's workers send to, in a process of
// their own: in the bench's process, the mail catcher's work for every mail (two or three per order: receiving,
// writing the .eml, pruning the folder, all synchronous) ran on the load generator's event loop and delayed its
// sends and its reading of answers, which then counted as the stack's latency. In production neither is on the
// shop's machines; here they still share its cores, so they do as little as a mail server's answer needs: every
// mail is received and dropped (with each written as a file and the folder pruned, the sinks took 90-150 ms of CPU
// per second in the 80 % run; 60-90 ms without: scripts/bench/README.md, issue 45's fourteenth round).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startMailCatcher } from '../../lib/dev-mail.mjs';

/** Starts the sinks' process; answers their URLs (SMTP_URL, SMS_PROVIDER_URL) and how to stop it. */
export async function startSinks() {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const [line] = await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then((code) => Promise.reject(new Error(`the bench's mail and SMS sinks exited (${code})`))),
  ]);
  return { ...JSON.parse(line), close: () => (child.kill('SIGTERM'), exited) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // the mail catcher of npm start, dropping every mail it has received
  const mail = await startMailCatcher({ keep: 0 });
  // the SMS provider (only asked when the SMS plugin is on): answers every message
  const sms = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: randomUUID() }));
    });
  });
  await new Promise((r) => sms.listen(0, '127.0.0.1', r));
  process.once('SIGTERM', () => process.exit(0));
  console.log(JSON.stringify({ smtpUrl: mail.url, smsUrl: `http://127.0.0.1:${sms.address().port}/messages` }));
}
