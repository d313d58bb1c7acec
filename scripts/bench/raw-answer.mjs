// The baseline of the cached-read benches (init-bench, page-bench, order-status-bench): the exact bytes and headers
// a browser gets from the gateway, and a bare node:http server (raw-server.mjs, in its own process like the
// gateway) answering every request with them.
import { fork } from 'node:child_process';
import { request } from 'node:http';

/** Headers node:http writes itself: the raw server leaves them out of what it was given. */
const WRITTEN_BY_NODE = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'];

/** GET `url` with `headers`: the status, the headers and the body's bytes as they came (no decoding). */
export const getRaw = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res
        .on('data', (c) => chunks.push(c))
        .on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

/**
 * Starts raw-server.mjs on `port`, answering every request with `answer`'s body and every header of it (security
 * headers and request id included) but those node:http writes itself; killed when this process exits.
 */
export async function startRawServer(port, answer) {
  const child = fork(new URL('./raw-server.mjs', import.meta.url).pathname, [String(port)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send({
    body: answer.body.toString('base64'),
    headers: Object.fromEntries(Object.entries(answer.headers).filter(([h]) => !WRITTEN_BY_NODE.includes(h))),
  });
  await new Promise((r) => child.once('message', r));
  process.on('exit', () => child.kill());
  return child;
}

/** Requests of an autocannon run that failed: errors, timeouts and answers other than 2xx. */
export const errors = (r) => r.errors + r.timeouts + r.non2xx;

/** One line of the report: rate, p50, p99, errors and the server's CPU per request. */
export const row = (name, r) =>
  `${name.padEnd(22)} ${String(Math.round(r.requests.average)).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${errors(r)}   CPU ${r.cpuMicrosPerRequest === null ? '?' : r.cpuMicrosPerRequest.toFixed(0)} µs/request`;

/** The gateway's run beside the raw server's: rate ratio, p99 ratio and whether both meet their targets. */
export function versusRaw(gw, raw, { ratio: targetRatio, p99Ratio: targetP99Ratio }) {
  const ratio = gw.requests.average / raw.requests.average;
  const p99ratio = gw.latency.p99 / Math.max(raw.latency.p99, 1);
  const pass = ratio >= targetRatio && p99ratio <= targetP99Ratio && errors(gw) === 0 && errors(raw) === 0;
  return { ratio, p99ratio, pass };
}
