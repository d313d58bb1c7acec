/**
 * The editor layout definitions of storefront-presenter.md §3, as data: the site types, the content-field types,
 * the block types and which block types each page kind's body takes, and the fields of each node type. The content
 * service validates every saved site and node against them (libs/domain `validateContent`), and the content
 * builder generates its forms from them, so a field is declared here once.
 */

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

const text = (name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  type: 'text',
  ...extra,
});
const wysiwyg = (name = 'text', label = 'Text'): FieldDefinition => ({ name, type: 'wysiwyg', label });
const images = (name = 'images', label = 'Bilder'): FieldDefinition => ({ name, type: 'images', label });
const image = (name: string, label: string): FieldDefinition => ({ name, type: 'image', label });

/** §3 "Link value: label plus one of reference id, href and target, to, mailto, phone, file." */
export const LINK_FIELDS: readonly FieldDefinition[] = [
  text('label', { label: 'Beschriftung', required: true }),
  { name: 'reference', type: 'reference', label: 'Seite', references: ['site'] },
  text('href', { label: 'URL' }),
  {
    name: 'target',
    type: 'select',
    label: 'Ziel',
    options: [
      { value: '_self', label: 'Gleiches Fenster' },
      { value: '_blank', label: 'Neues Fenster' },
    ],
  },
  text('to', { label: 'Interner Pfad' }),
  text('mailto', { label: 'E-Mail' }),
  text('phone', { label: 'Telefon' }),
  { name: 'file', type: 'file', label: 'Datei' },
];
const links: FieldDefinition = { name: 'links', type: 'collection', label: 'Links', fields: LINK_FIELDS };

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
  text_slider: { label: 'Text-Slider', fields: [wysiwyg(), links, images()] },
  text_slider_2: { label: 'Text-Slider (blau)', fields: [wysiwyg(), links, images()] },
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
      {
        name: 'orientation',
        type: 'select',
        label: 'Ausrichtung',
        default: 'left',
        options: [
          { value: 'left', label: 'Links' },
          { value: 'center', label: 'Zentriert' },
        ],
      },
      {
        name: 'width',
        type: 'select',
        label: 'Breite',
        default: 'default',
        options: [
          { value: 'default', label: 'Standard' },
          { value: 'narrow', label: 'Schmal' },
        ],
      },
    ],
  },
  cta_text: {
    label: 'Call-to-Action',
    fields: [
      {
        name: 'color',
        type: 'select',
        label: 'Farbe',
        default: 'black',
        options: [
          { value: 'black', label: 'Schwarz' },
          { value: 'gray', label: 'Grau' },
        ],
      },
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
      {
        name: 'orientation',
        type: 'select',
        label: 'Ausrichtung',
        default: 'portrait',
        options: [
          { value: 'portrait', label: 'Hochformat' },
          { value: 'landscape', label: 'Querformat' },
        ],
      },
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

/** §3 site page "content (site_data group: hero_name, image, teaser_image, short_description)". */
const siteData = (fields: readonly FieldDefinition[]): FieldDefinition => ({
  name: 'site_data',
  type: 'group',
  label: 'Angaben zur Seite',
  fields,
});
const heroName: FieldDefinition = { name: 'hero_name', type: 'textarea', rows: 2, label: 'Seitentitel' };
const teaserImage = image('teaser_image', 'Teaserbild');
const shortDescription: FieldDefinition = { name: 'short_description', type: 'textarea', label: 'Kurzbeschreibung' };
const body = (kind: PageKind): FieldDefinition => ({ name: 'body', type: 'collection', label: 'Inhalt', blocks: kind });

/**
 * §3 "Site types: 'default' labelled 'Einfache Seite' (body is a rich-text field 'Inhalt'); 'default' labelled
 * 'Unterseite' (…); 'home' labelled 'Startseite' (…)". Two layouts share the type `default`, so each layout has its
 * own key and the stored site keeps its `type` and its `layout`.
 */
export const SITE_LAYOUTS = {
  simple: { type: 'default', label: 'Einfache Seite', fields: [wysiwyg('body', 'Inhalt')] },
  subpage: {
    type: 'default',
    label: 'Unterseite',
    fields: [
      siteData([heroName, image('image', 'Titelbild'), teaserImage, shortDescription]),
      { name: 'file', type: 'file', label: 'Expose' },
      body('general'),
    ],
  },
  home: { type: 'home', label: 'Startseite', fields: [siteData([teaserImage]), body('home')] },
} as const satisfies Record<string, { type: 'default' | 'home'; label: string; fields: readonly FieldDefinition[] }>;
export type SiteLayout = keyof typeof SITE_LAYOUTS;
export const SITE_TYPES = ['default', 'home'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** §3 "Content node: … form, project, object, reference". */
export const NODE_TYPES = ['form', 'project', 'object', 'reference'] as const;
export type NodeType = (typeof NODE_TYPES)[number];

const isRequired: FieldDefinition = { name: 'isRequired', type: 'boolean', label: 'Pflichtfeld' };
const fieldId = text('fieldId', { label: 'Feld-ID' });

/** §3 content node fields per type (the form's field kinds and its sendMail action included). */
export const NODE_LAYOUTS = {
  form: [
    text('name', { label: 'Name', required: true }),
    wysiwyg('description', 'Beschreibung'),
    {
      name: 'fields',
      type: 'collection',
      label: 'Felder',
      fields: [
        {
          name: 'kind',
          type: 'select',
          label: 'Art',
          required: true,
          options: [
            { value: 'text', label: 'Text' },
            { value: 'select', label: 'Auswahl' },
            { value: 'boolean', label: 'Checkbox' },
          ],
        },
        fieldId,
        isRequired,
        {
          name: 'type',
          type: 'select',
          label: 'Texttyp',
          options: [
            { value: 'text', label: 'Text' },
            { value: 'textarea', label: 'Mehrzeilig' },
            { value: 'email', label: 'E-Mail' },
            { value: 'phone', label: 'Telefon' },
          ],
        },
        text('default', { label: 'Standardwert' }),
        { name: 'label', type: 'textarea', label: 'Beschriftung', required: true },
        text('description', { label: 'Beschreibung' }),
        { name: 'hasMaxWidth', type: 'boolean', label: 'Begrenzte Breite' },
        {
          name: 'options',
          type: 'collection',
          label: 'Optionen',
          fields: [text('value', { label: 'Wert', required: true })],
        },
      ],
    },
    {
      name: 'actions',
      type: 'collection',
      label: 'Aktionen',
      fields: [
        {
          name: 'kind',
          type: 'select',
          label: 'Art',
          required: true,
          options: [{ value: 'sendMail', label: 'E-Mail senden' }],
        },
        text('recipient', { label: 'Empfänger', required: true }),
        text('secondary_recipient', { label: 'CC' }),
        text('subject', { label: 'Betreff', required: true }),
        { name: 'message', type: 'textarea', label: 'Nachricht', required: true },
      ],
    },
    wysiwyg('thankYouMessage', 'Danke-Nachricht'),
  ],
  project: [
    text('name', { label: 'Name', required: true }),
    siteData([heroName, image('image', 'Titelbild'), teaserImage, shortDescription]),
    images(),
    { name: 'weight', type: 'number', label: 'Gewichtung' },
    text('address', { label: 'Adresse' }),
    { name: 'file', type: 'file', label: 'Exposé' },
    {
      name: 'status',
      type: 'select',
      label: 'Status',
      options: [
        { value: 'available', label: 'Verfügbar' },
        { value: 'booked', label: 'Ausgebucht' },
        { value: 'planned', label: 'In Planung' },
      ],
    },
    body('project'),
    {
      name: 'objects',
      type: 'collection',
      label: 'Objekte',
      fields: [{ name: 'object', type: 'reference', label: 'Objekt', references: ['site'], required: true }],
    },
  ],
  object: [
    text('name', { label: 'Name', required: true }),
    siteData([heroName, image('image', 'Titelbild'), teaserImage, shortDescription]),
    {
      name: 'projects',
      type: 'collection',
      label: 'Projekte',
      fields: [{ name: 'project', type: 'reference', label: 'Projekt', references: ['project'], required: true }],
    },
    { name: 'weight', type: 'number', label: 'Gewichtung' },
    {
      name: 'object_data',
      type: 'group',
      label: 'Objektdaten',
      fields: [
        text('floor', { label: 'Geschoss' }),
        text('top', { label: 'Top' }),
        { name: 'room_count', type: 'number', label: 'Zimmer', min: 0 },
        { name: 'area', type: 'number', label: 'Fläche (m²)', min: 0 },
        {
          name: 'type',
          type: 'select',
          label: 'Art',
          options: [
            { value: 'rent', label: 'Miete' },
            { value: 'buy', label: 'Kauf' },
          ],
        },
        { name: 'price', type: 'number', label: 'Preis (EUR)', min: 0 },
        {
          name: 'status',
          type: 'select',
          label: 'Status',
          options: [
            { value: 'available', label: 'Verfügbar' },
            { value: 'reserved', label: 'Reserviert' },
            { value: 'sold', label: 'Verkauft' },
          ],
        },
      ],
    },
    { name: 'file', type: 'file', label: 'Exposé' },
    body('object'),
  ],
  reference: [
    text('name', { label: 'Name', required: true }),
    siteData([image('image', 'Bild'), shortDescription]),
    body('reference'),
  ],
} as const satisfies Record<NodeType, readonly FieldDefinition[]>;

/**
 * §3 "The wysiwyg editor … offers styles: blue, black, two font families, two small sizes, a label style,
 * hyphenation": the class names the editor sets and the sanitiser keeps (nothing else survives on save).
 */
export const WYSIWYG_STYLES = [
  { className: 'text-blue', label: 'Blau' },
  { className: 'text-black', label: 'Schwarz' },
  { className: 'font-primary', label: 'Schrift 1' },
  { className: 'font-secondary', label: 'Schrift 2' },
  { className: 'text-small', label: 'Klein' },
  { className: 'text-xsmall', label: 'Sehr klein' },
  { className: 'text-label', label: 'Label' },
  { className: 'hyphenate', label: 'Silbentrennung' },
] as const;
/** §3 "The wysiwyg editor allows image upload of jpg, jpeg, png, gif, svg and pdf". */
export const WYSIWYG_UPLOAD_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'svg', 'pdf'] as const;
