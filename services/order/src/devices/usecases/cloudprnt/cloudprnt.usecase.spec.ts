import { MEDIA_TYPES } from '@shop/contracts';
import { OutboxEntity } from '@shop/server';
import type { DataSource } from 'typeorm';
import {
  addDevice,
  credentialsOf,
  orderTestDatabase,
  silentLogger,
  testConfig,
} from '../../../../test/order-test-database.js';
import { DeviceLogEntity, DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';
import { CloudPrnt } from './cloudprnt.usecase.js';

describe('CloudPrnt (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: CloudPrnt;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('cloudprnt'));
    usecase = new CloudPrnt(ds, testConfig({ PRINT_MAX_ATTEMPTS: 2 }), silentLogger());
  });
  afterAll(() => close());

  const queue = (deviceId: number, jobKey: string) =>
    ds.getRepository(DeviceQueueEntity).save({
      deviceId,
      jobKey,
      orderId: 3,
      kind: 'print',
      status: 'queued',
      token: `tok-${deviceId}-${jobKey}`,
      documents: { [MEDIA_TYPES.text]: 'dGV4dA==', [MEDIA_TYPES.starLine]: 'c3Rhcg==' },
      attempts: 0,
      lastError: null,
      handedOutAt: null,
      finishedAt: null,
    } as DeviceQueueEntity);

  it('poll: nothing to do, then the oldest job with its media types (command set first) and token; the decoded status is kept', async () => {
    const device = await addDevice(ds);
    expect(await usecase.poll(credentialsOf(device), { statusCode: '200%20OK' })).toEqual({ jobReady: false });
    expect((await ds.getRepository(DeviceEntity).findOneByOrFail({ id: device.id })).lastStatus).toBe('200 OK');
    const job = await queue(device.id, 'first');
    await queue(device.id, 'second');
    expect(await usecase.poll(credentialsOf(device), { statusCode: '%E0%A4%A' })).toEqual({
      jobReady: true,
      mediaTypes: [MEDIA_TYPES.starLine, MEDIA_TYPES.text],
      jobToken: job.token,
    });
    expect((await ds.getRepository(DeviceEntity).findOneByOrFail({ id: device.id })).lastStatus).toBe('%E0%A4%A');
  });

  it('poll: asks for the logs while they are requested, records the answer and stops asking', async () => {
    const device = await addDevice(ds, { logsRequestedAt: new Date() });
    const reply = await usecase.poll(credentialsOf(device), {});
    expect(reply.clientAction?.map((a) => a.request)).toEqual([
      'ClientType',
      'ClientVersion',
      'GetPollInterval',
      'Encodings',
    ]);
    const answer = [{ request: 'ClientType', result: 'Star\0 mC-Print3' }];
    expect(await usecase.poll(credentialsOf(device), { clientAction: answer })).toEqual({ jobReady: false });
    expect((await ds.getRepository(DeviceEntity).findOneByOrFail({ id: device.id })).logsRequestedAt).toBeNull();
    const logs = await ds.getRepository(DeviceLogEntity).findBy({ deviceId: device.id });
    expect(logs.map((l) => l.data)).toContainEqual([{ request: 'ClientType', result: 'Star mC-Print3' }]);
    expect((await usecase.poll(credentialsOf(device), {})).clientAction).toBeUndefined();
  });

  it('job GET: the same bytes however often; only offered media types; unknown or finished tokens are 404', async () => {
    const device = await addDevice(ds);
    const job = await queue(device.id, 'get');
    const get = (type: string | null, token = job.token) => usecase.job({ ...credentialsOf(device), token, type });
    expect(await get(null)).toEqual({ mediaType: MEDIA_TYPES.starLine, base64: 'c3Rhcg==' });
    expect(await get(MEDIA_TYPES.text)).toEqual({ mediaType: MEDIA_TYPES.text, base64: 'dGV4dA==' });
    expect((await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: job.id })).status).toBe('queued');
    await expect(get(MEDIA_TYPES.escpos)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ field: 'type' })],
    });
    await expect(get(null, 'nope')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(get(null, '')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await ds.getRepository(DeviceQueueEntity).update(job.id, { status: 'done' });
    await expect(get(null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('confirm: 2xx is done (repeatable); anything else re-queued, failed after the last attempt with order.print.failed', async () => {
    const device = await addDevice(ds);
    const ok = await queue(device.id, 'ok');
    const confirm = (token: string, code: string) => usecase.confirm({ ...credentialsOf(device), token, code });
    expect(await confirm(ok.token, ' 200 OK')).toEqual({ status: 'done' });
    expect(await confirm(ok.token, '500')).toEqual({ status: 'done' });
    const bad = await queue(device.id, 'bad');
    expect(await confirm(bad.token, '520 Paper out')).toEqual({ status: 'queued' });
    expect(await confirm(bad.token, '520 Paper out')).toEqual({ status: 'failed' });
    expect(await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: bad.id })).toMatchObject({
      attempts: 2,
      lastError: '520 Paper out',
    });
    expect(await ds.getRepository(OutboxEntity).countBy({ subject: 'order.print.failed' })).toBe(1);
    await expect(confirm('nope', '200')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(confirm(ok.token, '')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('a wrong key is 401 for every call', async () => {
    const device = await addDevice(ds);
    const creds = { identifier: device.identifier, apiKey: 'wrong' };
    await expect(usecase.poll(creds, {})).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(usecase.job({ ...creds, token: 'x', type: null })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(usecase.confirm({ ...creds, token: 'x', code: '200' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect((await ds.getRepository(DeviceEntity).findOneByOrFail({ id: device.id })).lastSeenAt).toBeNull();
  });
});
