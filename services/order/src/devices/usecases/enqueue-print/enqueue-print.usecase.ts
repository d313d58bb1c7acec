import { Injectable } from '@nestjs/common';
import { MEDIA_TYPES, type EnqueuePrintRequest, type PrintDocuments } from '@shop/contracts';
import { randomBytes } from 'node:crypto';
import { queryPrepared } from '@shop/server';
import { DataSource, type QueryRunner } from 'typeorm';
import { DeviceEntity } from '../../device.entity.js';

type DeviceRow = Pick<DeviceEntity, 'id' | 'type' | 'protocol' | 'printFormat' | 'branchId' | 'isEnabled'>;

/**
 * The devices of a branch that a print job reaches (SQL, on "order"."device"): its enabled printers and notification
 * devices. EnqueuePrint picks from these, and the relay renders no receipt where there is none
 * (skipReceiptsWithoutDevices).
 */
export const PRINT_TARGET_DEVICES = `"isEnabled" AND type IN ('printer', 'notification')`;

/** The media types a device gets: Epson printers take ESC/POS (inside ePOS-Print XML), CloudPRNT ones their format. */
function documentsFor(device: DeviceRow, docs: EnqueuePrintRequest['documents']): PrintDocuments {
  const escpos = device.protocol === 'epson-sdp' || device.printFormat === 'escpos';
  return escpos
    ? { [MEDIA_TYPES.escpos]: docs.escpos, [MEDIA_TYPES.text]: docs.text }
    : { [MEDIA_TYPES.starLine]: docs.star, [MEDIA_TYPES.text]: docs.text };
}

/** The devices a print job goes to: its one device (a test page), else the branch's enabled printers (and notifiers). */
function targetsOf(req: EnqueuePrintRequest, devices: DeviceRow[]): DeviceRow[] {
  if (req.deviceId) return devices.filter((d) => d.id === req.deviceId);
  return devices.filter(
    (d) =>
      d.branchId === req.branch &&
      d.isEnabled &&
      (d.type === 'printer' || (d.type === 'notification' && !!req.notification)),
  );
}

/** Filling the devices' queues with rendered print jobs (called when workers finished them). */
@Injectable()
export class EnqueuePrint {
  constructor(private readonly ds: DataSource) {}

  /**
   * One entry per printer of the branch (or the one device of a test page) for each job; a repeated job key adds
   * nothing. The completions of `completedJobIds` (print jobs or others finished with them) are recorded in the
   * same statement as the entries: one round trip for the devices and one for everything else, however many jobs
   * (issue 22), and entries and completions are written together or not at all. `recorded` counts the new ones.
   */
  async execute(
    reqs: EnqueuePrintRequest[],
    completedJobIds: string[] = [],
  ): Promise<{ queued: number[]; recorded: number }> {
    // one connection, prepared statements (planning the write's CTE took half to all of its run time: issue 22)
    const runner = this.ds.createQueryRunner();
    try {
      return await this.write(runner, reqs, completedJobIds);
    } finally {
      await runner.release();
    }
  }

  private async write(
    runner: QueryRunner,
    reqs: EnqueuePrintRequest[],
    completedJobIds: string[],
  ): Promise<{ queued: number[]; recorded: number }> {
    const deviceIds = reqs.flatMap((r) => (r.deviceId ? [r.deviceId] : []));
    const branches = reqs.flatMap((r) => (r.deviceId ? [] : [r.branch]));
    const devices = reqs.length
      ? await queryPrepared<DeviceRow>(
          runner,
          'enqueue-print-devices',
          `SELECT id, type, protocol, "printFormat", "branchId", "isEnabled" FROM "order"."device"
            WHERE id = ANY($1::int[])
               OR ("branchId" = ANY($2::int[]) AND ${PRINT_TARGET_DEVICES})`,
          [deviceIds, branches],
        )
      : [];
    const rows = reqs.flatMap((req) =>
      targetsOf(req, devices).map((d) => ({
        deviceId: d.id,
        jobKey: req.jobKey,
        orderId: req.orderId,
        kind: d.type === 'printer' ? ('print' as const) : ('notification' as const),
        documents:
          d.type === 'printer'
            ? documentsFor(d, req.documents)
            : { [MEDIA_TYPES.text]: Buffer.from(req.notification ?? '').toString('base64') },
        token: randomBytes(12).toString('base64url'),
      })),
    );
    if (!rows.length && !completedJobIds.length) return { queued: [], recorded: 0 };
    const [result] = await queryPrepared<{ queued: number[]; recorded: number }>(
      runner,
      'enqueue-print-write',
      `WITH queued AS (
         INSERT INTO "order"."device_queue" ("deviceId", "jobKey", "orderId", kind, documents, token)
         SELECT q."deviceId", q."jobKey", q."orderId", q.kind, q.documents, q.token
         FROM json_to_recordset($1::json) AS q("deviceId" int, "jobKey" text, "orderId" int, kind text, documents jsonb, token text)
         ON CONFLICT DO NOTHING RETURNING id
       ), completed AS (
         INSERT INTO "order"."job_completion" ("jobId") SELECT DISTINCT unnest($2::text[])
         ON CONFLICT DO NOTHING RETURNING 1
       )
       SELECT coalesce((SELECT json_agg(id ORDER BY id) FROM queued), '[]'::json) AS queued,
              (SELECT count(*) FROM completed)::int AS recorded`,
      [JSON.stringify(rows), completedJobIds],
    );
    return { queued: result?.queued ?? [], recorded: result?.recorded ?? 0 };
  }
}
