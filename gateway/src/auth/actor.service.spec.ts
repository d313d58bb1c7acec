import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import type { Actor, User } from '@shop/contracts';
import {
  BusServer,
  createLogger,
  createServiceBus,
  DomainException,
  Rpc,
  RpcDomainExceptionFilter,
  type RpcMessage,
  type ServiceBus,
} from '@shop/server';
import { cleanupPrefixes, NATS_URL, REDIS_URL, uniquePrefixes } from '@shop/testing';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { loadGatewayConfig, type GatewayConfig } from '../config/gateway-config.js';
import { ActorService } from './actor.service.js';
import { StaffSessions, type SessionData } from './staff-session.js';

/** What identity answers `identity.user.me` with, per user id (an Error: that failure), and who asked. */
const users = new Map<number, Partial<User> | Error>();
const asked: Array<{ id: number; actor: number | undefined }> = [];

@Controller()
class IdentityStandIn {
  @Rpc('identity.user.me')
  me(@Payload() m: RpcMessage<'identity.user.me'>) {
    asked.push({ id: m.payload.id, actor: m.actor?.id });
    const user = users.get(m.payload.id);
    if (user instanceof Error) throw user;
    return { credentialsChangedAt: null, ...user };
  }
}
@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

const REFRESH_SECONDS = 60;
const emp = (id: number): Actor => ({ id, username: `u${id}`, roles: ['ROLE_EMPLOYEE'], branches: [1] });

describe('ActorService: who is behind a request (real Redis sessions, identity on real NATS)', () => {
  const prefixes = uniquePrefixes('actorservice');
  let identity: INestMicroservice;
  let bus: ServiceBus;
  let redis: Redis;
  let sessions: StaffSessions;
  let actors: ActorService;
  beforeAll(async () => {
    identity = await NestFactory.createMicroservice(IdentityStandInModule, {
      strategy: new BusServer(prefixes.nats, { servers: NATS_URL, queue: 'stand-in' }),
      logger: false,
    });
    identity.useGlobalFilters(new RpcDomainExceptionFilter(createLogger('identity', 'silent')));
    await identity.listen();
    const config: GatewayConfig = loadGatewayConfig({
      NATS_URL,
      NATS_SUBJECT_PREFIX: prefixes.nats,
      ACTOR_REFRESH_SECONDS: String(REFRESH_SECONDS),
    });
    bus = await createServiceBus(config, 'gateway');
    redis = new Redis(REDIS_URL);
    sessions = new StaffSessions({
      redis,
      keyPrefix: `${prefixes.redis}sess:`,
      ttlSeconds: 3600,
      absoluteSeconds: 86_400,
      secure: false,
    });
    actors = new ActorService(bus, config, sessions);
  });
  afterAll(async () => {
    await bus.close();
    await identity.close();
    redis.disconnect();
    await cleanupPrefixes(prefixes);
  });

  let n = 0;
  /** A request of a stored session, its actor confirmed `checkedAgoMs` ago. */
  async function requestOf(actor: Actor, checkedAgoMs: number, o: Partial<SessionData> = {}) {
    const data: SessionData = {
      actor,
      actorCheckedAt: Date.now() - checkedAgoMs,
      startedAt: Date.now() - checkedAgoMs,
      credentialsChangedAt: null,
      ...o,
    };
    const id = `session-${++n}`;
    await redis.set(`${prefixes.redis}sess:${id}`, JSON.stringify(data));
    return { id, req: { staffSession: { id, data } } as unknown as FastifyRequest };
  }
  const stored = async (id: string) => {
    const raw = await redis.get(`${prefixes.redis}sess:${id}`);
    return raw ? (JSON.parse(raw) as SessionData) : null;
  };

  it('no session: no one, and identity is not asked', async () => {
    asked.length = 0;
    expect(await actors.resolve({ staffSession: null } as unknown as FastifyRequest)).toBeNull();
    expect(asked).toEqual([]);
  });

  it('trusts a recently confirmed actor without asking identity, until identity reports a change of the user', async () => {
    const { req } = await requestOf(emp(10), 5_000);
    users.set(10, { id: 10, username: 'u10', roles: ['ROLE_EMPLOYEE'], branches: [{ id: 2 }] });
    asked.length = 0;
    expect(await actors.resolve(req)).toEqual(emp(10));
    expect(asked).toEqual([]);
    // another user's change does not count; this user's does
    await sessions.userChanged(11);
    expect(await actors.resolve(req)).toEqual(emp(10));
    expect(asked).toEqual([]);
    await sessions.userChanged(10);
    expect(await actors.resolve(req)).toEqual({ ...emp(10), branches: [2] });
    expect(asked).toEqual([{ id: 10, actor: 10 }]);
  });

  it('re-confirms an actor older than ACTOR_REFRESH_SECONDS: fresh roles and branches, saved in the session', async () => {
    const { id, req } = await requestOf(emp(20), (REFRESH_SECONDS + 1) * 1000);
    users.set(20, {
      id: 20,
      username: 'u20',
      roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'],
      branches: [{ id: 4 }, { id: 5 }],
    });
    const fresh = { id: 20, username: 'u20', roles: ['ROLE_EMPLOYEE', 'ROLE_BRANCH_MANAGER'], branches: [4, 5] };
    expect(await actors.resolve(req)).toEqual(fresh);
    const saved = await stored(id);
    expect(saved?.actor).toEqual(fresh);
    expect(Date.now() - saved!.actorCheckedAt).toBeLessThan(5_000);
    // confirmed now: the next request does not ask again
    asked.length = 0;
    expect(await actors.resolve(req)).toEqual(fresh);
    expect(asked).toEqual([]);
  });

  it('ends the session when the password changed elsewhere, or identity no longer knows the user as active', async () => {
    const changed = await requestOf(emp(30), (REFRESH_SECONDS + 1) * 1000);
    users.set(30, {
      id: 30,
      username: 'u30',
      roles: ['ROLE_EMPLOYEE'],
      branches: [],
      credentialsChangedAt: '2026-12-01T10:00:00.000Z',
    });
    expect(await actors.resolve(changed.req)).toBeNull();
    expect(changed.req.staffSession).toBeNull();
    expect(await stored(changed.id)).toBeNull();

    const disabled = await requestOf(emp(31), (REFRESH_SECONDS + 1) * 1000);
    users.set(31, DomainException.of('UNAUTHENTICATED', 'auth.unauthenticated'));
    expect(await actors.resolve(disabled.req)).toBeNull();
    expect(await stored(disabled.id)).toBeNull();
  });

  it('any other failure of identity is passed on and the session stays', async () => {
    const { id, req } = await requestOf(emp(40), (REFRESH_SECONDS + 1) * 1000);
    users.set(40, DomainException.forbidden());
    await expect(actors.resolve(req)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(req.staffSession).not.toBeNull();
    expect((await stored(id))?.actor).toEqual(emp(40));
  });
});
