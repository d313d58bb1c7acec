import { connect, type NatsConnection } from '@nats-io/transport-node';
import { NATS_URL, REDIS_URL, uniquePrefixes } from '@shop/testing';
import { Redis } from 'ioredis';
import { createServer, Socket, type AddressInfo, type Server } from 'node:net';
import { once } from 'node:events';
import type { BaseConfig } from '../config/config.js';
import { natsOptions } from '../bus/nats-options.js';
import { COALESCED_REDIS, coalesceWrites } from './coalesced-writes.js';

/** The socket's system calls from now on: each entry is one, with the number of chunks it wrote. */
function recordWrites(socket: Socket): number[] {
  const calls: number[] = [];
  const s = socket as Socket & {
    _write(chunk: unknown, encoding: BufferEncoding, cb: (err?: Error | null) => void): void;
    _writev(chunks: unknown[], cb: (err?: Error | null) => void): void;
  };
  const write = s._write.bind(s);
  const writev = s._writev.bind(s);
  s._write = (chunk, encoding, cb) => {
    calls.push(1);
    write(chunk, encoding, cb);
  };
  s._writev = (chunks, cb) => {
    calls.push(chunks.length);
    writev(chunks, cb);
  };
  return calls;
}

/** Writes at every depth of one turn: synchronously, after a promise, in a microtask, in a next tick. */
async function writeInOneTurn(write: (text: string) => void): Promise<void> {
  write('a');
  await Promise.resolve();
  write('b');
  queueMicrotask(() => write('c'));
  process.nextTick(() => write('d'));
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesceWrites: a turn of the event loop writes to a socket once', () => {
  let server: Server;
  let received = '';
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = createServer((conn) => conn.on('data', (chunk) => (received += String(chunk))));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    server.close();
    await once(server, 'close');
  });

  async function dial(): Promise<Socket> {
    const socket = new Socket();
    sockets.push(socket);
    socket.connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(socket, 'connect');
    return socket;
  }

  it('sends what one turn wrote in one writev, in order, and a later turn on its own', async () => {
    const socket = coalesceWrites(await dial());
    expect(coalesceWrites(socket)).toBe(socket); // a second wrap changes nothing
    const calls = recordWrites(socket);
    received = '';
    await writeInOneTurn((text) => socket.write(text));
    await nextTurn();
    expect(calls).toEqual([4]);
    socket.write('e');
    await nextTurn();
    expect(calls).toEqual([4, 1]);
    await new Promise<void>((resolve) => socket.write('', () => resolve()));
    while (received.length < 5) await nextTurn();
    expect(received).toBe('abcde');
  });

  it('(the same writes without it: a system call each)', async () => {
    const socket = await dial();
    const calls = recordWrites(socket);
    await writeInOneTurn((text) => socket.write(text));
    await nextTurn();
    expect(calls).toEqual([1, 1, 1, 1]);
  });
});

describe('coalesced writes of the NATS and Redis clients', () => {
  const prefixes = uniquePrefixes('coalesce');
  let publisher: NatsConnection;
  let subscriber: NatsConnection;
  let redis: Redis;

  beforeAll(async () => {
    const config = { NATS_URL, NATS_RECONNECT_WAIT_MS: 500 } as BaseConfig;
    publisher = await connect(natsOptions(config, 'coalesce-spec'));
    subscriber = await connect({ servers: NATS_URL });
    redis = new Redis(REDIS_URL, { ...COALESCED_REDIS });
    await once(redis, 'ready');
  });
  afterAll(async () => {
    await publisher.close();
    await subscriber.close();
    redis.disconnect();
  });

  it('a NATS connection made with natsOptions sends messages flushed at different microtask depths at once', async () => {
    const subject = `${prefixes.nats}probe`;
    const sub = subscriber.subscribe(subject, { max: 4 });
    await subscriber.flush();
    // the client flushes once per microtask queue: these four flushes would be four writes
    const socket = (publisher as unknown as { protocol: { transport: { socket: Socket } } }).protocol.transport.socket;
    const calls = recordWrites(socket);
    await writeInOneTurn((text) => publisher.publish(subject, text));
    await nextTurn();
    expect(calls).toEqual([4]);
    const got: string[] = [];
    for await (const m of sub) got.push(m.string());
    expect(got).toEqual(['a', 'b', 'c', 'd']);
  });

  it('an ioredis client with COALESCED_REDIS sends one turn’s commands at once, after a reconnect too', async () => {
    const key = `${prefixes.redis}n`;
    for (const round of [1, 2]) {
      const calls = recordWrites(redis.stream as Socket);
      const replies: Array<Promise<unknown>> = [];
      await writeInOneTurn(() => replies.push(redis.incr(key)));
      await nextTurn();
      expect(await Promise.all(replies)).toEqual([1, 2, 3, 4].map((n) => n + (round - 1) * 4));
      expect(calls).toEqual([4]);
      if (round === 1) {
        redis.disconnect(true);
        await once(redis, 'ready');
      }
    }
    await redis.del(key);
  });
});
