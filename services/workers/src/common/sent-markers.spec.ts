import { cleanupPrefixes, REDIS_URL, uniquePrefixes } from '@shop/testing';
import { Redis } from 'ioredis';
import type { WorkersConfig } from '../config/workers-config.js';
import { SendInProgressError, SentMarkers, type SentRecipient } from './sent-markers.js';

/** Sent markers on the real Redis: one message per job and recipient, even with two workers on one job. */
describe('SentMarkers', () => {
  const prefixes = uniquePrefixes('sentmarkers');
  const redis = new Redis(REDIS_URL);
  const markers = new SentMarkers(redis, { REDIS_PREFIX: prefixes.redis } as WorkersConfig);
  afterAll(async () => {
    await cleanupPrefixes(prefixes);
    redis.disconnect();
  });

  it('sends once when a stalled job runs in two workers at the same time', async () => {
    let sends = 0;
    let release!: () => void;
    const slowSend = () =>
      new Promise<void>((resolve) => {
        sends++;
        release = resolve;
      });
    const first = markers.once('email-1-created', 'customer', slowSend);
    // the second worker starts while the first one's mail is still going out
    await new Promise<void>((resolve) => setImmediate(resolve));
    await expect(markers.once('email-1-created', 'customer', slowSend)).rejects.toBeInstanceOf(SendInProgressError);
    await new Promise<void>((resolve) => setImmediate(resolve));
    release();
    expect(await first).toBe(true);
    // the retry of the second worker finds it sent
    expect(await markers.once('email-1-created', 'customer', slowSend)).toBe(false);
    expect(sends).toBe(1);
  });

  it('releases the claim when sending fails, so a retry sends', async () => {
    await expect(
      markers.once('sms-2-created', 'customer', () => Promise.reject(new Error('provider down'))),
    ).rejects.toThrow('provider down');
    let sends = 0;
    expect(await markers.once('sms-2-created', 'customer', async () => void sends++)).toBe(true);
    expect(sends).toBe(1);
  });

  it("keys a marker by the job and the recipient's role, never by an address or number (issue 44)", async () => {
    expect(await markers.once('email-4-created', 'customer', async () => {})).toBe(true);
    const keys = await redis.keys(`${prefixes.redis}sent:email-4-*`);
    expect(keys).toEqual([`${prefixes.redis}sent:email-4-created:customer`]);
    expect(await redis.get(keys[0])).toBe('sent');
    // an address does not compile as a recipient (the typecheck covers the specs)
    // @ts-expect-error the recipient is a role
    const address: SentRecipient = 'anna@example.at';
    expect(address).toBeDefined();
  });

  it('keeps recipients of one job apart', async () => {
    let sends = 0;
    const send = async () => void sends++;
    expect(await markers.once('email-3-created', 'customer', send)).toBe(true);
    expect(await markers.once('email-3-created', 'branch', send)).toBe(true);
    expect(await markers.once('email-3-created', 'customer', send)).toBe(false);
    expect(sends).toBe(2);
  });
});
