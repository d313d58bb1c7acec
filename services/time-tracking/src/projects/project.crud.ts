import { CRUD_RESOURCES, ProjectInput, TaskInput, type Project, type Task } from '@shop/contracts';
import type { Actor } from '@shop/contracts';
import { holdsPermission, meta, missingReferences, requireAccess, type CrudDefinition } from '@shop/server';
import { In, type DataSource } from 'typeorm';
import type { z } from 'zod';
import { isAdmin } from '../common/time-range.js';
import { ProjectEntity, TaskEntity } from './project.entity.js';

/**
 * Projects: staff read; administrators write, branch managers those of their branches (a project of every
 * branch, branch null, stays with administrators).
 */
export const projectCrud: CrudDefinition<ProjectEntity, z.output<typeof ProjectInput>> = {
  ...CRUD_RESOURCES.projects,
  target: ProjectEntity,
  searchColumns: ['name', 'description'],
  order: { name: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.branch !== undefined) qb.andWhere(`${a}."branchId" = :branch`, { branch: f.branch });
    if (f.isActive !== undefined) qb.andWhere(`${a}."isActive" = :isActive`, { isActive: f.isActive });
  },
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
  toDto: (e): Project => ({
    ...meta(e),
    name: e.name,
    description: e.description,
    branch: e.branchId,
    isActive: e.isActive,
  }),
};

/**
 * Tasks of a project with status and assignees: staff read; administrators write, branch managers the tasks of
 * their branches' projects (the branch part needs the project, see requireTaskBranches).
 */
export const taskCrud: CrudDefinition<TaskEntity, z.output<typeof TaskInput>> = {
  ...CRUD_RESOURCES.tasks,
  target: TaskEntity,
  searchColumns: ['name', 'description'],
  order: { projectId: 'ASC', name: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.project !== undefined) qb.andWhere(`${a}."projectId" = :project`, { project: f.project });
    if (f.status !== undefined) qb.andWhere(`${a}."status" = :status`, { status: f.status });
    if (f.assignee !== undefined) qb.andWhere(`:assignee = ANY(${a}."assignees")`, { assignee: f.assignee });
  },
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
};

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
