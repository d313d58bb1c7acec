import { jest } from '@jest/globals';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { STREAMS, type UploadRef } from '@shop/contracts';
import { publishEvent, streamName, type ServiceBus } from '@shop/server';
import { cleanupPrefixes, NATS_URL, uniquePrefixes, waitFor } from '@shop/testing';
import pino from 'pino';
import { KnownUploads } from './known-uploads.js';

/** issue 45: an order's upload check answered from the content service's events, asking only for what it has not seen */
describe('KnownUploads', () => {
  const prefixes = uniquePrefixes('known_uploads');
  let nc: NatsConnection;
  let known: KnownUploads;
  /** the content service's answer to content.upload.verify: every reference it is asked about is missing */
  const request = jest.fn(async (_subject: string, { refs }: { refs: UploadRef[] }) => ({ missing: refs }));
  const publish = (verb: 'created' | 'deleted', id: number, extra: object = {}) =>
    publishEvent(
      jetstream(nc),
      prefixes.nats,
      `content.upload.${verb}`,
      { entity: 'upload', id, verb, at: new Date().toISOString(), ...extra },
      `upload-${verb}-${id}`,
    );

  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL });
    known = new KnownUploads(
      { request } as unknown as ServiceBus,
      nc,
      { NATS_SUBJECT_PREFIX: prefixes.nats },
      pino({ level: 'silent' }),
    );
    await known.onApplicationBootstrap();
    // the follower reads from "now": events count once its consumer is there
    const jsm = await jetstreamManager(nc);
    const stream = streamName(prefixes.nats, STREAMS.content.name);
    await waitFor(async () => (await jsm.streams.info(stream)).state.consumer_count > 0, 15_000);
  });
  afterAll(async () => {
    known.onApplicationShutdown();
    await nc.close();
    await cleanupPrefixes(prefixes);
  });
  beforeEach(() => request.mockClear());

  it('answers references to announced uploads without asking the content service; a wrong publicHash is missing', async () => {
    await publish('created', 1, { publicHash: 'hash-1' });
    await publish('created', 2, { publicHash: 'hash-2' });
    // an event of a content service that does not send the hash yet: not known, so asked about
    await publish('created', 3);
    await waitFor(() => known.size === 2, 15_000);

    expect(await known.missing([{ id: 1, publicHash: 'hash-1' }])).toEqual([]);
    expect(await known.missing([{ id: 2, publicHash: 'guessed' }])).toEqual([{ id: 2, publicHash: 'guessed' }]);
    expect(request).not.toHaveBeenCalled();
  });

  it('asks the content service about the references it has not seen, and only about those', async () => {
    const refs = [
      { id: 1, publicHash: 'hash-1' },
      { id: 3, publicHash: 'hash-3' },
      { id: 99, publicHash: 'hash-99' },
    ];
    expect(await known.missing(refs)).toEqual([refs[1], refs[2]]);
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('content.upload.verify', { refs: [refs[1], refs[2]] });
  });

  it('forgets a deleted upload (purged, erased or deleted by staff): the next check asks the content service', async () => {
    await publish('deleted', 1);
    await waitFor(() => known.size === 1, 15_000);
    expect(await known.missing([{ id: 1, publicHash: 'hash-1' }])).toEqual([{ id: 1, publicHash: 'hash-1' }]);
    expect(request).toHaveBeenCalledTimes(1);
  });
});
