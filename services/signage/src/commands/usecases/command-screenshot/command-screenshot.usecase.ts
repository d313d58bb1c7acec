import { Injectable } from '@nestjs/common';
import type { Actor } from '@shop/contracts';
import { DomainException, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';
import { CRUD_RESOURCES } from '@shop/contracts';
import { NOUNS } from '@shop/i18n-de';

/**
 * The picture of a TV's screenshot command (the given one, else the latest done one) for whoever may read the TV
 * (staff of its branch, else 403, as reading the TV); 404 for an unknown TV or when there is no such picture.
 */
@Injectable()
export class CommandScreenshot {
  constructor(private readonly ds: DataSource) {}

  async execute(
    actor: Actor | null,
    id: number,
    commandId: number | null,
  ): Promise<{ mediaType: string; base64: string }> {
    requireAccess(actor, 'staff');
    const device = await this.ds.getRepository(SignageDeviceEntity).findOneBy({ id });
    if (!device) throw DomainException.notFound(CRUD_RESOURCES['digital-signage-devices'].label);
    requireAccess(actor, 'branch', [device.branchId]);
    const command = await this.ds.getRepository(CommandEntity).findOne({
      where: { deviceId: id, type: 'screenshot', state: 'done', ...(commandId === null ? {} : { id: commandId }) },
      order: { id: 'DESC' },
    });
    const picture = /^data:(image\/[a-z+.-]+);base64,(.+)$/s.exec(command?.result ?? '');
    if (!picture) throw DomainException.notFound(NOUNS.screenshot);
    return { mediaType: picture[1], base64: picture[2] };
  }
}
