import type { Socket } from 'node:net';
import { NodeTransport } from '@nats-io/transport-node/lib/node_transport.js';
import { StandaloneConnector } from 'ioredis/built/connectors/index.js';
import type { StandaloneConnectionOptions } from 'ioredis/built/connectors/StandaloneConnector.js';

const COALESCED = Symbol('coalesced writes');

/**
 * Every write to the socket within one turn of the event loop leaves in one system call (writev) at the turn's
 * end (its check phase, `setImmediate`) instead of one each. On the order path a turn often writes to the same
 * connection several times: a group commit answers six orders at different microtask depths (the NATS client
 * flushes once per microtask queue), the relay adds a pass's jobs to BullMQ one command after the other, the gateway
 * sends the Redis scripts and NATS requests of the HTTP requests it read in one poll phase. A system call that wakes
 * another process costs tens of µs on the machines this runs on (issue 45: socket writes were a third of the order
 * service's busy samples and of the gateway's). Bytes and their order are untouched; they leave at most one turn
 * later, and the socket's own `cork` count keeps a caller's cork (pg corks each query) working as before.
 */
export function coalesceWrites<S extends Socket>(socket: S): S {
  const marked = socket as S & { [COALESCED]?: true };
  if (marked[COALESCED]) return socket;
  marked[COALESCED] = true;
  let corked = false;
  const uncork = () => {
    corked = false;
    socket.uncork();
  };
  const write = socket.write;
  socket.write = function (this: S, ...args: Parameters<Socket['write']>) {
    if (!corked && !socket.destroyed) {
      corked = true;
      socket.cork();
      setImmediate(uncork);
    }
    return write.apply(this, args);
  } as Socket['write'];
  return socket;
}

/**
 * ioredis' own connector (a TCP or TLS socket to one server) with coalesced writes: `Connector` in the options of a
 * client (`redisOptions`), so BullMQ's connections, which it makes and duplicates from those options, get it too.
 */
export class CoalescingRedisConnector extends StandaloneConnector {
  // ioredis constructs a connector with its options, typed `unknown` for any connector
  constructor(options: unknown) {
    super(options as StandaloneConnectionOptions);
  }

  override async connect(...args: Parameters<StandaloneConnector['connect']>) {
    return coalesceWrites((await super.connect(...args)) as Socket);
  }
}

/** Options of an ioredis client (or a BullMQ connection) whose writes are coalesced. */
export const COALESCED_REDIS = { Connector: CoalescingRedisConnector } as const;

/**
 * The NATS client's socket for every connection of the process (the RPC server and client, JetStream), reconnects
 * included: NATS's own `connect` builds its transport itself, so the dial of that transport is where the socket is
 * reached. Idempotent.
 */
export function coalesceNatsWrites(): void {
  const proto = NodeTransport.prototype as unknown as { dial(hp: unknown): Promise<Socket>; [COALESCED]?: true };
  if (proto[COALESCED]) return;
  proto[COALESCED] = true;
  const dial = proto.dial;
  proto.dial = async function (this: unknown, hp: unknown) {
    return coalesceWrites(await dial.call(this, hp));
  };
}
