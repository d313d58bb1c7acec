import { Injectable } from '@nestjs/common';
import { MEDIA_TYPES, type DeviceCredentials } from '@shop/contracts';
import { DataSource, In } from 'typeorm';
import { DeviceQueueEntity } from '../../device-queue.entity.js';
import { authenticateDevice, markSeen } from '../shared/device-protocol.js';

/** Notification devices fetch their pending notifications (at most 50, oldest first); fetched ones are done. */
@Injectable()
export class NotificationPoll {
  constructor(private readonly ds: DataSource) {}

  async execute(creds: DeviceCredentials): Promise<Array<{ id: number; text: string; createdAt: string }>> {
    return this.ds.transaction(async (m) => {
      const device = await authenticateDevice(m, creds);
      await markSeen(m, device, null);
      const rows = await m
        .getRepository(DeviceQueueEntity)
        .createQueryBuilder('q')
        .where('q."deviceId" = :id AND q.kind = :kind AND q.status = :queued', {
          id: device.id,
          kind: 'notification',
          queued: 'queued',
        })
        .orderBy('q.id', 'ASC')
        .limit(50)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      if (rows.length)
        await m
          .getRepository(DeviceQueueEntity)
          .update({ id: In(rows.map((r) => r.id)) }, { status: 'done', finishedAt: new Date() });
      return rows.map((r) => ({
        id: r.id,
        text: Buffer.from(r.documents[MEDIA_TYPES.text] ?? '', 'base64').toString('utf8'),
        createdAt: r.createdAt.toISOString(),
      }));
    });
  }
}
