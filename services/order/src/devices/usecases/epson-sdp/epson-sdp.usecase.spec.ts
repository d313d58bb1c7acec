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
import { DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';
import { EpsonSdp } from './epson-sdp.usecase.js';

describe('EpsonSdp (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: EpsonSdp;
  beforeAll(async () => {
    ({ ds, close } = await orderTestDatabase('epson_sdp'));
    usecase = new EpsonSdp(ds, testConfig({ PRINT_MAX_ATTEMPTS: 2, PRINT_HANDOUT_TIMEOUT_MS: 1000 }), silentLogger());
  });
  afterAll(() => close());

  const queue = (deviceId: number, jobKey: string) =>
    ds.getRepository(DeviceQueueEntity).save({
      deviceId,
      jobKey,
      orderId: 4,
      kind: 'print',
      status: 'queued',
      token: `tok-${deviceId}-${jobKey}`,
      documents: {
        [MEDIA_TYPES.escpos]: Buffer.from([0x1b, 0x40, 0x41]).toString('base64'),
        [MEDIA_TYPES.text]: 'eA==',
      },
      attempts: 0,
      lastError: null,
      handedOutAt: null,
      finishedAt: null,
    } as DeviceQueueEntity);
  const response = (token: string, success: boolean, code = '', status = '') =>
    `<PrintResponseInfo Version="2.00"><ePOSPrint><Parameter><devid>local_printer</devid><printjobid>${token}</printjobid></Parameter>` +
    `<PrintResponse><response success="${success}" code="${code}" status="${status}"/></PrintResponse></ePOSPrint></PrintResponseInfo>`;

  it('GetRequest: empty when idle; else the oldest job as ePOS-Print XML (ESC/POS as hex), handed out once until it times out', async () => {
    const device = await addDevice(ds, { protocol: 'epson-sdp', printFormat: 'escpos' });
    const creds = { ...credentialsOf(device), printerId: null };
    expect(await usecase.getRequest(creds)).toEqual({ xml: null });
    expect((await ds.getRepository(DeviceEntity).findOneByOrFail({ id: device.id })).lastSeenAt).not.toBeNull();
    const job = await queue(device.id, 'one');
    const { xml } = await usecase.getRequest(creds);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<PrintRequestInfo Version="2.00"><ePOSPrint>/);
    expect(xml).toContain(`<printjobid>${job.token}</printjobid>`);
    expect(xml).toContain(
      '<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print"><command>1b4041</command></epos-print>',
    );
    expect(await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: job.id })).toMatchObject({
      status: 'printing',
    });
    expect(await usecase.getRequest(creds)).toEqual({ xml: null });
    await ds.getRepository(DeviceQueueEntity).update(job.id, { handedOutAt: new Date(Date.now() - 5000) });
    expect((await usecase.getRequest(creds)).xml).toContain(job.token);
  });

  it('SetResponse: success is done, a failure goes back into the queue and fails after the last attempt; unknown ids are skipped', async () => {
    const device = await addDevice(ds, { protocol: 'epson-sdp' });
    const ok = await queue(device.id, 'ok');
    const bad = await queue(device.id, 'bad');
    const set = (responseFile: string) => usecase.setResponse({ ...credentialsOf(device), responseFile });
    expect(await set(response(ok.token, true) + '')).toEqual({ updated: 1 });
    expect((await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: ok.id })).status).toBe('done');
    expect(await set(response(bad.token, false, 'EPTR_REC_EMPTY', '251854870'))).toEqual({ updated: 1 });
    expect(await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: bad.id })).toMatchObject({
      status: 'queued',
      attempts: 1,
      lastError: 'EPTR_REC_EMPTY (status 251854870)',
    });
    expect(await set(response(bad.token, false))).toEqual({ updated: 1 });
    expect(await ds.getRepository(DeviceQueueEntity).findOneByOrFail({ id: bad.id })).toMatchObject({
      status: 'failed',
      lastError: 'ERROR',
    });
    expect(await ds.getRepository(OutboxEntity).countBy({ subject: 'order.print.failed' })).toBe(1);
    expect(await set(response('unknown', true))).toEqual({ updated: 0 });
  });

  it('SetResponse: an unreadable or empty ResponseFile is a validation error on that field', async () => {
    const device = await addDevice(ds, { protocol: 'epson-sdp' });
    for (const responseFile of ['<PrintResponseInfo><ePOSPrint>', '<Other/>', '']) {
      await expect(usecase.setResponse({ ...credentialsOf(device), responseFile })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [expect.objectContaining({ field: 'ResponseFile' })],
      });
    }
  });
});
