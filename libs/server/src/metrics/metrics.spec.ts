import { heartbeat, onScrape, queueJobs, renderMetrics, watchQueues } from './metrics.js';

const heartbeatOf = async (service: string) =>
  (await heartbeat.get()).values.find((v) => v.labels.service === service)?.value;

describe('a scrape', () => {
  it('answers while a queue waits for a Redis that is away: the queue is left out, the heartbeat withheld', async () => {
    let calls = 0;
    // BullMQ's getJobCounts while ioredis holds the command for a reconnect that does not come
    const stuck = {
      name: 'stuck-queue',
      getJobCounts: () => (calls++, new Promise<Record<string, number>>(() => undefined)),
    };
    const fine = { name: 'fine-queue', getJobCounts: async () => ({ waiting: 3 }) };
    const stopStuck = watchQueues([stuck]);
    const stopFine = watchQueues([fine]);
    try {
      const text = await renderMetrics(['unit-scrape']);
      expect(text).toContain('shop_queue_jobs{queue="fine-queue",state="waiting"} 3');
      expect(text).not.toContain('stuck-queue');
      expect(await heartbeatOf('unit-scrape')).toBeUndefined();
      // the next scrape joins the read still in flight instead of queueing another command
      await renderMetrics(['unit-scrape']);
      expect(calls).toBe(1);
    } finally {
      stopStuck();
      stopFine();
    }
    // with the stuck source gone, the heartbeat is back
    await renderMetrics(['unit-scrape']);
    expect(await heartbeatOf('unit-scrape')).toBeGreaterThan(0);
    expect((await queueJobs.get()).values.some((v) => v.labels.queue === 'stuck-queue')).toBe(false);
  });

  it('still reads a source that failed once at the next scrape', async () => {
    let fail = true;
    const stop = onScrape(async () => {
      if (fail) throw new Error('database down');
      queueJobs.set({ queue: 'flaky', state: 'waiting' }, 1);
    });
    try {
      expect(await renderMetrics()).not.toContain('queue="flaky"');
      fail = false;
      expect(await renderMetrics()).toContain('shop_queue_jobs{queue="flaky",state="waiting"} 1');
    } finally {
      stop();
    }
  });
});
