import { MEDIA_TYPES, type DeviceCredentials, type DeviceQueueEntry, type PrintFailedEvent } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { addToOutbox, DomainException, verifyDeviceCredentials } from '@shop/server';
import type { Logger } from 'pino';
import { In, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { DeviceLogEntity, DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';

/**
 * What the device use cases share, written once: the device's own credential check, its log, "seen now",
 * the next job of its queue and the recording of a print result (with `order.print.failed` after the last attempt).
 * Printers authenticate with their identifier and their own API key (HTTP Basic), never with a staff session.
 */

/** The job's media types, command sets first (jsonb does not keep key order). */
const PREFERENCE: string[] = [MEDIA_TYPES.starLine, MEDIA_TYPES.escpos, MEDIA_TYPES.text];
export const mediaTypesOf = (job: DeviceQueueEntity) => PREFERENCE.filter((t) => t in job.documents);

export const toQueueEntry = (q: DeviceQueueEntity): DeviceQueueEntry => ({
  id: q.id,
  device: q.deviceId,
  orderId: q.orderId,
  jobKey: q.jobKey,
  kind: q.kind,
  status: q.status,
  attempts: q.attempts,
  lastError: q.lastError,
  createdAt: q.createdAt.toISOString(),
  finishedAt: q.finishedAt?.toISOString() ?? null,
});

/**
 * What a printer sends is checked like any other input. NUL characters are dropped: Postgres text and jsonb
 * refuse them, and no printer status or answer needs one.
 */
export const withoutNul = (value: unknown): unknown =>
  typeof value === 'string'
    ? value.replace(/\0/g, '')
    : Array.isArray(value)
      ? value.map(withoutNul)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replace(/\0/g, ''), withoutNul(v)]))
        : value;
const printerText = z.string().transform((s) => s.replace(/\0/g, ''));
export const requiredPrinterText = printerText.pipe(z.string().min(1));
export const optionalPrinterText = printerText.nullable();

/** The device behind the credentials (enabled); the same 401 for an unknown identifier and a wrong key. */
export async function authenticateDevice(m: EntityManager, creds: DeviceCredentials): Promise<DeviceEntity> {
  const [device] = await verifyDeviceCredentials(
    [{ identifier: creds.identifier, key: creds.apiKey }],
    (identifiers) => m.getRepository(DeviceEntity).findBy({ identifier: In(identifiers) }),
    (d) => ({ identifier: d.identifier, key: d.apiKey, isEnabled: d.isEnabled }),
  );
  if (!device) throw DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');
  return device;
}

export async function logDevice(m: EntityManager, deviceId: number, message: string, data: unknown): Promise<void> {
  await m.getRepository(DeviceLogEntity).insert({ deviceId, message, data: data as object });
}

/** A poll: the device is seen now; a changed status is logged. */
export async function markSeen(m: EntityManager, device: DeviceEntity, status: string | null): Promise<void> {
  const changed = status !== null && status !== device.lastStatus;
  await m
    .getRepository(DeviceEntity)
    .update(device.id, { lastSeenAt: new Date(), ...(changed ? { lastStatus: status } : {}) });
  if (changed) await logDevice(m, device.id, t('orderMessages.deviceStatus', { status }), null);
}

/** The oldest queued print job (locked, skipping locked ones); with a timeout also one handed out and never answered. */
export function nextPrintJob(
  m: EntityManager,
  deviceId: number,
  handOutAgainAfterMs?: number,
): Promise<DeviceQueueEntity | null> {
  const qb = m
    .getRepository(DeviceQueueEntity)
    .createQueryBuilder('q')
    .where('q."deviceId" = :deviceId', { deviceId })
    .andWhere(`q.kind = 'print'`);
  if (handOutAgainAfterMs === undefined) qb.andWhere(`q.status = 'queued'`);
  else {
    qb.andWhere(`(q.status = 'queued' OR (q.status = 'printing' AND q."handedOutAt" < :stale))`, {
      stale: new Date(Date.now() - handOutAgainAfterMs),
    });
  }
  return qb.orderBy('q.id', 'ASC').limit(1).setLock('pessimistic_write').setOnLocked('skip_locked').getOne();
}

/**
 * A printer's answer to a job: success is done; a failure goes back into the queue until `maxAttempts`, then the
 * job failed with the reason, and `order.print.failed` goes into the outbox. Repeatable: a finished job stays as it is.
 */
export async function recordPrintResult(
  m: EntityManager,
  o: {
    device: DeviceEntity;
    job: DeviceQueueEntity;
    success: boolean;
    reason: string;
    maxAttempts: number;
    logger: Logger;
  },
): Promise<DeviceQueueEntry['status']> {
  const { device, job, success, reason } = o;
  if (job.status === 'done' || job.status === 'failed') return job.status;
  if (success) Object.assign(job, { status: 'done', finishedAt: new Date(), lastError: null });
  else {
    job.attempts += 1;
    job.lastError = reason;
    Object.assign(
      job,
      job.attempts >= o.maxAttempts
        ? { status: 'failed', finishedAt: new Date() }
        : { status: 'queued', handedOutAt: null },
    );
  }
  await m.save(job);
  await logDevice(
    m,
    job.deviceId,
    success
      ? t('orderMessages.devicePrinted', { jobKey: job.jobKey })
      : t('orderMessages.devicePrintFailed', { reason, jobKey: job.jobKey }),
    null,
  );
  if (!success)
    o.logger.warn(
      { deviceId: job.deviceId, jobKey: job.jobKey, reason, status: job.status },
      'printer reported a failed job',
    );
  if (!success && job.finishedAt) {
    // the last attempt failed: for the system log (statistics service); the relay's next poll publishes it after commit
    const event: PrintFailedEvent = {
      entryId: job.id,
      deviceId: device.id,
      deviceName: device.name,
      orderId: job.orderId,
      jobKey: job.jobKey,
      reason,
      attempts: job.attempts,
      at: new Date().toISOString(),
    };
    await addToOutbox(m, 'order.print.failed', event);
  }
  return job.status;
}
