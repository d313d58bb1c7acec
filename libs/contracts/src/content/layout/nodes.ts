// The site layouts, the content node types' fields and the wysiwyg editor's styles (storefront-presenter.md §3).
import type { PageKind } from './blocks.js';
import { type FieldDefinition, type NodeType, image, images, select, text, wysiwyg } from './fields.js';
import { SITE_IDENTITY_FIELD } from './site-identity.js';

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
  // the home page also carries its website's identity (issue 43)
  home: { type: 'home', label: 'Startseite', fields: [siteData([teaserImage]), body('home'), SITE_IDENTITY_FIELD] },
} as const satisfies Record<string, { type: 'default' | 'home'; label: string; fields: readonly FieldDefinition[] }>;
export type SiteLayout = keyof typeof SITE_LAYOUTS;
export const SITE_TYPES = ['default', 'home'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

const isRequired: FieldDefinition = { name: 'isRequired', type: 'boolean', label: 'Pflichtfeld' };
const fieldId = text('fieldId', { label: 'Feld-ID' });

/** §3 content node fields per type (the form's field kinds and its sendMail action included). */
export const NODE_LAYOUTS = {
  form: [
    text('name', { label: 'Name', required: true }),
    // the website whose contact page shows the form (issue 43: the storefront's /kontakt takes its own)
    select('website', 'Website', [
      ['storefront', 'Onlineshop'],
      ['presenter', 'Immobilien-Website'],
    ]),
    wysiwyg('description', 'Beschreibung'),
    {
      name: 'fields',
      type: 'collection',
      label: 'Felder',
      fields: [
        select(
          'kind',
          'Art',
          [
            ['text', 'Text'],
            ['select', 'Auswahl'],
            ['boolean', 'Checkbox'],
          ],
          { required: true },
        ),
        fieldId,
        isRequired,
        select('type', 'Texttyp', [
          ['text', 'Text'],
          ['textarea', 'Mehrzeilig'],
          ['email', 'E-Mail'],
          ['phone', 'Telefon'],
        ]),
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
        select('kind', 'Art', [['sendMail', 'E-Mail senden']], { required: true }),
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
    select('status', 'Status', [
      ['available', 'Verfügbar'],
      ['booked', 'Ausgebucht'],
      ['planned', 'In Planung'],
    ]),
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
        select('type', 'Art', [
          ['rent', 'Miete'],
          ['buy', 'Kauf'],
        ]),
        { name: 'price', type: 'number', label: 'Preis (EUR)', min: 0 },
        select('status', 'Status', [
          ['available', 'Verfügbar'],
          ['reserved', 'Reserviert'],
          ['sold', 'Verkauft'],
        ]),
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
