import { Inject, Injectable } from '@nestjs/common';
import {
  MEDIA_TYPES, type Actor, type CloudPrntPollReply, type DeviceCredentials, type DeviceLogEntry, type DeviceQueueEntry,
  type EnqueuePrintRequest, type PrintDocuments, type PrintFailedEvent,
} from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { addJobToOutbox, addToOutbox, CONFIG, requireAccess, DomainException, LOGGER, OUTBOX_RELAY, parseOrThrow, type OutboxKicker } from '@shop/server';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { DataSource, In, type EntityManager } from 'typeorm';
import { z } from 'zod';
import type { OrderConfig } from '../config/order-config.js';
import { sameSecret } from '../orders/order.service.js';
import { testPageJob } from '../jobs/order-jobs.js';
import { DeviceLogEntity, DeviceQueueEntity } from './device-queue.entity.js';
import { DeviceEntity } from './device.entity.js';

/** A printer counts as offline when no poll came for twice its interval plus 5 s. */
export function isOnline(device: Pick<DeviceEntity, 'lastSeenAt' | 'pollIntervalSeconds'>, now = Date.now()): boolean {
  return !!device.lastSeenAt && now - device.lastSeenAt.getTime() <= (2 * device.pollIntervalSeconds + 5) * 1000;
}

/** The media types a device gets: Epson printers take ESC/POS (inside ePOS-Print XML), CloudPRNT ones their format. */
function documentsFor(device: DeviceEntity, docs: EnqueuePrintRequest['documents']): PrintDocuments {
  const escpos = device.protocol === 'epson-sdp' || device.printFormat === 'escpos';
  return escpos
    ? { [MEDIA_TYPES.escpos]: docs.escpos, [MEDIA_TYPES.text]: docs.text }
    : { [MEDIA_TYPES.starLine]: docs.star, [MEDIA_TYPES.text]: docs.text };
}

/** The job's media types, command sets first (jsonb does not keep key order). */
const PREFERENCE: string[] = [MEDIA_TYPES.starLine, MEDIA_TYPES.escpos, MEDIA_TYPES.text];
const mediaTypesOf = (job: DeviceQueueEntity) => PREFERENCE.filter((t) => t in job.documents);

const toEntry = (q: DeviceQueueEntity): DeviceQueueEntry => ({
  id: q.id, device: q.deviceId, orderId: q.orderId, jobKey: q.jobKey, kind: q.kind, status: q.status, attempts: q.attempts,
  lastError: q.lastError, createdAt: q.createdAt.toISOString(), finishedAt: q.finishedAt?.toISOString() ?? null,
});

/**
 * What a printer sends is checked like any other input. NUL characters are dropped: Postgres text and jsonb
 * refuse them, and no printer status or answer needs one.
 */
const withoutNul = (value: unknown): unknown =>
  typeof value === 'string' ? value.replace(/\0/g, '')
  : Array.isArray(value) ? value.map(withoutNul)
  : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/\0/g, ''), withoutNul(v)]))
  : value;
const printerText = z.string().transform((s) => s.replace(/\0/g, ''));
const requiredText = printerText.pipe(z.string().min(1));
const CloudPrntJobInput = z.object({ token: requiredText, type: printerText.nullable() });
const CloudPrntConfirmInput = z.object({ token: requiredText, code: requiredText });
/** the Epson form field's own name, so the printer's owner finds it */
const EpsonSetResponseInput = z.object({ ResponseFile: requiredText });

/** CloudPRNT sends its status code URL-encoded ("200%20OK"); a broken encoding is kept as sent. */
function statusCodeOf(body: Record<string, unknown>): string | null {
  if (typeof body.statusCode !== 'string') return null;
  let status = body.statusCode;
  try {
    status = decodeURIComponent(status);
  } catch { /* URIError: not percent-encoded after all */ }
  return withoutNul(status) as string;
}

const xmlParser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false, isArray: (name) => name === 'ePOSPrint' });
const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: false });

/**
 * Devices' queues and the printers' pull protocols. Printers authenticate with their identifier and their own
 * API key (HTTP Basic), never with a staff session.
 * - Star CloudPRNT: the poll (POST) answers jobReady, the media types and a jobToken; the GET of the job has no
 *   side effects; the DELETE confirms with the printer's status code (2xx done, anything else back into the
 *   queue until PRINT_MAX_ATTEMPTS, then failed with the code as reason).
 * - Epson Server Direct Print: GetRequest hands out the oldest job as ePOS-Print XML (the ESC/POS bytes in a
 *   <command> element) or an empty body; SetResponse records success or failure per printjobid; a failure
 *   goes back into the queue; a job handed out and never answered is handed out again after a minute.
 */
@Injectable()
export class DeviceQueueService {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /* ------------------------------------------------------------ filling the queues (workers) */

