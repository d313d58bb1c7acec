import { connect, type NatsConnection } from '@nats-io/transport-node';
import { cleanupPrefixes, NATS_URL, uniquePrefixes } from '@shop/testing';
import { keptOnceMade, stagingBucket } from './staging-bucket.js';

describe('the upload staging bucket', () => {
  it('is made once and kept, but a failed attempt is made again on the next call', async () => {
    let attempts = 0;
    const get = keptOnceMade(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('timeout');
      return { attempt: attempts };
    });
    await expect(get()).rejects.toThrow('timeout');
    const made = await get();
    expect(made).toEqual({ attempt: 2 });
    expect(await get()).toBe(made);
    expect(attempts).toBe(2);
  });

  describe('on the real NATS', () => {
    const prefixes = uniquePrefixes('staging');
    let nc: NatsConnection;
    beforeAll(async () => {
      nc = await connect({ servers: NATS_URL });
    });
    afterAll(async () => {
      await nc.close();
      await cleanupPrefixes(prefixes);
    });

    it('opens the object store once and stages files in it', async () => {
      const bucket = stagingBucket(nc, prefixes.nats);
      const store = await bucket();
      expect(await bucket()).toBe(store);
      await store.putBlob({ name: 'probe' }, Buffer.from('hallo'));
      expect(Buffer.from((await store.getBlob('probe'))!).toString()).toBe('hallo');
    });
  });
});
