// The block types of a page body and which of them each page kind takes (storefront-presenter.md §3).
import { type FieldDefinition, image, images, links, select, text, wysiwyg } from './fields.js';

/**
 * §3 "Slider: duration in seconds": how long a text slider shows each image (empty: the basic slider's 5 s of §9).
 * Issue 43: the public slider honours it.
 */
const sliderDuration: FieldDefinition = {
  name: 'duration',
  type: 'number',
  label: 'Dauer pro Bild (Sekunden)',
  min: 1,
  max: 60,
};

/** §3 "Editor block types per page kind": each block type's fields. */
export const BLOCK_TYPES = {
  hero_home: {
    label: 'Hero-Slider',
    fields: [
      {
        name: 'slides',
        type: 'collection',
        label: 'Slides',
        fields: [image('image', 'Bild'), wysiwyg(), links],
      },
    ],
  },
  text_slider: { label: 'Text-Slider', fields: [wysiwyg(), links, images(), sliderDuration] },
  text_slider_2: { label: 'Text-Slider (blau)', fields: [wysiwyg(), links, images(), sliderDuration] },
  projects_overview: { label: 'Projektübersicht', fields: [wysiwyg()] },
  objects_overview: { label: 'Objektübersicht', fields: [wysiwyg()] },
  references_overview: { label: 'Referenzübersicht', fields: [wysiwyg()] },
  project_slider: {
    label: 'Projekt-Slider',
    fields: [
      wysiwyg(),
      {
        name: 'projects',
        type: 'collection',
        label: 'Projekte',
        fields: [
          text('label', { label: 'Beschriftung' }),
          wysiwyg(),
          images(),
          { name: 'link', type: 'reference', label: 'Projekt', references: ['project'] },
        ],
      },
    ],
  },
  text_field: {
    label: 'Textfeld',
    fields: [
      wysiwyg(),
      links,
      select(
        'orientation',
        'Ausrichtung',
        [
          ['left', 'Links'],
          ['center', 'Zentriert'],
        ],
        { default: 'left' },
      ),
      select(
        'width',
        'Breite',
        [
          ['default', 'Standard'],
          ['narrow', 'Schmal'],
        ],
        { default: 'default' },
      ),
    ],
  },
  cta_text: {
    label: 'Call-to-Action',
    fields: [
      select(
        'color',
        'Farbe',
        [
          ['black', 'Schwarz'],
          ['gray', 'Grau'],
        ],
        { default: 'black' },
      ),
      wysiwyg(),
      links,
    ],
  },
  text_columns: {
    label: 'Textspalten',
    fields: [
      { name: 'columns', type: 'collection', label: 'Spalten', fields: [wysiwyg(), links, image('image', 'Bild')] },
    ],
  },
  map_columns: {
    label: 'Kartenspalten',
    fields: [
      {
        name: 'map',
        type: 'group',
        label: 'Karte',
        fields: [text('latitude', { label: 'Breitengrad' }), text('longitude', { label: 'Längengrad' })],
      },
      wysiwyg(),
      links,
    ],
  },
  carousel: {
    label: 'Bilderkarussell',
    fields: [
      wysiwyg(),
      select(
        'orientation',
        'Ausrichtung',
        [
          ['portrait', 'Hochformat'],
          ['landscape', 'Querformat'],
        ],
        { default: 'portrait' },
      ),
      images(),
    ],
  },
  object_carousel: {
    label: 'Objektkarussell',
    fields: [
      wysiwyg(),
      {
        name: 'objects',
        type: 'collection',
        label: 'Objekte',
        fields: [{ name: 'object', type: 'reference', label: 'Objekt', references: ['object'], required: true }],
      },
      { name: 'selectAvailableObjects', type: 'boolean', label: 'Verfügbare Objekte automatisch zeigen' },
    ],
  },
  site_references: {
    label: 'Seitenverweise',
    fields: [
      wysiwyg(),
      {
        name: 'references',
        type: 'collection',
        label: 'Verweise',
        fields: [
          {
            name: 'reference',
            type: 'reference',
            label: 'Seite',
            references: ['project', 'object', 'reference', 'site'],
            required: true,
          },
        ],
      },
    ],
  },
  object_details: {
    label: 'Objektdetails',
    fields: [
      wysiwyg(),
      {
        name: 'data',
        type: 'collection',
        label: 'Daten',
        fields: [text('label', { label: 'Bezeichnung' }), text('value', { label: 'Wert' })],
      },
      images(),
      text('price_description', { label: 'Preisbeschreibung', placeholder: 'Gesamtpreis inkl. Tiefgarage' }),
    ],
  },
  image_section: { label: 'Bildbereich', fields: [image('image_1', 'Bild 1'), image('image_2', 'Bild 2'), wysiwyg()] },
  object_references: { label: 'Objektreferenzen', fields: [wysiwyg(), images()] },
  contact_info: { label: 'Kontaktinformationen', fields: [] },
  form: {
    label: 'Formular',
    fields: [{ name: 'form', type: 'reference', label: 'Formular', references: ['form'], required: true }],
  },
  map: { label: 'Karte', fields: [wysiwyg()] },
  floor_plans: {
    label: 'Stockpläne',
    fields: [
      {
        name: 'plans',
        type: 'collection',
        label: 'Pläne',
        fields: [wysiwyg(), { name: 'file', type: 'file', label: 'Plan' }],
      },
    ],
  },
} as const satisfies Record<string, { label: string; fields: readonly FieldDefinition[] }>;
export type BlockType = keyof typeof BLOCK_TYPES;

/**
 * §3 "Editor block types per page kind (home, project, object, reference, general body)". The spec names the
 * kinds, not the split; decision (ARCHITECTURE.md, content): the start page takes the sliders and overviews, the
 * real-estate pages what describes a project, an object or a reference, and the general body every type.
 */
export const PAGE_KINDS = {
  home: [
    'hero_home',
    'text_slider',
    'text_slider_2',
    'projects_overview',
    'references_overview',
    'project_slider',
    'text_field',
    'cta_text',
    'text_columns',
    'map_columns',
    'carousel',
    'object_carousel',
    'site_references',
    'image_section',
    'contact_info',
    'form',
    'map',
  ],
  project: [
    'text_field',
    'text_slider',
    'text_slider_2',
    'cta_text',
    'text_columns',
    'map_columns',
    'carousel',
    'objects_overview',
    'object_carousel',
    'site_references',
    'image_section',
    'floor_plans',
    'contact_info',
    'form',
    'map',
  ],
  object: [
    'object_details',
    'text_field',
    'cta_text',
    'text_columns',
    'carousel',
    'image_section',
    'floor_plans',
    'object_references',
    'site_references',
    'contact_info',
    'form',
    'map',
  ],
  reference: ['text_field', 'cta_text', 'carousel', 'image_section', 'object_references', 'site_references'],
  general: Object.keys(BLOCK_TYPES) as BlockType[],
} as const satisfies Record<string, readonly BlockType[]>;
export type PageKind = keyof typeof PAGE_KINDS;
