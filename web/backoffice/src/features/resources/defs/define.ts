import type { CrudResourceName } from '@shop/contracts';
import { RESOURCE_NOUNS } from '@shop/i18n-de';
import { T, type ResourceNounKey } from '../../../texts';
import type { EditorKind, Field, Filter, Option, ResourceConfig, ResourceDef } from '../types';

const F = T.fields;
const O = T.options as Record<string, string>;
/** A field whose label is its name's in the back office's texts (T.fields). */
type Labelled = keyof typeof F;

/**
 * Declares a resource of the generic screens, its names checked against the contract (see ResourceConfig). The
 * screens then handle it like every other: the check is the compiler's, nothing changes at run time. It is called
 * as the messages name it ('Kategorie', 'Kategorien': RESOURCE_NOUNS), and by its name in lists unless `title` says
 * otherwise (nameOf).
 */
export function defineResource<R extends CrudResourceName & ResourceNounKey>(
  name: R,
  config: ResourceConfig<R>,
): ResourceDef {
  const [label, plural] = RESOURCE_NOUNS[name];
  // the typed rows and paths become the screens' generic ones here, once, after the compiler checked them
  return { name, noun: name, label, plural, title: nameOf, ...config } as unknown as ResourceDef;
}

/** Select options with the German labels of T.options ('simple' → 'Einfach'). */
export const opts = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: O[v] ?? v }));
export const boolOptions: Option[] = [
  { value: 'true', label: T.app.yes },
  { value: 'false', label: T.app.no },
];

/*
 * The usual fields, labelled from T.fields by their name. Each keeps its name's literal type (N), so the resource it
 * is placed in checks the name against its contract.
 */
export const text = <N extends Labelled>(name: N, extra: Partial<Field> = {}): Field<N> =>
  ({ name, label: F[name], kind: 'text', nullable: true, ...extra }) as Field<N>;
export const req = <N extends Labelled>(name: N, kind: 'text' | 'textarea' = 'text'): Field<N> => ({
  name,
  label: F[name],
  kind,
  required: true,
});
export const area = <N extends Labelled>(name: N, rows = 4): Field<N> => ({
  name,
  label: F[name],
  kind: 'textarea',
  nullable: true,
  rows,
});
export const flag = <N extends Labelled>(name: N): Field<N> => ({ name, label: F[name], kind: 'checkbox' });
export const num = <N extends Labelled>(name: N, extra: Partial<Field> = {}): Field<N> =>
  ({ name, label: F[name], kind: 'number', ...extra }) as Field<N>;
export const int = <N extends Labelled>(name: N, extra: Partial<Field> = {}): Field<N> =>
  ({ name, label: F[name], kind: 'integer', ...extra }) as Field<N>;
export const select = <N extends Labelled>(name: N, values: readonly string[], nullable = false): Field<N> => ({
  name,
  label: F[name],
  kind: 'select',
  options: opts(values),
  nullable,
});
/** A field with an editor of its own (opening hours, delivery areas, images, …). */
export const editor = <N extends Labelled>(name: N, kind: EditorKind): Field<N> => ({ name, label: F[name], kind });
/** A reference to entities of another resource ({id} objects or bare ids). */
export const ref = <N extends Labelled>(
  name: N,
  resource: CrudResourceName,
  shape: 'idRef' | 'id',
  extra: { multiple?: boolean; nullable?: boolean; required?: boolean } = {},
): Field<N> => ({ name, label: F[name], kind: 'ref', resource, shape, ...extra });

/** How most entities are named in questions and reference lists. */
export const nameOf = (r: object) => {
  const e = r as { name?: unknown; identifier?: unknown; username?: unknown; id?: unknown };
  return String(e.name ?? e.identifier ?? e.username ?? e.id);
};
/** A flag column: 'Ja' or 'Nein'. */
export const yesNo =
  <K extends string>(key: K) =>
  (r: { [P in K]: unknown }) =>
    r[key] ? T.app.yes : T.app.no;

/*
 * The usual list columns and filters, labelled from T.fields by their name, which each keeps as its literal type (so
 * the resource checks it against its entity and its list's filters).
 */
/** A column showing the field as it is. */
export const column = <N extends Labelled>(name: N) => ({ name, label: F[name] });
/** A flag's column: 'Ja' or 'Nein'. */
export const flagColumn = <N extends Labelled>(name: N) => ({ name, label: F[name], render: yesNo(name) });
/** A flag's filter: yes or no. */
export const flagFilter = <N extends Labelled>(name: N): Filter<N> => ({ name, label: F[name], options: boolOptions });
/** A filter by an entity of another resource ('Filiale': the branches' list). */
export const refFilter = <N extends Labelled>(name: N, resource: CrudResourceName): Filter<N> => ({
  name,
  label: F[name],
  resource,
});
