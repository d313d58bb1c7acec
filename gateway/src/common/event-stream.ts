import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A comment line keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;

/**
 * Takes a request over as a server-sent event stream (the back office's order events, the signage players'
 * pushes): the headers, a keep-alive comment, and an end after `maxMs` (the client reconnects at once and its
 * new request is checked again). `onClose` runs once the stream is gone, however it ended.
 */
export function openEventStream(
  req: FastifyRequest,
  reply: FastifyReply,
  options: { maxMs: number; onClose: () => void },
): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': String(req.id),
  });
  const keepalive = setInterval(() => res.write(': ping\n\n'), KEEPALIVE_MS);
  const end = setTimeout(() => res.end(), options.maxMs);
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(keepalive);
    clearTimeout(end);
    options.onClose();
  };
  res.on('close', close);
  res.on('error', close);
  return res;
}
