import type { Actor, FieldError } from '@shop/contracts';
import type { z } from 'zod';
import type { EntityManager, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

export type CrudVerbKind = 'read' | 'create' | 'update' | 'delete';

/**
 * A resource as the registry in libs/contracts names it (CRUD_RESOURCES): owner, entity, label, body and
 * filters. A `*.crud.ts` extends its registry entry (`{ ...CRUD_RESOURCES.tags, target: TagEntity, … }`).
 */
export interface CrudResourceEntry<I> {
  service: string;
  /** singular, used in event subjects: catalogue.product.created */
  entity: string;
  /** German label for messages: 'Produkt' */
  label: string;
  input: z.ZodType<I>;
  filters: z.ZodObject;
}

/** What a resource tells the generic CRUD handler about itself: its registry entry and its rules. */
export interface CrudDefinition<E extends ObjectLiteral & { id: number }, I> extends CrudResourceEntry<I> {
  target: new () => E;
  /** column looked up when GET /{x} is not numeric */
  identifierColumn?: keyof E & string;
  /** the identifier as stored, from the one in the URL (a path gains its leading slash) */
  identifierOf?(raw: string): string;
  /** the column of the website a row belongs to: lookups by identifier stay within the requesting host's website */
  websiteColumn?: keyof E & string;
  /** columns matched by ?search= (ILIKE) */
  searchColumns?: Array<keyof E & string>;
  /** columns with a unique index: duplicates answer 409 on that field; a group (unique together) on its last column */
  uniqueColumns?: Array<(keyof E & string) | ReadonlyArray<keyof E & string>>;
  order?: Partial<Record<keyof E & string, 'ASC' | 'DESC'>>;
  /** SQL restriction for anonymous readers (public entities only) */
  publicScope?(qb: SelectQueryBuilder<E>, alias: string): void;
  /** SQL restriction for a logged-in reader (an employee sees the rows of their branches) */
  actorScope?(qb: SelectQueryBuilder<E>, alias: string, actor: Actor): void;
  applyFilters?(qb: SelectQueryBuilder<E>, alias: string, filters: Record<string, unknown>): void;
  /** ids referenced by the body that must exist: errors per field */
  checkReferences?(manager: EntityManager, input: I): Promise<FieldError[]>;
  /** throws 403 when the actor may not do this */
  authorize(actor: Actor | null, verb: CrudVerbKind, existing?: E, input?: I): void;
  /** maps the validated body onto entity columns */
  assign(input: I, entity: E, manager: EntityManager): Promise<void> | void;
  /** the JSON the API shows; staff-only fields only for staff */
  toDto(entity: E, actor: Actor | null): unknown;
  /** the JSON the create answer shows, when it holds more than toDto (a device's key, shown once); default: toDto */
  createdDto?(entity: E, actor: Actor | null): unknown;
  /** the JSON a trusted service reads (staff-only fields included); default: toDto without an actor */
  serviceDto?(entity: E): unknown;
  /** throws when the entity may not be deleted (still referenced) */
  beforeDelete?(manager: EntityManager, entity: E): Promise<void>;
}

/**
 * A CRUD definition of any resource, for code that holds several of them (a registry, a module's providers) and
 * hands each to code typed by its own resource.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- type-erased on purpose: the entity and input types differ per resource
export type AnyCrudDefinition = CrudDefinition<any, any>;

/** What a `*.crud.ts` writes itself: the rules, beside the registry entry and the entity. */
export type CrudRules<E extends ObjectLiteral & { id: number }, I> = Omit<
  CrudDefinition<E, I>,
  keyof CrudResourceEntry<I> | 'target'
>;

/**
 * A resource's CRUD definition from its registry entry (`CRUD_RESOURCES.tags`), its entity and its rules. The
 * input type is the one of the entry's body schema, so the rules are typed by what the registry validates.
 */
export function defineCrud<E extends ObjectLiteral & { id: number }, I>(
  entry: CrudResourceEntry<I>,
  target: new () => E,
  rules: CrudRules<NoInfer<E>, NoInfer<I>>,
): CrudDefinition<E, I> {
  return { ...entry, target, ...rules };
}
