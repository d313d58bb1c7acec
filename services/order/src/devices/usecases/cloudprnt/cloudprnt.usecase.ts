import { Inject, Injectable } from '@nestjs/common';
import type { CloudPrntPollReply, DeviceCredentials, DeviceQueueEntry, PrintDocuments } from '@shop/contracts';
import { NOUNS, t } from '@shop/i18n-de';
import { CONFIG, DomainException, LOGGER, parseOrThrow } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { OrderConfig } from '../../../config/order-config.js';
import { DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';
import {
  authenticateDevice,
  logDevice,
  markSeen,
  mediaTypesOf,
  nextPrintJob,
  optionalPrinterText,
  recordPrintResult,
  requiredPrinterText,
  withoutNul,
} from '../shared/device-protocol.js';

const CloudPrntJobInput = z.object({ token: requiredPrinterText, type: optionalPrinterText });
const CloudPrntConfirmInput = z.object({ token: requiredPrinterText, code: requiredPrinterText });

/** CloudPRNT sends its status code URL-encoded ("200%20OK"); a broken encoding is kept as sent. */
function statusCodeOf(body: Record<string, unknown>): string | null {
  if (typeof body.statusCode !== 'string') return null;
  let status = body.statusCode;
  try {
    status = decodeURIComponent(status);
  } catch {
    /* URIError: not percent-encoded after all */
  }
  return withoutNul(status) as string;
}

/**
 * Star CloudPRNT: the poll (POST) answers jobReady, the media types and a jobToken; the GET of the job has no
 * side effects; the DELETE confirms with the printer's status code (2xx done, anything else back into the
 * queue until PRINT_MAX_ATTEMPTS, then failed with the code as reason).
 */
@Injectable()
export class CloudPrnt {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Star CloudPRNT poll (POST). */
  async poll(creds: DeviceCredentials, body: Record<string, unknown>): Promise<CloudPrntPollReply> {
    return this.ds.transaction(async (m) => {
      const device = await authenticateDevice(m, creds);
      await markSeen(m, device, statusCodeOf(body));
      const reply: CloudPrntPollReply = { jobReady: false };
      // answers to the client actions we asked for: the device's logs
      if (Array.isArray(body.clientAction) && body.clientAction.length) {
        await logDevice(m, device.id, t('orderMessages.deviceLogReceived'), withoutNul(body.clientAction));
        await m.getRepository(DeviceEntity).update(device.id, { logsRequestedAt: null });
      } else if (device.logsRequestedAt) {
        reply.clientAction = ['ClientType', 'ClientVersion', 'GetPollInterval', 'Encodings'].map((request) => ({
          request,
          options: '',
        }));
      }
      const job = await nextPrintJob(m, device.id);
      if (job) Object.assign(reply, { jobReady: true, mediaTypes: mediaTypesOf(job), jobToken: job.token });
      return reply;
    });
  }

  /** Star CloudPRNT job GET: the same bytes however often it is asked (no state changes). */
  async job(
    creds: DeviceCredentials & { token: string; type: string | null },
  ): Promise<{ mediaType: string; base64: string }> {
    const device = await authenticateDevice(this.ds.manager, creds);
    const { token, type } = parseOrThrow(CloudPrntJobInput, { token: creds.token, type: creds.type ?? null });
    const job = await this.ds.getRepository(DeviceQueueEntity).findOneBy({ deviceId: device.id, token, kind: 'print' });
    if (!job || job.status === 'done' || job.status === 'failed') throw DomainException.notFound(NOUNS.printJob);
    // only the media types the poll offered (the type also becomes the answer's content-type header)
    const mediaType = type ?? mediaTypesOf(job)[0];
    if (!mediaTypesOf(job).includes(mediaType))
      throw DomainException.of('VALIDATION_FAILED', 'validation.choice', undefined, 'type');
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- the poll offers only the media types the job has a document of (mediaTypesOf, checked above)
    return { mediaType, base64: job.documents[mediaType as keyof PrintDocuments]! };
  }

  /** Star CloudPRNT DELETE: 2xx printed; anything else re-queued, or failed after the last attempt. Repeatable. */
  async confirm(
    creds: DeviceCredentials & { token: string; code: string },
  ): Promise<{ status: DeviceQueueEntry['status'] }> {
    const status = await this.ds.transaction(async (m) => {
      const device = await authenticateDevice(m, creds);
      const { token, code } = parseOrThrow(CloudPrntConfirmInput, { token: creds.token, code: creds.code });
      const job = await m
        .getRepository(DeviceQueueEntity)
        .findOne({ where: { deviceId: device.id, token }, lock: { mode: 'pessimistic_write' } });
      if (!job) throw DomainException.notFound(NOUNS.printJob);
      return recordPrintResult(m, {
        device,
        job,
        success: /^2\d\d/.test(code.trim()),
        reason: code,
        maxAttempts: this.config.PRINT_MAX_ATTEMPTS,
        logger: this.logger,
      });
    });
    return { status };
  }
}
