import { Injectable } from '@nestjs/common';
import { MEDIA_TYPES, type EnqueuePrintRequest, type PrintDocuments } from '@shop/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource, In } from 'typeorm';
import { DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';

/** The media types a device gets: Epson printers take ESC/POS (inside ePOS-Print XML), CloudPRNT ones their format. */
function documentsFor(device: DeviceEntity, docs: EnqueuePrintRequest['documents']): PrintDocuments {
  const escpos = device.protocol === 'epson-sdp' || device.printFormat === 'escpos';
  return escpos
    ? { [MEDIA_TYPES.escpos]: docs.escpos, [MEDIA_TYPES.text]: docs.text }
    : { [MEDIA_TYPES.starLine]: docs.star, [MEDIA_TYPES.text]: docs.text };
}

/** Filling the devices' queues with a rendered print job (called when a worker finished it). */
@Injectable()
export class EnqueuePrint {
  constructor(private readonly ds: DataSource) {}

  /** One entry per printer of the branch (or the one device of a test page); a repeated job key adds nothing. */
  async execute(req: EnqueuePrintRequest): Promise<{ queued: number[] }> {
    const where = req.deviceId
      ? { id: req.deviceId }
      : {
          branchId: req.branch,
          isEnabled: true,
          type: In(req.notification ? ['printer', 'notification'] : ['printer']),
        };
    const devices = await this.ds.getRepository(DeviceEntity).findBy(where);
    const rows = devices.map((d) => ({
      deviceId: d.id,
      jobKey: req.jobKey,
      orderId: req.orderId,
      kind: d.type === 'printer' ? ('print' as const) : ('notification' as const),
      documents:
        d.type === 'printer'
          ? documentsFor(d, req.documents)
          : { [MEDIA_TYPES.text]: Buffer.from(req.notification ?? '').toString('base64') },
      token: randomBytes(12).toString('base64url'),
    }));
    if (!rows.length) return { queued: [] };
    const result = await this.ds
      .createQueryBuilder()
      .insert()
      .into(DeviceQueueEntity)
      .values(rows)
      .orIgnore()
      .returning(['id'])
      .execute();
    return { queued: (result.raw as Array<{ id: number }>).map((r) => r.id) };
  }
}
