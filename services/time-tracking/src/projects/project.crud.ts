import { CRUD_RESOURCES, type Project, type Task } from '@shop/contracts';
import type { Actor } from '@shop/contracts';
import {
  columnFilters,
  columnsDto,
  defineCrud,
  holdsPermission,
  meta,
  missingReferences,
  requireAccess,
} from '@shop/server';
import { In, type DataSource } from 'typeorm';
import { isAdmin } from '../common/time-range.js';
import { ProjectEntity, TaskEntity } from './project.entity.js';

/**
 * Projects: staff read; administrators write, branch managers those of their branches (a project of every
 * branch, branch null, stays with administrators).
 */
export const projectCrud = defineCrud(CRUD_RESOURCES.projects, ProjectEntity, {
  searchColumns: ['name', 'description'],
  order: { name: 'ASC' },
  applyFilters: columnFilters({ branch: 'branchId', isActive: 'isActive' }),
  authorize(actor, verb, existing, input) {
    if (verb === 'read') return void requireAccess(actor, 'staff');
    const branches = [existing?.branchId, input?.branch].filter((b) => b !== undefined);
    requireAccess(actor, 'manage', branches.includes(null) ? [] : (branches as number[]));
  },
  assign(input, e) {
    e.name = input.name;
    e.description = input.description;
    e.branchId = input.branch;
    e.isActive = input.isActive;
  },
  async beforeDelete(manager, e) {
    await manager.delete(TaskEntity, { projectId: e.id });
  },
  toDto: (e): Project => ({ ...columnsDto(e, ['name', 'description']), branch: e.branchId, isActive: e.isActive }),
});

/**
 * Tasks of a project with status and assignees: staff read; administrators write, branch managers the tasks of
 * their branches' projects (the branch part needs the project, see requireTaskBranches).
 */
export const taskCrud = defineCrud(CRUD_RESOURCES.tasks, TaskEntity, {
  searchColumns: ['name', 'description'],
  order: { projectId: 'ASC', name: 'ASC' },
  applyFilters: columnFilters({ project: 'projectId', status: 'status', assignee: { holds: 'assignees' } }),
  checkReferences: (manager, input) =>
    missingReferences(manager, ProjectEntity, 'Projekt', [{ field: 'project', id: input.project }]),
  authorize(actor, verb) {
    if (verb === 'read') return void requireAccess(actor, 'staff');
    if (!holdsPermission(actor, 'manage')) requireAccess(actor, 'admin');
  },
  assign(input, e) {
    e.projectId = input.project;
    e.name = input.name;
    e.description = input.description;
    e.status = input.status;
    e.assignees = [...new Set(input.assignees)];
  },
  toDto: (e): Task => ({
    ...meta(e),
    project: e.projectId,
    name: e.name,
    description: e.description,
    status: e.status,
    assignees: e.assignees,
  }),
});

/**
 * The branch part of a task write by a branch manager (the CRUD's authorize is synchronous and sees no project):
 * the task's project now and the one the body names must both be projects of the manager's branches; a project
 * of every branch (branch null) stays with administrators. Administrators, and everyone the CRUD's role check
 * refuses, pass on to it; an unknown task or project is the CRUD's 404 or 422.
 */
export async function requireTaskBranches(
  ds: DataSource,
  actor: Actor | null,
  taskId: number | undefined,
  body: unknown,
): Promise<void> {
  if (!actor || isAdmin(actor) || !holdsPermission(actor, 'manage')) return;
  const ids: number[] = [];
  if (taskId !== undefined) {
    const task = await ds.getRepository(TaskEntity).findOneBy({ id: taskId });
    if (task) ids.push(task.projectId);
  }
  const named = (body as { project?: unknown } | null | undefined)?.project;
  if (typeof named === 'number' && Number.isSafeInteger(named) && named > 0) ids.push(named);
  const projects = ids.length ? await ds.getRepository(ProjectEntity).findBy({ id: In(ids) }) : [];
  if (projects.length === 0) return;
  const branches = projects.map((p) => p.branchId);
  requireAccess(actor, 'manage', branches.includes(null) ? [] : (branches as number[]));
}
