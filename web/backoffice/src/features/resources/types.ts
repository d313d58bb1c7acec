import type { CRUD_RESOURCES, CrudEntities, CrudResourceName } from '@shop/contracts';
import type { Path } from 'react-hook-form';
import type { z } from 'zod';
import type { ResourceNounKey } from '../../texts';

export interface Option {
  value: string;
  label: string;
}

/** What a resource's form edits: the input of its contract schema (libs/contracts CRUD_RESOURCES[name].input). */
export type ResourceInput<R extends CrudResourceName> = z.input<(typeof CRUD_RESOURCES)[R]['input']>;
/** What the API answers for one of a resource's entities (its list rows too). */
export type ResourceEntity<R extends CrudResourceName> = CrudEntities[R];
/**
 * A form field of a resource: a dot path into its input ('name', 'config.parts', 'catalog.categories'), or a field
 * of the entity the server keeps and the form shows (a branch's API key, replaced by its own button).
 */
export type FieldName<R extends CrudResourceName> = Path<ResourceInput<R>> | (keyof ResourceEntity<R> & string);
/** A list filter of a resource: a query parameter its contract's list filters accept. */
export type FilterName<R extends CrudResourceName> = keyof z.input<(typeof CRUD_RESOURCES)[R]['filters']> & string;

interface Base<N extends string> {
  /** dot path in the entity */
  name: N;
  label?: string;
  help?: string;
  required?: boolean;
}

/** The editors of their own (lists, rules, images) that a field can be edited with. */
export type EditorKind =
  'rules' | 'schedule' | 'deliveryAreas' | 'alternativeUnits' | 'steps' | 'menuCatalog' | 'images' | 'image' | 'apiKey';

/** A form field; N: the names it may have (any path in the generic screens, the input's paths in a definition). */
export type Field<N extends string = string> =
  | (Base<N> & { kind: 'text' | 'textarea' | 'email' | 'url' | 'time' | 'password'; nullable?: boolean; rows?: number })
  | (Base<N> & { kind: 'number' | 'integer'; nullable?: boolean; step?: string })
  | (Base<N> & { kind: 'date' | 'datetime'; nullable?: boolean })
  | (Base<N> & { kind: 'checkbox' })
  | (Base<N> & { kind: 'select'; options: Option[]; nullable?: boolean })
  | (Base<N> & { kind: 'checkboxes'; options: Option[] })
  /** a list of strings, one a line */
  | (Base<N> & { kind: 'lines'; rows?: number })
  /** reference to another resource: {id} objects (IdRef) or bare ids, single or many */
  | (Base<N> & {
      kind: 'ref';
      resource: CrudResourceName;
      shape: 'idRef' | 'id';
      multiple?: boolean;
      nullable?: boolean;
    })
  | (Base<N> & { kind: EditorKind });

export interface FieldGroup<N extends string = string> {
  legend?: string;
  fields: Field<N>[];
}

type Row = Record<string, unknown>;

/** A list column: a field of the entity (shown as it is, or rendered), or a column of its own that renders itself. */
export type Column<E = Row> =
  | { name: keyof E & string; label: string; render?: (row: E) => string }
  | { name: string; label: string; render: (row: E) => string };

export interface Filter<N extends string = string> {
  name: N;
  label: string;
  options?: Option[];
  /** options from another resource's list */
  resource?: CrudResourceName;
}

export interface EmployeeAccess<E = Row> {
  create: boolean;
  change: boolean;
  delete: boolean;
  /** the branch an entity belongs to */
  branchOf: (row: E) => unknown;
  /** where employees may change only some fields (a branch's: BRANCH_EMPLOYEE_FIELDS): those; the rest read only */
  fields?: readonly string[];
}

/**
 * A resource of the generic screens as its file declares it (features/resources/defs/<name>.ts): every name is
 * checked against the resource's contract (as Payload's CollectionConfig is typed by its collection), so a field
 * `'nmae'`, a column of no entity field or a filter the list does not accept fails to compile.
 */
export interface ResourceConfig<R extends CrudResourceName> {
  groups: FieldGroup<FieldName<R>>[];
  columns: Column<ResourceEntity<R>>[];
  filters?: Filter<FilterName<R>>[];
  /** what a new entity starts with (null: a choice not made yet, such as a table's branch) */
  defaults: { [K in keyof ResourceInput<R>]: ResourceInput<R>[K] | null };
  /** how an entity is named in questions ('„Pizza“ wirklich löschen?') and reference lists (default: nameOf) */
  title?: (row: ResourceEntity<R>) => string;
  /** what employees may do, in their own branches only (the server decides; the screens offer just that); absent: nothing */
  employee?: EmployeeAccess<ResourceEntity<R>>;
}

/** A resource as the generic list and form screens handle it: every resource alike, an entity as paths and values. */
export interface ResourceDef {
  /** URL segment: /api/<name>, /backend#/<name> (a CRUD resource of libs/contracts) */
  name: CrudResourceName;
  noun: ResourceNounKey;
  /** singular and plural labels (RESOURCE_NOUNS) */
  label: string;
  plural: string;
  groups: FieldGroup[];
  columns: Column[];
  filters?: Filter[];
  defaults: Record<string, unknown>;
  title: (row: Row) => string;
  employee?: EmployeeAccess;
}
