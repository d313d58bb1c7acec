import { Injectable } from '@nestjs/common';
import { ActivityCorrectionInput, type Actor, type ActivityCorrectionResult } from '@shop/contracts';
import { parseOrThrow } from '@shop/server';
import { ActivityWriter } from '../../activity-writer.js';

/**
 * `POST /api/time-tracking/corrections` (issue 41): who manages a branch's time (administrators, the branch's
 * managers) adds, changes or deletes an activity of that branch's people with a reason, applied at once. A
 * forgotten clock-out is an update with the end. The answer is the activity as it is now and its audit entry.
 */
@Injectable()
export class CorrectActivity {
  constructor(private readonly writer: ActivityWriter) {}

  async execute(actor: Actor | null, body: unknown): Promise<ActivityCorrectionResult> {
    const input = parseOrThrow(ActivityCorrectionInput, body);
    return this.writer.write({
      actor,
      verb: input.action,
      id: input.action === 'create' ? undefined : input.activity,
      body: input.action === 'delete' ? undefined : input,
      as: 'manage',
      reason: input.reason,
    });
  }
}
