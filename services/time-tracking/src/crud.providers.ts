import { Controller, Inject, type Provider, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { crudSubject, type Actor, type CrudResourceName, type WorkingSchedule } from '@shop/contracts';
import {
  CONFIG,
  createCrudMessageController,
  crudServiceProviders,
  crudServiceToken,
  OUTBOX_RELAY,
  Rpc,
  type AnyCrudDefinition,
  type AnyCrudService,
  type OutboxRelay,
  type RpcMessage,
} from '@shop/server';
import { DataSource } from 'typeorm';
import { WorkingActivitiesController } from './activities/working-activity.controller.js';
import { workingActivityCrud } from './activities/working-activity.crud.js';
import { MonthGuard } from './month-close/month-guard.js';
import { ZonedLists } from './lists/zoned-lists.js';
import type { TimeTrackingConfig } from './config/time-tracking-config.js';
import { projectCrud, requireTaskBranches, taskCrud } from './projects/project.crud.js';
import { workingScheduleCrud } from './schedules/working-schedule.crud.js';
import { WorkingTimeContext } from './settings/working-time-context.js';
import { workingTimeSettingCrud } from './settings/working-time-setting.crud.js';

type TimeTrackingResource = Extract<
  CrudResourceName,
  'working-activities' | 'working-schedules' | 'projects' | 'tasks' | 'working-time-settings'
>;
const RESOURCES: TimeTrackingResource[] = [
  'working-activities',
  'working-schedules',
  'projects',
  'tasks',
  'working-time-settings',
];
export const timeTrackingCrudToken = (resource: TimeTrackingResource) => crudServiceToken(resource);

function definition(
  resource: TimeTrackingResource,
  c: TimeTrackingConfig,
  context: WorkingTimeContext,
  months: MonthGuard,
): AnyCrudDefinition {
  switch (resource) {
    case 'working-activities':
      return workingActivityCrud((branch) => context.forBranch(branch), c.TIME_TRACKING_TIME_ZONE) as AnyCrudDefinition;
    case 'working-schedules':
      return workingScheduleCrud(c.TIME_TRACKING_TIME_ZONE, (m, days) =>
        months.requireOpen(m, days, null),
      ) as AnyCrudDefinition;
    case 'projects':
      return projectCrud as AnyCrudDefinition;
    case 'tasks':
      return taskCrud as AnyCrudDefinition;
    case 'working-time-settings':
      return workingTimeSettingCrud as AnyCrudDefinition;
  }
}

export const timeTrackingCrudProviders = crudServiceProviders(
  RESOURCES,
  [CONFIG, WorkingTimeContext, MonthGuard],
  definition,
);

/** Activities and schedules read in the branch's time zone (ZonedLists), one instance for both controllers. */
export const zonedListsProvider: Provider = {
  provide: ZonedLists,
  inject: [DataSource, OUTBOX_RELAY, WorkingTimeContext],
  useFactory: (ds: DataSource, relay: OutboxRelay, context: WorkingTimeContext) => new ZonedLists(ds, relay, context),
};

/** The five verbs of a resource's standard NATS controller. */
interface CrudVerbs {
  list(m: unknown): unknown;
  get(m: unknown): unknown;
  create(m: unknown): unknown;
  update(m: unknown): unknown;
  delete(m: unknown): unknown;
}

/**
 * A resource's standard NATS controller with one dependency beside its service (`uses`), for a controller that
 * overrides some of its verbs (named after the standard one with a suffix: `named`).
 */
function crudControllerUsing<D>(resource: TimeTrackingResource, dependency: Type<D>) {
  const token = timeTrackingCrudToken(resource);
  const Base = createCrudMessageController(resource, token) as Type<CrudVerbs>;
  @Controller()
  class Using extends Base {
    constructor(
      @Inject(token) service: AnyCrudService,
      @Inject(dependency) readonly uses: D,
    ) {
      super(service);
    }
  }
  return Object.assign(Using, { baseName: Base.name });
}

const named = <T extends { baseName: string }>(controller: T, suffix: string): T =>
  Object.defineProperty(controller, 'name', { value: `${controller.baseName}${suffix}` });

/**
 * Schedules: the list's default as for activities, and every answer's planned minutes in the zone of the shift's
 * branch (a shift across the daylight-saving night counts the hours that pass).
 */
@Controller()
class ZonedSchedules extends crudControllerUsing('working-schedules', ZonedLists) {
  private zoned(m: { actor: Actor | null }, s: unknown) {
    return this.uses.inBranchZone(s as WorkingSchedule, m.actor);
  }
  @Rpc(crudSubject('working-schedules', 'list'))
  override list(@Payload() m: RpcMessage<'time-tracking.working-schedule.list'>) {
    return this.uses.schedules(m.actor, m.payload.query ?? {});
  }
  @Rpc(crudSubject('working-schedules', 'get'))
  override async get(@Payload() m: RpcMessage<'time-tracking.working-schedule.get'>) {
    return this.zoned(m, await super.get(m));
  }
  @Rpc(crudSubject('working-schedules', 'create'))
  override async create(@Payload() m: RpcMessage<'time-tracking.working-schedule.create'>) {
    return this.zoned(m, await super.create(m));
  }
  @Rpc(crudSubject('working-schedules', 'update'))
  override async update(@Payload() m: RpcMessage<'time-tracking.working-schedule.update'>) {
    return this.zoned(m, await super.update(m));
  }
}

/** Tasks: a branch manager's writes are checked against the projects' branches before the standard verbs. */
@Controller()
class ManagedTasks extends crudControllerUsing('tasks', DataSource) {
  @Rpc(crudSubject('tasks', 'create'))
  override async create(@Payload() m: RpcMessage<'time-tracking.task.create'>) {
    await requireTaskBranches(this.uses, m.actor, undefined, m.payload.body);
    return super.create(m);
  }
  @Rpc(crudSubject('tasks', 'update'))
  override async update(@Payload() m: RpcMessage<'time-tracking.task.update'>) {
    await requireTaskBranches(this.uses, m.actor, m.payload.id, m.payload.body);
    return super.update(m);
  }
  @Rpc(crudSubject('tasks', 'delete'))
  override async delete(@Payload() m: RpcMessage<'time-tracking.task.delete'>) {
    await requireTaskBranches(this.uses, m.actor, m.payload.id, undefined);
    return super.delete(m);
  }
}

export const timeTrackingCrudControllers = [
  WorkingActivitiesController,
  named(ZonedSchedules, 'Zoned'),
  createCrudMessageController('projects', timeTrackingCrudToken('projects')),
  named(ManagedTasks, 'Managed'),
  createCrudMessageController('working-time-settings', timeTrackingCrudToken('working-time-settings')),
];
