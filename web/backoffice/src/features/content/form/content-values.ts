import type { FieldDefinition } from '@shop/contracts';

/** The content of a site, node or block item as the generated form edits it. */
export type ContentValue = Record<string, unknown>;

/** The field's value in a fresh item: its default, an empty group or tabs object, an empty list. */
function initialOf(def: FieldDefinition): unknown {
  if (def.default !== undefined) return structuredClone(def.default);
  if (def.type === 'group') return defaultsOf(def.fields ?? []);
  if (def.type === 'tabs') return defaultsOf((def.tabs ?? []).flatMap((t) => t.fields));
  if (def.type === 'collection') return [];
  return undefined;
}

/** A new item of these fields with every default filled in (a new block, a new collection row, a new site). */
export function defaultsOf(fields: readonly FieldDefinition[]): ContentValue {
  const out: ContentValue = {};
  for (const def of fields) {
    const v = initialOf(def);
    if (v !== undefined) out[def.name] = v;
  }
  return out;
}

/** 'content' + 'body' + 2 → 'content.body.2': the server's error paths (libs/domain validateContent). */
export const joinPath = (...parts: Array<string | number>): string => parts.filter((p) => p !== '').join('.');

/** An element id for a path ('content.body.0.text' → 'c-content-body-0-text'). */
export const domId = (path: string): string => `c-${path.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** Whether an error sits at the path or below it (a collapsed block shows that it holds errors). */
export const hasErrorsUnder = (errors: Record<string, string>, path: string): boolean =>
  Object.keys(errors).some((k) => k === path || k.startsWith(path + '.'));
