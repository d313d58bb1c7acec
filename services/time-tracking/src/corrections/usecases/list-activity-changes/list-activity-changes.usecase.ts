import { Injectable } from '@nestjs/common';
import { CRUD_RESOURCES, type Actor, type ActivityChange } from '@shop/contracts';
import { DomainException, requireAccess } from '@shop/server';
import { DataSource } from 'typeorm';
import { WorkingActivityEntity } from '../../../activities/working-activity.entity.js';
import { ActivityChangesRepository } from '../../activity-changes.repository.js';
import { ActivityWriter } from '../../activity-writer.js';

/**
 * `GET /api/working-activities/{id}/changes` (issue 41): an activity's audit trail, oldest first, for who may read
 * the activity (the person, the managers of its branch, administrators), also once it is deleted (then by the
 * person and branches its changes name).
 */
@Injectable()
export class ListActivityChanges {
  constructor(
    private readonly ds: DataSource,
    private readonly changes: ActivityChangesRepository,
    private readonly writer: ActivityWriter,
  ) {}

  async execute(actor: Actor | null, activity: number): Promise<ActivityChange[]> {
    const a = requireAccess(actor, 'staff');
    const current = await this.ds.getRepository(WorkingActivityEntity).findOneBy({ id: activity });
    const gone = current ? null : await this.changes.ownerOf(activity);
    const visible = current
      ? this.writer.visible(a, current)
      : gone !== null && gone.branchIds.some((branchId) => this.writer.visible(a, { userId: gone.userId, branchId }));
    if (!visible) throw DomainException.notFound(CRUD_RESOURCES['working-activities'].label);
    return (await this.changes.ofActivities([activity])).get(activity) ?? [];
  }
}