  /** One entry per printer of the branch (or the one device of a test page); a repeated job key adds nothing. */
  async enqueuePrint(req: EnqueuePrintRequest): Promise<{ queued: number[] }> {
    const devices = await this.ds.getRepository(DeviceEntity).findBy(
      req.deviceId ? { id: req.deviceId } : { branchId: req.branch, isEnabled: true, type: In(req.notification ? ['printer', 'notification'] : ['printer']) },
    );
    const rows = devices.map((d) => ({
      deviceId: d.id, jobKey: req.jobKey, orderId: req.orderId,
      kind: d.type === 'printer' ? 'print' as const : 'notification' as const,
      documents: d.type === 'printer' ? documentsFor(d, req.documents) : { [MEDIA_TYPES.text]: Buffer.from(req.notification ?? '').toString('base64') },
      token: randomBytes(12).toString('base64url'),
    }));
    if (!rows.length) return { queued: [] };
    const result = await this.ds.createQueryBuilder().insert().into(DeviceQueueEntity).values(rows).orIgnore().returning(['id']).execute();
    return { queued: (result.raw as Array<{ id: number }>).map((r) => r.id) };
  }

  /* ------------------------------------------------------------ staff actions on a device */

  private async deviceForAdmin(actor: Actor | null, id: number): Promise<DeviceEntity> {
    requireAccess(actor, 'admin');
    const device = await this.ds.getRepository(DeviceEntity).findOneBy({ id });
    if (!device) throw DomainException.notFound('Gerät');
    return device;
  }

  /** A test page through the print queue (rendered by the workers like every receipt). */
  async testPrint(actor: Actor | null, id: number): Promise<{ jobId: string }> {
    const device = await this.deviceForAdmin(actor, id);
    if (device.type !== 'printer') throw DomainException.of('CONFLICT', 'devices.testFailed');
    const job = testPageJob(device.branchId, device.id);
    await this.ds.transaction((m) => addJobToOutbox(m, job));
    void this.relay.kick();
    return { jobId: job.jobId };
  }

  /** A test notification straight into a notification device's queue. */
  async testNotification(actor: Actor | null, id: number): Promise<DeviceQueueEntry> {
    const device = await this.deviceForAdmin(actor, id);
    if (device.type !== 'notification') throw DomainException.of('CONFLICT', 'devices.testFailed');
    const entry = await this.ds.getRepository(DeviceQueueEntity).save({
      deviceId: id, jobKey: `notification-test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`, orderId: null, kind: 'notification',
      status: 'queued', documents: { [MEDIA_TYPES.text]: Buffer.from(t('orderMessages.notifyTest')).toString('base64') },
      token: randomBytes(12).toString('base64url'), attempts: 0, lastError: null, handedOutAt: null, finishedAt: null,
    });
    return toEntry(entry);
  }

  /** The device sends its logs with its next poll (CloudPRNT client actions). */
  async requestLogs(actor: Actor | null, id: number): Promise<{ requestedAt: string }> {
    const device = await this.deviceForAdmin(actor, id);
    device.logsRequestedAt = new Date();
    await this.ds.getRepository(DeviceEntity).update(id, { logsRequestedAt: device.logsRequestedAt });
    await this.log(this.ds.manager, id, t('orderMessages.deviceLogRequested'), null);
    return { requestedAt: device.logsRequestedAt.toISOString() };
  }

  async logs(actor: Actor | null, id: number): Promise<DeviceLogEntry[]> {
    await this.deviceForAdmin(actor, id);
    const rows = await this.ds.getRepository(DeviceLogEntity).find({ where: { deviceId: id }, order: { id: 'DESC' }, take: 200 });
    return rows.map((r) => ({ id: r.id, device: r.deviceId, at: r.at.toISOString(), message: r.message, data: r.data }));
  }

  async queue(actor: Actor | null, id: number): Promise<DeviceQueueEntry[]> {
    await this.deviceForAdmin(actor, id);
    const rows = await this.ds.getRepository(DeviceQueueEntity).find({ where: { deviceId: id }, order: { id: 'DESC' }, take: 200 });
    return rows.map(toEntry);
  }

  /* ------------------------------------------------------------ devices themselves */

  /** The device behind the credentials (enabled); the same 401 for an unknown identifier and a wrong key. */
  private async authenticate(creds: DeviceCredentials, m: EntityManager = this.ds.manager): Promise<DeviceEntity> {
    const readable = typeof creds.identifier === 'string' && typeof creds.apiKey === 'string' && !creds.identifier.includes('\0');
    const device = readable ? await m.getRepository(DeviceEntity).findOneBy({ identifier: creds.identifier }) : null;
    const ok = !!device && sameSecret(device.apiKey, String(creds.apiKey)) && device.isEnabled;
    if (!ok) throw DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');
    return device;
  }

