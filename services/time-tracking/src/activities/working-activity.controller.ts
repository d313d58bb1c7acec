import { Controller, Inject, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { crudSubject, type ListReply, type WorkingActivity } from '@shop/contracts';
import { createCrudMessageController, crudServiceToken, Rpc, type AnyCrudService, type RpcMessage } from '@shop/server';
import { ActivityChangesRepository } from '../corrections/activity-changes.repository.js';
import { WriteActivity } from '../corrections/usecases/write-activity/write-activity.usecase.js';
import { ZonedLists } from '../lists/zoned-lists.js';

/** The five verbs of the resource's standard NATS controller. */
interface CrudVerbs {
  list(m: unknown): unknown;
  get(m: unknown): unknown;
  create(m: unknown): unknown;
  update(m: unknown): unknown;
  delete(m: unknown): unknown;
}
const TOKEN = crudServiceToken('working-activities');
const Standard = createCrudMessageController('working-activities', TOKEN) as Type<CrudVerbs>;

/**
 * The working-activities resource over NATS. Lists answer the logged-in user's current month when no user,
 * branch, project or range is asked for (issue 19), with days in the branch's time zone; the list and the single
 * read carry each activity's audit trail (issue 41). Writes go through WriteActivity: the rules of corrections,
 * the month close, the audit trail.
 */
@Controller()
export class WorkingActivitiesController extends Standard {
  constructor(
    @Inject(TOKEN) crud: AnyCrudService,
    private readonly lists: ZonedLists,
    private readonly writes: WriteActivity,
    private readonly changes: ActivityChangesRepository,
  ) {
    super(crud);
  }

  /** The activities with their audit trails (one query for the page). */
  private async withChanges(items: WorkingActivity[]): Promise<WorkingActivity[]> {
    const trails = await this.changes.ofActivities(items.map((a) => a.id));
    return items.map((a) => ({ ...a, changes: trails.get(a.id) ?? [] }));
  }

  @Rpc(crudSubject('working-activities', 'list'))
  override async list(@Payload() m: RpcMessage<'time-tracking.working-activity.list'>) {
    const reply = (await this.lists.activities(m.actor, m.payload.query ?? {})) as ListReply<WorkingActivity>;
    return { ...reply, items: await this.withChanges(reply.items) };
  }

  @Rpc(crudSubject('working-activities', 'get'))
  override async get(@Payload() m: RpcMessage<'time-tracking.working-activity.get'>) {
    const [activity] = await this.withChanges([(await super.get(m)) as WorkingActivity]);
    return activity;
  }

  @Rpc(crudSubject('working-activities', 'create'))
  override create(@Payload() m: RpcMessage<'time-tracking.working-activity.create'>) {
    return this.writes.create(m.actor, m.payload.body);
  }

  @Rpc(crudSubject('working-activities', 'update'))
  override update(@Payload() m: RpcMessage<'time-tracking.working-activity.update'>) {
    return this.writes.update(m.actor, m.payload.id, m.payload.body);
  }

  @Rpc(crudSubject('working-activities', 'delete'))
  override delete(@Payload() m: RpcMessage<'time-tracking.working-activity.delete'>) {
    return this.writes.delete(m.actor, m.payload.id);
  }
}
