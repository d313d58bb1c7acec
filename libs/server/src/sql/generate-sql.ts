import type { EntityManager, QueryRunner } from 'typeorm';

/**
 * What a query is run with when its snapshot is made: one transaction on one connection, rolled back afterwards
 * (a snapshot writes nothing that stays).
 */
export interface SqlExampleContext {
  runner: QueryRunner;
  /** the runner's manager: a repository method that takes the caller's transaction gets this one */
  manager: EntityManager;
}

export interface GenerateSqlOptions {
  /** names one of several examples of a method (a filter set, an empty list); printed after the method's name */
  name?: string;
  /** the method's arguments: plain values, or built from the snapshot's transaction (a runner, a manager) */
  params?: unknown[] | ((ctx: SqlExampleContext) => unknown[]);
}

export interface SqlExample extends GenerateSqlOptions {
  method: string;
}

const EXAMPLES = new WeakMap<object, SqlExample[]>();

/**
 * Declares a repository method whose SQL is kept in the repository's committed snapshot (`queries/<file>.sql`
 * beside it), as Immich's `@GenerateSql`: `npm run sql:snapshots` runs the method with these examples against a
 * throwaway database and writes the SQL it sent; `tests/sql-snapshots.spec.ts` fails while a query and its
 * snapshot differ, so a changed query shows in review. One decorator per example; none means one run without
 * arguments.
 */
export function GenerateSql(...examples: GenerateSqlOptions[]): MethodDecorator {
  return (target, key) => {
    const list = EXAMPLES.get(target.constructor) ?? [];
    for (const example of examples.length ? examples : [{}]) list.push({ ...example, method: String(key) });
    EXAMPLES.set(target.constructor, list);
  };
}

/** The examples declared on a repository class, in the order of its methods. */
export function sqlExamplesOf(repository: abstract new (...args: never[]) => unknown): SqlExample[] {
  return EXAMPLES.get(repository) ?? [];
}