  private async log(m: EntityManager, deviceId: number, message: string, data: unknown) {
    await m.getRepository(DeviceLogEntity).insert({ deviceId, message, data: data as object });
  }

  /** A poll: the device is seen now; a changed status is logged. */
  private async seen(m: EntityManager, device: DeviceEntity, status: string | null) {
    const changed = status !== null && status !== device.lastStatus;
    await m.getRepository(DeviceEntity).update(device.id, { lastSeenAt: new Date(), ...(changed ? { lastStatus: status } : {}) });
    if (changed) await this.log(m, device.id, t('orderMessages.deviceStatus', { status }), null);
  }

  private nextJob(m: EntityManager, deviceId: number, handOutAgainAfterMs?: number) {
    const qb = m.getRepository(DeviceQueueEntity).createQueryBuilder('q')
      .where('q."deviceId" = :deviceId', { deviceId }).andWhere(`q.kind = 'print'`);
    if (handOutAgainAfterMs === undefined) qb.andWhere(`q.status = 'queued'`);
    else {
      qb.andWhere(`(q.status = 'queued' OR (q.status = 'printing' AND q."handedOutAt" < :stale))`, { stale: new Date(Date.now() - handOutAgainAfterMs) });
    }
    return qb.orderBy('q.id', 'ASC').limit(1).setLock('pessimistic_write').setOnLocked('skip_locked').getOne();
  }

  /** Star CloudPRNT poll (POST). */
  async cloudprntPoll(creds: DeviceCredentials, body: Record<string, unknown>): Promise<CloudPrntPollReply> {
    return this.ds.transaction(async (m) => {
      const device = await this.authenticate(creds, m);
      await this.seen(m, device, statusCodeOf(body));
      const reply: CloudPrntPollReply = { jobReady: false };
      // answers to the client actions we asked for: the device's logs
      if (Array.isArray(body.clientAction) && body.clientAction.length) {
        await this.log(m, device.id, t('orderMessages.deviceLogReceived'), withoutNul(body.clientAction));
        await m.getRepository(DeviceEntity).update(device.id, { logsRequestedAt: null });
      } else if (device.logsRequestedAt) {
        reply.clientAction = ['ClientType', 'ClientVersion', 'GetPollInterval', 'Encodings'].map((request) => ({ request, options: '' }));
      }
      const job = await this.nextJob(m, device.id);
      if (job) Object.assign(reply, { jobReady: true, mediaTypes: mediaTypesOf(job), jobToken: job.token });
      return reply;
    });
  }

  /** Star CloudPRNT job GET: the same bytes however often it is asked (no state changes). */
  async cloudprntJob(creds: DeviceCredentials & { token: string; type: string | null }): Promise<{ mediaType: string; base64: string }> {
    const device = await this.authenticate(creds);
    const { token, type } = parseOrThrow(CloudPrntJobInput, { token: creds.token, type: creds.type ?? null });
    const job = await this.ds.getRepository(DeviceQueueEntity).findOneBy({ deviceId: device.id, token, kind: 'print' });
    if (!job || job.status === 'done' || job.status === 'failed') throw DomainException.notFound('Druckauftrag');
    // only the media types the poll offered (the type also becomes the answer's content-type header)
    const mediaType = type ?? mediaTypesOf(job)[0];
    if (!mediaTypesOf(job).includes(mediaType)) throw DomainException.of('VALIDATION_FAILED', 'validation.choice', undefined, 'type');
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the poll offers only the media types the job has a document of (mediaTypesOf, checked above)
    return { mediaType, base64: job.documents[mediaType as keyof PrintDocuments]! };
  }

  /** Star CloudPRNT DELETE: 2xx printed; anything else re-queued, or failed after the last attempt. Repeatable. */
  async cloudprntConfirm(creds: DeviceCredentials & { token: string; code: string }): Promise<{ status: DeviceQueueEntry['status'] }> {
    const status = await this.ds.transaction(async (m) => {
      const device = await this.authenticate(creds, m);
      const { token, code } = parseOrThrow(CloudPrntConfirmInput, { token: creds.token, code: creds.code });
      const job = await m.getRepository(DeviceQueueEntity).findOne({ where: { deviceId: device.id, token }, lock: { mode: 'pessimistic_write' } });
      if (!job) throw DomainException.notFound('Druckauftrag');
      return this.finish(m, device, job, /^2\d\d/.test(code.trim()), code);
    });
    return { status };
  }

