#!/usr/bin/env node
// node scripts/bench/mail-bench.mjs: the CPU one new-order mail costs the workers, each way beside the way before it
// (issue 45, tenth round), from the built workers (`npx nx run @shop/workers:build` first):
//  - rendering a mail's HTML: React Email's `render` (a web stream in a Suspense boundary) against React's
//    renderToStaticMarkup, which `renderMail` uses (the plain-text part after it is the same both ways);
//  - sending: nodemailer's `sendMail({ html, text })` (a stream, an encoder and a pipeline per MIME node) against
//    `composeMail` + `sendMail({ envelope, raw, messageId })`, each through a pooled SMTP connection to a local
//    smtp-server in a child process (its CPU is not counted).
// Each variant runs ROUNDS times, interleaved with its counterpart; prints CPU µs per mail (this process's
// user + system time) and the median of the rounds. BENCH_MAILS (default 2000) mails per round.
import '../lib/runtime.mjs'; // first: runs this script on the pinned Node (.node-version)
import { fork } from 'node:child_process';
import { createTransport } from 'nodemailer';
import { ROOT } from '../lib/env.mjs';

// React's production build, as the workers run it: set before anything loads React (imported below, not above)
process.env.NODE_ENV = 'production';
const ROUNDS = 3;
const MAILS = Number(process.env.BENCH_MAILS ?? 2000);
const WARMUP = 300;

if (process.argv[2] === 'sink') {
  const { SMTPServer } = await import('smtp-server');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined).on('end', () => callback());
    },
  });
  server.listen(0, '127.0.0.1', () => process.send?.(server.server.address().port));
} else {
  const { render } = await import('@react-email/render');
  const { renderToStaticMarkup } = await import('react-dom/server');
  const dist = (path) => import(`${ROOT}services/workers/dist/email/${path}`);
  const { renderNewOrderEmail } = await dist('new-order-email.js');
  const { composeMail } = await dist('mail-message.js');
  const layout = await dist('mail-layout.js');

  const { BASE_URL, MESSAGE_BRANCH, MESSAGE_SHOP, ORDER_STEP_NAMES, staffOrder } = await import(
    `${ROOT}services/workers/test/mail-fixtures.ts`
  );
  const mailOf = (i) => ({
    from: 'Bestellungen <bestellungen@example.at>',
    to: 'anna.berger@example.at',
    ...renderNewOrderEmail(
      'customer',
      staffOrder({ id: i, uid: `u-${i}`, hash: `h-${i}`, ticketNumber: i }),
      MESSAGE_BRANCH,
      MESSAGE_SHOP,
      BASE_URL,
      ORDER_STEP_NAMES,
    ),
    messageId: `<email-${i}.customer@shop.example.at>`,
  });
  const tree = layout.MailLayout({
    preview: 'Vielen Dank für Ihre Bestellung.',
    branch: MESSAGE_BRANCH,
    shop: MESSAGE_SHOP,
    children: [
      layout.paragraph('Guten Tag Anna Berger,'),
      layout.lines(['Ticket 42 · Abholung', 'Termin: so bald wie möglich'], layout.STYLES.strong),
      layout.preformatted(['  2 × Pizza Margherita  EUR 19,80', '  Gesamt  EUR 32,80']),
      layout.button('https://shop.example.at/status/u-1/h-1', 'Bestellstatus ansehen'),
    ],
  });

  const sink = fork(new URL(import.meta.url).pathname, ['sink'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  process.on('exit', () => sink.kill());
  const port = await new Promise((resolve) => sink.once('message', resolve));
  const transport = createTransport({
    url: `smtp://127.0.0.1:${port}`,
    pool: true,
    maxConnections: 4,
    maxMessages: 1e9,
  });
  const CONCURRENCY = 4;
  const inParallel = async (n, one) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < n) await one(next++);
      }),
    );
  };

  const variants = {
    render: {
      before: ['React Email render', async () => void (await render(tree))],
      now: ['React renderToStaticMarkup', async () => void renderToStaticMarkup(tree)],
    },
    send: {
      before: [
        'nodemailer sendMail({ html, text })',
        async (i) => {
          const { from, to, subject, text, html, messageId } = mailOf(i);
          await transport.sendMail({ from, to, subject, text, html, messageId });
        },
      ],
      now: ['composeMail + sendMail(raw)', async (i) => void (await transport.sendMail(composeMail(mailOf(i))))],
    },
  };

  const cpuPerMail = async (fn, n) => {
    const start = process.cpuUsage();
    await inParallel(n, fn);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / n;
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`one new-order mail, ${MAILS} per round, ${ROUNDS} rounds interleaved (CPU µs per mail, this process)`);
  for (const [what, pair] of Object.entries(variants)) {
    // `send` renders each mail too (renderNewOrderEmail, the same both ways): the difference is composing and sending
    const results = { before: [], now: [] };
    for (const side of ['before', 'now']) await cpuPerMail(pair[side][1], WARMUP);
    for (let round = 0; round < ROUNDS; round++)
      for (const side of ['before', 'now']) results[side].push(await cpuPerMail(pair[side][1], MAILS));
    const line = (side) =>
      `  ${what.padEnd(7)} ${pair[side][0].padEnd(38)} ${results[side].map((x) => x.toFixed(0).padStart(5)).join(' ')}   median ${median(results[side]).toFixed(0).padStart(5)} µs`;
    console.log(
      `${line('before')}\n${line('now')}   (${((median(results.now) / median(results.before) - 1) * 100).toFixed(0)} %)`,
    );
  }
  transport.close();
  sink.kill();
}
