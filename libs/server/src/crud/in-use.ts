import type { EntityManager, EntityTarget, FindOptionsWhere, ObjectLiteral } from 'typeorm';
import { DomainException } from '../errors/domain-exception.js';

/** Whether rows elsewhere still refer to a row (by its id): what keeps the row from being deleted. */
export type Usage = (manager: EntityManager, id: number) => Promise<boolean>;

/** Rows of `target` whose `column` is the id (a foreign key). */
export const referencedBy =
  <T extends ObjectLiteral>(target: EntityTarget<T>, column: keyof T & string): Usage =>
  (manager, id) =>
    manager.getRepository(target).existsBy({ [column]: id } as FindOptionsWhere<T>);

/** Rows of `target` whose array `column` lists the id. */
export const listedIn =
  <T extends ObjectLiteral>(target: EntityTarget<T>, column: keyof T & string): Usage =>
  (manager, id) =>
    manager.getRepository(target).createQueryBuilder('r').where(`:id = ANY(r."${column}")`, { id }).getExists();

/** Rows of `target` whose jsonb `column` contains (`@>`) what `probe` makes of the id. */
export const containedIn =
  <T extends ObjectLiteral>(target: EntityTarget<T>, column: keyof T & string, probe: (id: number) => unknown): Usage =>
  (manager, id) =>
    manager
      .getRepository(target)
      .createQueryBuilder('r')
      .where(`r."${column}" @> :probe::jsonb`, { probe: JSON.stringify(probe(id)) })
      .getExists();

/**
 * A CRUD definition's beforeDelete: the row may not go while any of the usages finds it (409 IN_USE, naming the
 * resource by its label); the usages are asked in turn and the first that finds one answers.
 */
export const refuseDeleteWhileUsed =
  (label: string, ...usages: Usage[]) =>
  async (manager: EntityManager, entity: { id: number }): Promise<void> => {
    for (const used of usages)
      if (await used(manager, entity.id)) throw DomainException.of('IN_USE', 'http.inUse', { label });
  };
