import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { LISTEN_BACKLOG, listenGateway } from './listen-gateway.js';

@Module({})
class EmptyModule {}

describe('listenGateway', () => {
  let app: NestFastifyApplication;
  afterEach(() => app?.close());

  it('listens with an accept queue of LISTEN_BACKLOG (capped by the kernel), not the default 511', async () => {
    app = await NestFactory.create<NestFastifyApplication>(EmptyModule, new FastifyAdapter(), { logger: false });
    await listenGateway(app, 0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    // for a listening socket, ss shows the queue's length as Send-Q
    const [, , sendQ] = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
      .trim()
      .split(/\s+/);
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(Number(sendQ)).toBe(Math.min(LISTEN_BACKLOG, somaxconn));
    expect(Number(sendQ)).toBeGreaterThan(511);
  });
});
