import { Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Actor, RpcReply } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import {
  BusServer,
  CONFIG,
  configureMicroservice,
  createLogger,
  createServiceBus,
  DomainException,
  LOGGER,
  OUTBOX_RELAY,
  type ServiceBus,
} from '@shop/server';
import { cleanupPrefixes, NATS_URL, uniquePrefixes } from '@shop/testing';
import type { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { contentTestContext, type ContentTestContext } from '../../test/content-test-context.js';
import { ANNA, ANNAS_SUBJECT, formNode, submit } from '../../test/privacy-fixtures.js';
import { CONTENT_EMAIL_QUEUE, createEmailQueue } from '../jobs/content-jobs.js';
import { PrivacyController } from './privacy.controller.js';
import { PrivacyRepository } from './privacy.repository.js';
import { ErasePersonalData } from './usecases/erase-personal-data/erase-personal-data.usecase.js';
import { FindPersonalData } from './usecases/find-personal-data/find-personal-data.usecase.js';

const PRIVACY_OFFICER: Actor = { id: 7, username: 'dsb', roles: ['ROLE_ADMIN', 'ROLE_PRIVACY'], branches: [] };

/** What a request answered: its reply, or the DomainException's code and German field errors. */
const outcome = <T>(p: Promise<T>) =>
  p.then(
    (reply) => ({ reply }),
    (err: unknown) => {
      if (!(err instanceof DomainException)) throw err;
      return { code: err.code, errors: err.errors };
    },
  );

describe('content.privacy.find and .erase over NATS: only the identity service may ask (real NATS, Postgres)', () => {
  const prefixes = uniquePrefixes('privacy_bus');
  let ctx: ContentTestContext;
  let queue: Queue;
  let app: INestMicroservice;
  const buses: ServiceBus[] = [];
  const busOf = async (service: string, secret?: string) => {
    const config = { ...ctx.config, ...(secret ? { SERVICE_SECRET: secret } : {}) };
    const bus = await createServiceBus(config, service);
    buses.push(bus);
    return bus;
  };

  beforeAll(async () => {
    ctx = await contentTestContext('privacy_bus', { REDIS_PREFIX: prefixes.redis });
    queue = createEmailQueue(ctx.config);
    @Module({
      controllers: [PrivacyController],
      providers: [
        { provide: DataSource, useValue: ctx.ds },
        { provide: CONFIG, useValue: ctx.config },
        { provide: LOGGER, useValue: createLogger('content', 'silent') },
        { provide: CONTENT_EMAIL_QUEUE, useValue: queue },
        { provide: OUTBOX_RELAY, useValue: { kick: () => Promise.resolve() } },
        PrivacyRepository,
        FindPersonalData,
        ErasePersonalData,
      ],
    })
    class PrivacyModule {}
    app = await NestFactory.createMicroservice(PrivacyModule, {
      strategy: new BusServer(ctx.config.NATS_SUBJECT_PREFIX, { servers: NATS_URL, queue: 'content' }),
      logger: false,
    });
    configureMicroservice(app);
    await app.listen();
  }, 60_000);
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await app.close();
    await queue.close();
    await ctx.close();
    await cleanupPrefixes(prefixes);
  });

  it('answers the identity service: her sections, then her erasure', async () => {
    const form = await formNode(ctx.ds);
    await submit(ctx.ds, ctx.config, form.id, ANNA);
    const identity = await busOf('identity');

    const found = await identity.requestAsService('content.privacy.find', { subject: ANNAS_SUBJECT });
    expect(found.sections.map((s) => [s.kind, s.rows.length])).toEqual([['formSubmissions', 1]]);
    expect(found.names).toEqual(['Anna Mustermann']);

    const erased: RpcReply<'content.privacy.erase'> = await identity.requestAsService('content.privacy.erase', {
      subject: ANNAS_SUBJECT,
    });
    expect(erased.erased).toContainEqual({ kind: 'formSubmissions', count: 1 });
    expect((await identity.requestAsService('content.privacy.find', { subject: ANNAS_SUBJECT })).sections).toEqual([]);
  });

  it('refuses any other service, a forged identity and staff (even a privacy officer) with 403', async () => {
    const forbidden = { code: 'FORBIDDEN', errors: [expect.objectContaining({ field: null })] };
    const workers = await busOf('workers');
    expect(await outcome(workers.requestAsService('content.privacy.find', { subject: ANNAS_SUBJECT }))).toEqual(
      forbidden,
    );
    const forged = await busOf('identity', 'a-guessed-secret-of-16+');
    expect(await outcome(forged.requestAsService('content.privacy.erase', { subject: ANNAS_SUBJECT }))).toEqual(
      forbidden,
    );
    expect(
      await outcome(workers.request('content.privacy.erase', { subject: ANNAS_SUBJECT }, PRIVACY_OFFICER)),
    ).toEqual(forbidden);
  });

  it('answers a malformed request with German field errors, not a 500', async () => {
    const identity = await busOf('identity');
    const bad = { subject: { emails: ['anna@example.at'], phoneDigits: ['0664 123'], phonesE164: [] } };
    expect(await outcome(identity.requestAsService('content.privacy.find', bad))).toEqual({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'subject.phoneDigits.0', message: t('validation.regex') }],
    });
  });
});
