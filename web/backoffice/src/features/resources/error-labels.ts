import { f, T } from '../../texts';
import { getPath } from './path';
import type { Field, ResourceDef } from './types';

const S = T.steps;
const SUB_LABELS: Record<string, string> = {
  ...(T.fields as Record<string, string>),
  ...(T.rules as Record<string, string>),
};
const STEP_LABELS: Record<string, string> = {
  key: S.key,
  type: S.type,
  name: S.name,
  description: S.description,
  optional: S.optional,
  options: S.options,
};
const OPTION_LABELS: Record<string, string> = { name: S.optionName, modifier: S.modifier, value: S.value };

/** The form field a server error path belongs to (the longest field name that is the path or a prefix of it). */
function fieldOf(def: ResourceDef, path: string): Field | undefined {
  return def.groups
    .flatMap((g) => g.fields)
    .filter((field) => path === field.name || path.startsWith(field.name + '.'))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

/** 'config.parts.basis.options.1.value' → 'Schritt 1: Basis – Betrag 2', as the step editor labels its inputs. */
function stepPlace(steps: unknown, [key, prop, index, optionProp]: string[]): string {
  const keys = Object.keys((steps as Record<string, unknown> | null) ?? {});
  const name = (steps as Record<string, { name?: string }> | null)?.[key]?.name;
  const step = keys.includes(key) ? f(S.stepN, { n: keys.indexOf(key) + 1 }) + (name ? `: ${name}` : '') : key;
  if (prop === 'options' && index !== undefined && /^\d+$/.test(index)) {
    return `${step} – ${OPTION_LABELS[optionProp ?? 'name'] ?? S.optionName} ${Number(index) + 1}`;
  }
  return prop ? `${step} – ${STEP_LABELS[prop] ?? prop}` : step;
}

/**
 * How the error summary names the place of a server field error (§5: the server's German messages): the field's
 * label as the form shows it, and inside the list editors the row or step ('Lieferzonen – Preis 2'), never the
 * raw path. Null when no field of the form matches (the message stands alone).
 */
export function errorPlace(def: ResourceDef, entity: Record<string, unknown>, path: string): string | null {
  const field = fieldOf(def, path);
  if (!field) return null;
  const label = field.label ?? field.name;
  const rest = path === field.name ? [] : path.slice(field.name.length + 1).split('.');
  if (rest.length === 0) return label;
  if (field.kind === 'steps') return `${label} – ${stepPlace(getPath(entity, field.name), rest)}`;
  const [index, prop] = rest;
  if (/^\d+$/.test(index)) return `${label} – ${prop ? `${SUB_LABELS[prop] ?? prop} ` : ''}${Number(index) + 1}`;
  return label;
}
