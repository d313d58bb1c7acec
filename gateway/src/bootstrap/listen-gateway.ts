import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * The gateway's accept queue: connections the kernel has accepted and the process has not yet taken. Node's default
 * (511) overflowed when a command to a whole branch made a thousand TVs connect for their acknowledgements at once:
 * the kernel dropped the SYNs past the queue (`TcpExtListenOverflows`), their clients sent them again after TCP's
 * first retransmission timeout of 1 s, and 99 % of the acks arrived after 1.37–1.42 s instead of 0.56–0.64 s
 * (scripts/bench/README.md, signage). The kernel caps it at `net.core.somaxconn` (4096 on Linux since 5.4, also in
 * containers and pods).
 */
export const LISTEN_BACKLOG = 4096;

/** Listens on the public port with the gateway's accept queue (main.ts, and the test stacks). */
export function listenGateway(app: NestFastifyApplication, port: number, host: string): Promise<unknown> {
  return app.listen({ port, host, backlog: LISTEN_BACKLOG });
}
