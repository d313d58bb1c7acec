import { Inject, Injectable } from '@nestjs/common';
import { type Actor, CRUD_RESOURCES, type DeviceLogEntry, type DeviceQueueEntry, MEDIA_TYPES } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { addJobToOutbox, DomainException, OUTBOX_RELAY, requireAccess, type OutboxKicker } from '@shop/server';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DeviceLogEntity, DeviceQueueEntity } from '../../device-queue.entity.js';
import { DeviceEntity } from '../../device.entity.js';
import { logDevice, toQueueEntry } from '../shared/device-protocol.js';
import { testPageJob } from './test-page-job.js';

/** Staff (admin) actions on one device: test page, test notification, asking for and reading its logs, its queue. */
@Injectable()
export class DeviceActions {
  constructor(
    private readonly ds: DataSource,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
  ) {}

  private async deviceForAdmin(actor: Actor | null, id: number): Promise<DeviceEntity> {
    requireAccess(actor, 'admin');
    const device = await this.ds.getRepository(DeviceEntity).findOneBy({ id });
    if (!device) throw DomainException.notFound(CRUD_RESOURCES.devices.label);
    return device;
  }

  /** issue 42 item 4: a disabled device is never polled, so its test would wait forever: 409 instead of a job */
  private async testableDevice(actor: Actor | null, id: number, type: DeviceEntity['type']): Promise<DeviceEntity> {
    const device = await this.deviceForAdmin(actor, id);
    if (device.type !== type) throw DomainException.of('CONFLICT', 'devices.testFailed');
    if (!device.isEnabled) throw DomainException.of('CONFLICT', 'devices.testDisabled', undefined, 'isEnabled');
    return device;
  }

  /** A test page through the print queue (rendered by the workers like every receipt). */
  async testPrint(actor: Actor | null, id: number): Promise<{ jobId: string }> {
    const device = await this.testableDevice(actor, id, 'printer');
    const job = testPageJob(device.branchId, device.id);
    await this.ds.transaction((m) => addJobToOutbox(m, job));
    void this.relay.kick();
    return { jobId: job.jobId };
  }

  /** A test notification straight into a notification device's queue. */
  async testNotification(actor: Actor | null, id: number): Promise<DeviceQueueEntry> {
    await this.testableDevice(actor, id, 'notification');
    const entry = await this.ds.getRepository(DeviceQueueEntity).save({
      deviceId: id,
      jobKey: `notification-test-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`,
      orderId: null,
      kind: 'notification',
      status: 'queued',
      documents: { [MEDIA_TYPES.text]: Buffer.from(t('orderMessages.notifyTest')).toString('base64') },
      token: randomBytes(12).toString('base64url'),
      attempts: 0,
      lastError: null,
      handedOutAt: null,
      finishedAt: null,
    });
    return toQueueEntry(entry);
  }

  /** The device sends its logs with its next poll (CloudPRNT client actions). */
  async requestLogs(actor: Actor | null, id: number): Promise<{ requestedAt: string }> {
    const device = await this.deviceForAdmin(actor, id);
    device.logsRequestedAt = new Date();
    await this.ds.getRepository(DeviceEntity).update(id, { logsRequestedAt: device.logsRequestedAt });
    await logDevice(this.ds.manager, id, t('orderMessages.deviceLogRequested'), null);
    return { requestedAt: device.logsRequestedAt.toISOString() };
  }

  async logs(actor: Actor | null, id: number): Promise<DeviceLogEntry[]> {
    await this.deviceForAdmin(actor, id);
    const rows = await this.ds
      .getRepository(DeviceLogEntity)
      .find({ where: { deviceId: id }, order: { id: 'DESC' }, take: 200 });
    return rows.map((r) => ({
      id: r.id,
      device: r.deviceId,
      at: r.at.toISOString(),
      message: r.message,
      data: r.data,
    }));
  }

  async queue(actor: Actor | null, id: number): Promise<DeviceQueueEntry[]> {
    await this.deviceForAdmin(actor, id);
    const rows = await this.ds
      .getRepository(DeviceQueueEntity)
      .find({ where: { deviceId: id }, order: { id: 'DESC' }, take: 200 });
    return rows.map(toQueueEntry);
  }
}
