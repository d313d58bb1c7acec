import { Injectable } from '@nestjs/common';
import type { Actor, WorkingActivity } from '@shop/contracts';
import { ActivityWriter } from '../../activity-writer.js';

/**
 * The working-activities resource's create, update and delete (`/api/working-activities`, issue 41): a person's
 * own entries directly (reason optional), someone else's activity or one the clock or a correction recorded as a
 * correction by who manages its branch, with the body's `reason` (a delete of such an activity goes through
 * `POST /api/time-tracking/corrections`, which carries the reason). Every write is in the audit trail.
 */
@Injectable()
export class WriteActivity {
  constructor(private readonly writer: ActivityWriter) {}

  async create(actor: Actor | null, body: unknown): Promise<WorkingActivity> {
    return (await this.writer.write({ actor, verb: 'create', body, as: 'crud' })).activity as WorkingActivity;
  }

  async update(actor: Actor | null, id: number | undefined, body: unknown): Promise<WorkingActivity> {
    return (await this.writer.write({ actor, verb: 'update', id, body, as: 'crud' })).activity as WorkingActivity;
  }

  async delete(actor: Actor | null, id: number): Promise<null> {
    await this.writer.write({ actor, verb: 'delete', id, as: 'crud' });
    return null;
  }
}
