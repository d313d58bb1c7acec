import { Injectable } from '@nestjs/common';
import { MEDIA_TYPES, type EnqueuePrintRequest, type PrintDocuments } from '@shop/contracts';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DeviceEntity } from '../../device.entity.js';

type DeviceRow = Pick<DeviceEntity, 'id' | 'type' | 'protocol' | 'printFormat'>;

/** The media types a device gets: Epson printers take ESC/POS (inside ePOS-Print XML), CloudPRNT ones their format. */
function documentsFor(device: DeviceRow, docs: EnqueuePrintRequest['documents']): PrintDocuments {
  const escpos = device.protocol === 'epson-sdp' || device.printFormat === 'escpos';
  return escpos
    ? { [MEDIA_TYPES.escpos]: docs.escpos, [MEDIA_TYPES.text]: docs.text }
    : { [MEDIA_TYPES.starLine]: docs.star, [MEDIA_TYPES.text]: docs.text };
}

/** Filling the devices' queues with a rendered print job (called when a worker finished it). */
@Injectable()
export class EnqueuePrint {
  constructor(private readonly ds: DataSource) {}

  /**
   * One entry per printer of the branch (or the one device of a test page); a repeated job key adds nothing.
   * With `completedJobId`, the job's completion is recorded in the same statement as the entries (one round
   * trip instead of two, and entries and completion are written together or not at all): `recorded` says
   * whether it was new.
   */
  async execute(req: EnqueuePrintRequest, completedJobId?: string): Promise<{ queued: number[]; recorded?: boolean }> {
    // plain SQL: two statements per print job, without the query builder's work (issue 22's profile)
    const devices: DeviceRow[] = req.deviceId
      ? await this.ds.query('SELECT id, type, protocol, "printFormat" FROM "order"."device" WHERE id = $1', [
          req.deviceId,
        ])
      : await this.ds.query(
          `SELECT id, type, protocol, "printFormat" FROM "order"."device"
            WHERE "branchId" = $1 AND "isEnabled" AND type = ANY($2::text[])`,
          [req.branch, req.notification ? ['printer', 'notification'] : ['printer']],
        );
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
    if (!rows.length && completedJobId === undefined) return { queued: [] };
    const [result] = (await this.ds.query(
      `WITH queued AS (
         INSERT INTO "order"."device_queue" ("deviceId", "jobKey", "orderId", kind, documents, token)
         SELECT q."deviceId", q."jobKey", q."orderId", q.kind, q.documents, q.token
         FROM json_to_recordset($1::json) AS q("deviceId" int, "jobKey" text, "orderId" int, kind text, documents jsonb, token text)
         ON CONFLICT DO NOTHING RETURNING id
       ), completed AS (
         INSERT INTO "order"."job_completion" ("jobId") SELECT $2::text WHERE $2::text IS NOT NULL
         ON CONFLICT DO NOTHING RETURNING 1
       )
       SELECT coalesce((SELECT json_agg(id ORDER BY id) FROM queued), '[]'::json) AS queued,
              (SELECT count(*) FROM completed)::int AS recorded`,
      [JSON.stringify(rows), completedJobId ?? null],
    )) as Array<{ queued: number[]; recorded: number }>;
    const queued = result?.queued ?? [];
    return completedJobId === undefined ? { queued } : { queued, recorded: (result?.recorded ?? 0) > 0 };
  }
}
