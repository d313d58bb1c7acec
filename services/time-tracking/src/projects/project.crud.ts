import { CRUD_RESOURCES, ProjectInput, TaskInput, type Project, type Task } from '@shop/contracts';
import { meta, missingReferences, requireAccess, type CrudDefinition } from '@shop/server';
import type { z } from 'zod';
import { ProjectEntity, TaskEntity } from './project.entity.js';

/** Projects: staff read, administrators write. */
export const projectCrud: CrudDefinition<ProjectEntity, z.output<typeof ProjectInput>> = {
  ...CRUD_RESOURCES.projects,
  target: ProjectEntity,
  searchColumns: ['name', 'description'],
  order: { name: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.branch !== undefined) qb.andWhere(`${a}."branchId" = :branch`, { branch: f.branch });
    if (f.isActive !== undefined) qb.andWhere(`${a}."isActive" = :isActive`, { isActive: f.isActive });
  },
  authorize: (actor, verb) => void requireAccess(actor, verb === 'read' ? 'staff' : 'admin'),
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

/** Tasks of a project with status and assignees: staff read, administrators write. */
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
  authorize: (actor, verb) => void requireAccess(actor, verb === 'read' ? 'staff' : 'admin'),
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