  private async finish(m: EntityManager, device: DeviceEntity, job: DeviceQueueEntity, success: boolean, reason: string): Promise<DeviceQueueEntry['status']> {
    if (job.status === 'done' || job.status === 'failed') return job.status;
    if (success) Object.assign(job, { status: 'done', finishedAt: new Date(), lastError: null });
    else {
      job.attempts += 1;
      job.lastError = reason;
      Object.assign(job, job.attempts >= this.config.PRINT_MAX_ATTEMPTS ? { status: 'failed', finishedAt: new Date() } : { status: 'queued', handedOutAt: null });
    }
    await m.save(job);
    await this.log(m, job.deviceId, success ? t('orderMessages.devicePrinted', { jobKey: job.jobKey }) : t('orderMessages.devicePrintFailed', { reason, jobKey: job.jobKey }), null);
    if (!success) this.logger.warn({ deviceId: job.deviceId, jobKey: job.jobKey, reason, status: job.status }, 'printer reported a failed job');
    if (!success && job.finishedAt) {
      // the last attempt failed: for the system log (statistics service); the relay's next poll publishes it after commit
      const event: PrintFailedEvent = {
        entryId: job.id, deviceId: device.id, deviceName: device.name, orderId: job.orderId, jobKey: job.jobKey, reason, attempts: job.attempts, at: new Date().toISOString(),
      };
      await addToOutbox(m, 'order.print.failed', event);
    }
    return job.status;
  }

  /** Epson Server Direct Print GetRequest: the oldest job as PrintRequestInfo, or null (empty body) when idle. */
  async epsonGetRequest(creds: DeviceCredentials & { printerId: string | null }): Promise<{ xml: string | null }> {
    return this.ds.transaction(async (m) => {
      const device = await this.authenticate(creds, m);
      await this.seen(m, device, null);
      const job = await this.nextJob(m, device.id, this.config.PRINT_HANDOUT_TIMEOUT_MS);
      if (!job) return { xml: null };
      job.status = 'printing';
      job.handedOutAt = new Date();
      await m.save(job);
      const escpos = Buffer.from(job.documents[MEDIA_TYPES.escpos] ?? '', 'base64').toString('hex');
      const xml = xmlBuilder.build({
        PrintRequestInfo: {
          '@Version': '2.00',
          ePOSPrint: {
            Parameter: { devid: 'local_printer', timeout: 60000, printjobid: job.token },
            PrintData: { 'epos-print': { '@xmlns': 'http://www.epson-pos.com/schemas/2011/03/epos-print', command: escpos } },
          },
        },
      });
      return { xml: `<?xml version="1.0" encoding="utf-8"?>\n${xml}` };
    });
  }

  /** Epson Server Direct Print SetResponse: the result of each printjobid. */
  async epsonSetResponse(creds: DeviceCredentials & { responseFile: string }): Promise<{ updated: number }> {
    const device = await this.authenticate(creds);
    const { ResponseFile } = parseOrThrow(EpsonSetResponseInput, { ResponseFile: creds.responseFile });
    const invalid = () => DomainException.of('VALIDATION_FAILED', 'validation.invalid', undefined, 'ResponseFile');
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the printer's XML, checked field by field below
    let parsed: any;
    try {
      parsed = xmlParser.parse(ResponseFile, true);
    } catch {
      throw invalid();
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as parsed
    const results = parsed?.PrintResponseInfo?.ePOSPrint as Array<any> | undefined;
    if (!results?.length) throw invalid();
    return this.ds.transaction(async (m) => {
      await this.seen(m, device, null);
      let updated = 0;
      for (const result of results) {
        const token = String(result?.Parameter?.printjobid ?? '');
        const response = result?.PrintResponse?.response ?? {};
        const job = await m.getRepository(DeviceQueueEntity).findOne({ where: { deviceId: device.id, token }, lock: { mode: 'pessimistic_write' } });
        if (!job) continue;
        const success = String(response.success) === 'true';
        await this.finish(m, device, job, success, `${response.code || 'ERROR'}${response.status ? ` (status ${response.status})` : ''}`);
        updated++;
      }
      return { updated };
    });
  }

  /** Notification devices fetch their pending notifications; fetched ones are done. */
  async notificationsPoll(creds: DeviceCredentials): Promise<Array<{ id: number; text: string; createdAt: string }>> {
    return this.ds.transaction(async (m) => {
      const device = await this.authenticate(creds, m);
      await this.seen(m, device, null);
      const rows = await m.getRepository(DeviceQueueEntity).createQueryBuilder('q')
        .where('q."deviceId" = :id AND q.kind = :kind AND q.status = :queued', { id: device.id, kind: 'notification', queued: 'queued' })
        .orderBy('q.id', 'ASC').limit(50).setLock('pessimistic_write').setOnLocked('skip_locked').getMany();
      if (rows.length) await m.getRepository(DeviceQueueEntity).update({ id: In(rows.map((r) => r.id)) }, { status: 'done', finishedAt: new Date() });
      return rows.map((r) => ({ id: r.id, text: Buffer.from(r.documents[MEDIA_TYPES.text] ?? '', 'base64').toString('utf8'), createdAt: r.createdAt.toISOString() }));
    });
  }
}
