/** The generated screens handle every resource alike: an entity as field paths and values. */
export const asEntity = (entity: object): Record<string, unknown> => entity as Record<string, unknown>;

/** Read and write a value at a dot path ('config.parts', 'deliveryAreas.0.price') without mutating. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split('.')) {
    if (cur === null || cur === undefined || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

export function setPath<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const base = (Array.isArray(obj) ? [...obj] : { ...(obj as object) }) as Record<string, unknown>;
  base[head] =
    rest.length === 0 ? value : setPath(base[head] ?? (/^\d+$/.test(rest[0]) ? [] : {}), rest.join('.'), value);
  return base as T;
}

/** Field errors below a prefix, with the prefix removed ('deliveryAreas.0.price' → '0.price'). */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) if (k.startsWith(prefix + '.')) out[k.slice(prefix.length + 1)] = v;
  return out;
}
