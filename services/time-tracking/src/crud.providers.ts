import { Controller, Inject, type Provider, type Type } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { crudSubject, type CrudResourceName } from '@shop/contracts';
import {
  CONFIG,
  createCrudMessageController,
  CrudService,
  OUTBOX_RELAY,
  Rpc,
  type AnyCrudDefinition,
  type AnyCrudService,
  type OutboxRelay,
  type RpcMessage,
} from '@shop/server';
import { DataSource } from 'typeorm';
import { workingActivityCrud } from './activities/working-activity.crud.js';
import { withDefaultScope } from './common/time-range.js';
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
export const timeTrackingCrudToken = (resource: TimeTrackingResource) => `CRUD:${resource}`;

function definition(
  resource: TimeTrackingResource,
  c: TimeTrackingConfig,
  context: WorkingTimeContext,
): AnyCrudDefinition {
  switch (resource) {
    case 'working-activities':
      return workingActivityCrud((branch) => context.forBranch(branch), c.TIME_TRACKING_TIME_ZONE) as AnyCrudDefinition;
    case 'working-schedules':
      return workingScheduleCrud(c.TIME_TRACKING_TIME_ZONE) as AnyCrudDefinition;
    case 'projects':
      return projectCrud as AnyCrudDefinition;
    case 'tasks':
      return taskCrud as AnyCrudDefinition;
    case 'working-time-settings':
      return workingTimeSettingCrud as AnyCrudDefinition;
  }
}

export const timeTrackingCrudProviders: Provider[] = RESOURCES.map((resource) => ({
  provide: timeTrackingCrudToken(resource),
  inject: [DataSource, OUTBOX_RELAY, CONFIG, WorkingTimeContext],
  useFactory: (ds: DataSource, relay: OutboxRelay, c: TimeTrackingConfig, context: WorkingTimeContext) =>
    new CrudService(definition(resource, c, context), ds, relay),
}));

/**
 * Activities and schedules list the logged-in user's current month when no user, branch, project or range is
 * asked for (issue 19); the other four verbs are the standard ones.
 */
function scopedListController(resource: 'working-activities' | 'working-schedules'): Type<unknown> {
  const Base = createCrudMessageController(resource, timeTrackingCrudToken(resource)) as Type<{
    list(m: unknown): unknown;
  }>;
  @Controller()
  class ScopedList extends Base {
    constructor(
      @Inject(timeTrackingCrudToken(resource)) private readonly service: AnyCrudService,
      @Inject(CONFIG) private readonly config: TimeTrackingConfig,
    ) {
      super(service);
    }
    @Rpc(crudSubject(resource, 'list'))
    override list(@Payload() m: RpcMessage<'time-tracking.working-activity.list'>) {
      const query = withDefaultScope(m.payload.query ?? {}, m.actor, this.config.TIME_TRACKING_TIME_ZONE);
      return this.service.list(m.actor, { query });
    }
  }
  Object.defineProperty(ScopedList, 'name', { value: `${Base.name}Scoped` });
  return ScopedList;
}

/** Tasks: a branch manager's writes are checked against the projects' branches before the standard verbs. */
function managedTaskController(): Type<unknown> {
  const token = timeTrackingCrudToken('tasks');
  const Base = createCrudMessageController('tasks', token) as Type<{
    create(m: unknown): unknown;
    update(m: unknown): unknown;
    delete(m: unknown): unknown;
  }>;
  @Controller()
  class ManagedTasks extends Base {
    constructor(
      @Inject(token) service: AnyCrudService,
      private readonly ds: DataSource,
    ) {
      super(service);
    }
    @Rpc(crudSubject('tasks', 'create'))
    override async create(@Payload() m: RpcMessage<'time-tracking.task.create'>) {
      await requireTaskBranches(this.ds, m.actor, undefined, m.payload.body);
      return super.create(m);
    }
    @Rpc(crudSubject('tasks', 'update'))
    override async update(@Payload() m: RpcMessage<'time-tracking.task.update'>) {
      await requireTaskBranches(this.ds, m.actor, m.payload.id, m.payload.body);
      return super.update(m);
    }
    @Rpc(crudSubject('tasks', 'delete'))
    override async delete(@Payload() m: RpcMessage<'time-tracking.task.delete'>) {
      await requireTaskBranches(this.ds, m.actor, m.payload.id, undefined);
      return super.delete(m);
    }
  }
  Object.defineProperty(ManagedTasks, 'name', { value: `${Base.name}Managed` });
  return ManagedTasks;
}

export const timeTrackingCrudControllers = [
  scopedListController('working-activities'),
  scopedListController('working-schedules'),
  createCrudMessageController('projects', timeTrackingCrudToken('projects')),
  managedTaskController(),
  createCrudMessageController('working-time-settings', timeTrackingCrudToken('working-time-settings')),
];
