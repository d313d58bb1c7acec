import { Inject, Injectable } from '@nestjs/common';
import { MEDIA_TYPES, type DeviceCredentials } from '@shop/contracts';
import { CONFIG, DomainException, LOGGER, parseOrThrow } from '@shop/server';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { OrderConfig } from '../../../config/order-config.js';
import { DeviceQueueEntity } from '../../device-queue.entity.js';
import {
  authenticateDevice,
  markSeen,
  nextPrintJob,
  recordPrintResult,
  requiredPrinterText,
} from '../shared/device-protocol.js';

/** the Epson form field's own name, so the printer's owner finds it */
const EpsonSetResponseInput = z.object({ ResponseFile: requiredPrinterText });

const xmlParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name) => name === 'ePOSPrint',
});
const xmlBuilder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: false });

/**
 * Epson Server Direct Print: GetRequest hands out the oldest job as ePOS-Print XML (the ESC/POS bytes in a
 * <command> element) or an empty body; SetResponse records success or failure per printjobid; a failure
 * goes back into the queue; a job handed out and never answered is handed out again after a minute.
 */
@Injectable()
export class EpsonSdp {
  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: OrderConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Epson Server Direct Print GetRequest: the oldest job as PrintRequestInfo, or null (empty body) when idle. */
  async getRequest(creds: DeviceCredentials & { printerId: string | null }): Promise<{ xml: string | null }> {
    return this.ds.transaction(async (m) => {
      const device = await authenticateDevice(m, creds);
      await markSeen(m, device, null);
      const job = await nextPrintJob(m, device.id, this.config.PRINT_HANDOUT_TIMEOUT_MS);
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
            PrintData: {
              'epos-print': { '@xmlns': 'http://www.epson-pos.com/schemas/2011/03/epos-print', command: escpos },
            },
          },
        },
      });
      return { xml: `<?xml version="1.0" encoding="utf-8"?>\n${xml}` };
    });
  }

  /** Epson Server Direct Print SetResponse: the result of each printjobid. */
  async setResponse(creds: DeviceCredentials & { responseFile: string }): Promise<{ updated: number }> {
    const device = await authenticateDevice(this.ds.manager, creds);
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
      await markSeen(m, device, null);
      let updated = 0;
      for (const result of results) {
        const token = String(result?.Parameter?.printjobid ?? '');
        const response = result?.PrintResponse?.response ?? {};
        const job = await m
          .getRepository(DeviceQueueEntity)
          .findOne({ where: { deviceId: device.id, token }, lock: { mode: 'pessimistic_write' } });
        if (!job) continue;
        const success = String(response.success) === 'true';
        const reason = `${response.code || 'ERROR'}${response.status ? ` (status ${response.status})` : ''}`;
        await recordPrintResult(m, {
          device,
          job,
          success,
          reason,
          maxAttempts: this.config.PRINT_MAX_ATTEMPTS,
          logger: this.logger,
        });
        updated++;
      }
      return { updated };
    });
  }
}
