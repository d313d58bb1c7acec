// The content-field types and a field's definition (storefront-presenter.md §3), with the helpers the layouts below
// are written with (layout.ts assembles them).
import type { PageKind } from './blocks.js';

/** §3 "Content-field types". */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'wysiwyg',
  'markdown',
  'number',
  'date',
  'image',
  'images',
  'file',
  'files',
  'boolean',
  'select',
  'multiselect',
  'group',
  'tabs',
  'collection',
  'reference',
  'color',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** §3 "Content node: … form, project, object, reference". */
export const NODE_TYPES = ['form', 'project', 'object', 'reference'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

/** What a reference may point at: a node of a type, any site, or a block (§3 "Reference value: id and type"). */
export type ReferenceTarget = 'site' | 'block' | NodeType;

/** §3 "each may have label, description, default, required, min, max, rows, options" (plus the nesting below). */
export interface FieldDefinition {
  /** the key in the stored content */
  name: string;
  type: FieldType;
  label?: string;
  description?: string;
  default?: unknown;
  required?: boolean;
  /** text types: length; number: value; images, files, collection, multiselect: count */
  min?: number;
  max?: number;
  /** textarea */
  rows?: number;
  /** select, multiselect */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** group and collection items: their fields */
  fields?: readonly FieldDefinition[];
  /** tabs: each tab's fields, stored flat in one object */
  tabs?: ReadonlyArray<{ label: string; fields: readonly FieldDefinition[] }>;
  /** a collection of blocks (a page body): each item is `{ type, ...fields }` of a block type of this page kind */
  blocks?: PageKind;
  /** reference: the kinds of target it accepts */
  references?: readonly ReferenceTarget[];
  /** text: a placeholder shown in the empty editor field */
  placeholder?: string;
}

export const text = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  type: 'text',
  ...extra,
});
export const wysiwyg = (name = 'text', label = 'Text'): FieldDefinition => ({ name, type: 'wysiwyg', label });
export const images = (name = 'images', label = 'Bilder'): FieldDefinition => ({ name, type: 'images', label });
export const image = (name: string, label: string): FieldDefinition => ({ name, type: 'image', label });

/** A select field: its options as value and label, `extra` (default, required) between label and options. */
export const select = (
  name: string,
  label: string,
  options: ReadonlyArray<readonly [value: string, label: string]>,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition => ({
  name,
  type: 'select',
  label,
  ...extra,
  options: options.map(([value, label]) => ({ value, label })),
});

/** §3 "Link value: label plus one of reference id, href and target, to, mailto, phone, file." */
export const LINK_FIELDS: readonly FieldDefinition[] = [
  text('label', { label: 'Beschriftung', required: true }),
  { name: 'reference', type: 'reference', label: 'Seite', references: ['site'] },
  text('href', { label: 'URL' }),
  select('target', 'Ziel', [
    ['_self', 'Gleiches Fenster'],
    ['_blank', 'Neues Fenster'],
  ]),
  text('to', { label: 'Interner Pfad' }),
  text('mailto', { label: 'E-Mail' }),
  text('phone', { label: 'Telefon' }),
  { name: 'file', type: 'file', label: 'Datei' },
];
export const links: FieldDefinition = { name: 'links', type: 'collection', label: 'Links', fields: LINK_FIELDS };
