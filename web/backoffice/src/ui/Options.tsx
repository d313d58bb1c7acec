/** One choice of a select: the value it sends and the text it shows. */
export interface Choice {
  value: string | number;
  label: string;
}

/**
 * A select's choices as its <option>s, each keyed by its value (a value stands once). Every select of the back
 * office lists its choices this way, whether they come from a resource, a contract's values or the entities loaded.
 */
export function Options({ choices }: { choices: readonly Choice[] }) {
  return choices.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));
}

/** A contract's values named from a text table: labelled(LOG_LEVELS, T.logs.levels). */
export const labelled = <V extends string>(values: readonly V[], labels: Readonly<Record<V, string>>): Choice[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** Values that are their own text (a font's variants, a line's units). */
export const plain = (values: readonly string[]): Choice[] => values.map((value) => ({ value, label: value }));

/** Loaded entities by id, named by `name` (a branch by its name, a site by its name and path). */
export const byId = <E extends { id: number }>(entities: readonly E[] | undefined, name: (e: E) => string): Choice[] =>
  (entities ?? []).map((e) => ({ value: e.id, label: name(e) }));
