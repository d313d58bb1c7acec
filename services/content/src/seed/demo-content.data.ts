/**
 * The content demo (issue 16 "Seeded demo"): what the two websites show after `npm start`. Plain data; the seed
 * (seed-content.ts) draws the pictures, stores them and writes everything through the content service's CRUD.
 * services/content/README.md lists what is here, for the tests and screens that rely on it.
 */
import type { SceneOptions } from './demo-art.js';

export interface DemoPhoto extends SceneOptions {
  /** the image's name: its natural key */
  name: string;
  alt: string;
}

const photo = (name: string, alt: string, scene: SceneOptions): DemoPhoto => ({ name, alt, ...scene });

export const DEMO_PHOTOS = {
  hero1: photo('demo-immo-hero-donaupark.jpg', 'Wohnhausanlage am Donaupark bei Tag', {
    seed: 11,
    hue: 28,
    floors: 6,
  }),
  hero2: photo('demo-immo-hero-abend.jpg', 'Beleuchtete Fassade am Abend', {
    seed: 12,
    hue: 210,
    floors: 7,
    evening: true,
  }),
  hero3: photo('demo-immo-hero-wohnen.jpg', 'Heller Wohnraum mit großem Fenster', {
    seed: 13,
    hue: 40,
    floors: 0,
    interior: true,
  }),
  donaupark: photo('demo-immo-donaupark.jpg', 'Wohnen am Donaupark: Ansicht von der Parkseite', {
    seed: 21,
    hue: 32,
    floors: 6,
  }),
  gartenquartier: photo('demo-immo-gartenquartier.jpg', 'Gartenquartier Süd: Visualisierung', {
    seed: 22,
    hue: 95,
    floors: 4,
  }),
  hietzing: photo('demo-immo-hietzing.jpg', 'Stadtvillen Hietzing: Straßenansicht', {
    seed: 23,
    hue: 8,
    floors: 3,
    evening: true,
  }),
  interior1: photo('demo-immo-wohnzimmer-1.jpg', 'Wohnzimmer mit Blick ins Grüne', {
    seed: 31,
    hue: 200,
    floors: 0,
    interior: true,
  }),
  interior2: photo('demo-immo-wohnzimmer-2.jpg', 'Wohnküche mit Parkettboden', {
    seed: 32,
    hue: 20,
    floors: 0,
    interior: true,
  }),
  interior3: photo('demo-immo-wohnzimmer-3.jpg', 'Lichtdurchfluteter Wohnbereich', {
    seed: 33,
    hue: 160,
    floors: 0,
    interior: true,
  }),
  interior4: photo('demo-immo-wohnzimmer-4.jpg', 'Wohnraum mit Terrassenzugang', {
    seed: 34,
    hue: 300,
    floors: 0,
    interior: true,
  }),
} as const satisfies Record<string, DemoPhoto>;
export type DemoPhotoKey = keyof typeof DEMO_PHOTOS;

export interface DemoObject {
  /** the node's identifier: its natural key */
  identifier: string;
  name: string;
  floor: string;
  top: string;
  rooms: number;
  area: number;
  type: 'buy' | 'rent';
  price: number;
  status: 'available' | 'reserved' | 'sold';
  /** the floor plan's rooms (m²); their sum is about the object's area */
  plan: Array<[string, number]>;
  photo: DemoPhotoKey;
}

export interface DemoProject {
  identifier: string;
  name: string;
  status: 'available' | 'planned' | 'booked';
  address: string;
  heroName: string;
  shortDescription: string;
  text: string;
  latitude: string;
  longitude: string;
  photo: DemoPhotoKey;
  gallery: DemoPhotoKey[];
  objects: DemoObject[];
}

const plan3: Array<[string, number]> = [
  ['Wohnen/Kochen', 31.4],
  ['Zimmer', 13.2],
  ['Zimmer', 11.8],
  ['Bad', 6.1],
  ['Vorraum', 7.5],
  ['Balkon', 6.5],
];
const plan2: Array<[string, number]> = [
  ['Wohnen/Kochen', 27.6],
  ['Schlafen', 12.9],
  ['Bad', 5.4],
  ['Vorraum', 5.1],
  ['Loggia', 4.2],
];
const plan4: Array<[string, number]> = [
  ['Wohnen/Kochen', 36.2],
  ['Eltern', 14.8],
  ['Kind', 11.4],
  ['Kind', 10.9],
  ['Bad', 7.2],
  ['WC', 1.9],
  ['Vorraum', 9.6],
];
const plan5: Array<[string, number]> = [
  ['Wohnen/Kochen', 44.5],
  ['Eltern', 16.2],
  ['Kind', 12.8],
  ['Kind', 12.1],
  ['Arbeiten', 10.4],
  ['Bad', 9.3],
  ['Vorraum', 12.6],
  ['Garten', 65],
];

/** §3 project and object nodes: 3 projects (one of each status) with 12 objects of every status and both types. */
export const DEMO_PROJECTS: DemoProject[] = [
  {
    identifier: 'demo-projekt-donaupark',
    name: 'Wohnen am Donaupark',
    status: 'available',
    address: 'Donaupark-Allee 12, 1220 Wien',
    heroName: 'Wohnen am Donaupark\nIhr Zuhause im Grünen',
    shortDescription: '7 Eigentums- und Mietwohnungen mit Balkon oder Terrasse, direkt am Donaupark.',
    text: 'Direkt am Donaupark entstehen sieben Wohnungen mit zwei bis vier Zimmern. Jede Wohnung hat einen Balkon, eine Loggia oder eine Terrasse, die U-Bahn ist in fünf Gehminuten erreichbar, Kindergarten und Volksschule liegen ums Eck.',
    latitude: '48.2406',
    longitude: '16.4102',
    photo: 'donaupark',
    gallery: ['donaupark', 'interior1', 'interior2'],
    objects: [
      obj(
        'demo-objekt-donaupark-top-1',
        'Donaupark Top 1',
        'EG',
        '1',
        3,
        76.5,
        'buy',
        389000,
        'available',
        plan3,
        'interior1',
      ),
      obj(
        'demo-objekt-donaupark-top-2',
        'Donaupark Top 2',
        'EG',
        '2',
        2,
        54.2,
        'buy',
        279000,
        'sold',
        plan2,
        'interior2',
      ),
      obj(
        'demo-objekt-donaupark-top-3',
        'Donaupark Top 3',
        '1. OG',
        '3',
        3,
        74.9,
        'buy',
        399000,
        'reserved',
        plan3,
        'interior3',
      ),
      obj(
        'demo-objekt-donaupark-top-4',
        'Donaupark Top 4',
        '1. OG',
        '4',
        2,
        55.2,
        'rent',
        1150,
        'available',
        plan2,
        'interior4',
      ),
      obj(
        'demo-objekt-donaupark-top-5',
        'Donaupark Top 5',
        '2. OG',
        '5',
        4,
        92,
        'buy',
        489000,
        'available',
        plan4,
        'interior1',
      ),
      obj(
        'demo-objekt-donaupark-top-6',
        'Donaupark Top 6',
        '2. OG',
        '6',
        3,
        75.8,
        'rent',
        1390,
        'reserved',
        plan3,
        'interior2',
      ),
      obj(
        'demo-objekt-donaupark-top-7',
        'Donaupark Top 7',
        'DG',
        '7',
        4,
        98,
        'buy',
        579000,
        'available',
        plan4,
        'interior3',
      ),
    ],
  },
  {
    identifier: 'demo-projekt-gartenquartier',
    name: 'Gartenquartier Süd',
    status: 'planned',
    address: 'Gartenweg 5, 2340 Mödling',
    heroName: 'Gartenquartier Süd\nBaubeginn Frühjahr 2027',
    shortDescription: 'In Planung: drei Gartenwohnungen in Mödling – jetzt vormerken lassen.',
    text: 'Am Rand von Mödling planen wir drei Gartenwohnungen in Holz-Hybrid-Bauweise mit Wärmepumpe und Photovoltaik. Lassen Sie sich vormerken: Sie erhalten die Pläne und Preise als Erste.',
    latitude: '48.0833',
    longitude: '16.2833',
    photo: 'gartenquartier',
    gallery: ['gartenquartier', 'interior4'],
    objects: [
      obj(
        'demo-objekt-gartenquartier-haus-a',
        'Gartenquartier Haus A',
        'EG',
        'A',
        5,
        143.5,
        'buy',
        649000,
        'available',
        plan5,
        'interior4',
      ),
      obj(
        'demo-objekt-gartenquartier-haus-b',
        'Gartenquartier Haus B',
        'EG',
        'B',
        4,
        96,
        'buy',
        529000,
        'available',
        plan4,
        'interior3',
      ),
      obj(
        'demo-objekt-gartenquartier-haus-c',
        'Gartenquartier Haus C',
        'EG',
        'C',
        3,
        75,
        'rent',
        1290,
        'available',
        plan3,
        'interior2',
      ),
    ],
  },
  {
    identifier: 'demo-projekt-hietzing',
    name: 'Stadtvillen Hietzing',
    status: 'booked',
    address: 'Auhofstraße 88, 1130 Wien',
    heroName: 'Stadtvillen Hietzing',
    shortDescription: 'Ausgebucht: zwei Stadtvillen mit Garten nahe dem Schlosspark Schönbrunn.',
    text: 'Zwei Stadtvillen mit eigenem Garten, wenige Minuten vom Schlosspark Schönbrunn. Beide Häuser sind verkauft – fragen Sie nach unseren aktuellen Projekten.',
    latitude: '48.1866',
    longitude: '16.2920',
    photo: 'hietzing',
    gallery: ['hietzing', 'interior1'],
    objects: [
      obj(
        'demo-objekt-hietzing-villa-1',
        'Hietzing Villa 1',
        'EG–DG',
        'V1',
        5,
        148,
        'buy',
        1190000,
        'sold',
        plan5,
        'interior2',
      ),
      obj(
        'demo-objekt-hietzing-villa-2',
        'Hietzing Villa 2',
        'EG–DG',
        'V2',
        5,
        151.5,
        'buy',
        1240000,
        'sold',
        plan5,
        'interior4',
      ),
    ],
  },
];

function obj(
  identifier: string,
  name: string,
  floor: string,
  top: string,
  rooms: number,
  area: number,
  type: DemoObject['type'],
  price: number,
  status: DemoObject['status'],
  plan: Array<[string, number]>,
  photoKey: DemoPhotoKey,
): DemoObject {
  return { identifier, name, floor, top, rooms, area, type, price, status, plan, photo: photoKey };
}

export interface DemoReference {
  identifier: string;
  name: string;
  year: number;
  shortDescription: string;
  photo: SceneOptions;
}

/** 7 references: more than the 6 the references overview shows, so its 'Alle anzeigen' toggle appears. */
export const DEMO_REFERENCES: DemoReference[] = [
  ref('demo-referenz-leopoldau', 'Wohnhaus Leopoldau', 2019, '24 Wohnungen, Niedrigenergiehaus', 41, 30, 5),
  ref('demo-referenz-muehlbach', 'Am Mühlbach', 2020, '12 Reihenhäuser mit Garten', 42, 90, 3),
  ref('demo-referenz-kahlenberg', 'Residenz Kahlenberg', 2021, '8 Penthouse-Wohnungen mit Weitblick', 43, 220, 4),
  ref('demo-referenz-josefstadt', 'Stadthaus Josefstadt', 2022, 'Sanierung eines Gründerzeithauses', 44, 18, 5),
  ref('demo-referenz-neusiedl', 'Seeblick Neusiedl', 2023, '16 Ferienwohnungen am See', 45, 190, 3),
  ref('demo-referenz-aspern', 'Quartier Aspern', 2024, '42 geförderte Mietwohnungen', 46, 140, 7),
  ref('demo-referenz-grinzing', 'Villa Grinzing', 2025, 'Einfamilienhaus in Hanglage', 47, 60, 2),
];

function ref(
  identifier: string,
  name: string,
  year: number,
  shortDescription: string,
  seed: number,
  hue: number,
  floors: number,
): DemoReference {
  return { identifier, name, year, shortDescription, photo: { seed, hue, floors } };
}

/** The contact form of each website (§3 form node, §2.10): its fields and its sendMail action. */
export const DEMO_FORMS = {
  storefront: {
    identifier: 'demo-kontaktformular',
    name: 'Kontaktformular',
    recipient: 'office@donaugenuss.at',
    subject: 'Neue Anfrage von {name}: {topic}',
    topics: ['Reservierung', 'Catering', 'Feedback', 'Sonstiges'],
  },
  presenter: {
    identifier: 'demo-immobilien-anfrage',
    name: 'Immobilien-Anfrage',
    recipient: 'verkauf@donau-wohnbau.at',
    subject: 'Immobilien-Anfrage von {name}: {topic}',
    topics: ['Kaufanfrage', 'Mietanfrage', 'Besichtigung', 'Vormerkung'],
  },
} as const;

export const DEMO_COMPANY = {
  name: 'Donau Wohnbau GmbH',
  phone: '+43 1 890 12 34',
  email: 'verkauf@donau-wohnbau.at',
  address: 'Wagramer Straße 19, 1220 Wien',
} as const;

/**
 * The estate agency's own identity (issue 43): the presenter's home page carries it, so the estate site speaks as
 * the agency, not as the restaurant of the shop configuration; its legal pages carry the agency's texts (markdown).
 */
export const DEMO_ESTATE_IDENTITY = {
  name: 'Donau Wohnbau',
  business_name: DEMO_COMPANY.name,
  title: 'Donau Wohnbau | Neubauwohnungen in Wien',
  description:
    'Eigentums- und Mietwohnungen in Wien: aktuelle Wohnprojekte, freie Wohnungen und Referenzen der Donau Wohnbau GmbH.',
  brand_color: '#1d4e5f',
  accent_color: '#2f5d3a',
  street: 'Wagramer Straße 19',
  zip_code: '1220',
  city: 'Wien',
  phone: DEMO_COMPANY.phone,
  email: 'office@donau-wohnbau.at',
  website: 'https://www.donau-wohnbau.at',
  terms_and_conditions_text: [
    '# Allgemeine Geschäftsbedingungen',
    'Die Angaben zu Wohnungen, Flächen und Preisen auf dieser Website sind unverbindlich. Verbindlich ist allein der',
    'schriftliche Kauf- oder Mietvertrag mit der Donau Wohnbau GmbH.',
  ].join('\n'),
  privacy_policy_text: [
    '# Datenschutzerklärung',
    'Die Donau Wohnbau GmbH verarbeitet die Angaben, die Sie uns mit einer Anfrage senden, nur, um Ihre Anfrage zu',
    'beantworten. Auskunft und Löschung: office@donau-wohnbau.at.',
  ].join('\n'),
  imprint_text: [
    '# Impressum',
    'Donau Wohnbau GmbH, Wagramer Straße 19, 1220 Wien',
    '',
    'Telefon +43 1 890 12 34, office@donau-wohnbau.at',
    '',
    'Firmenbuch: FN 512345 x, Handelsgericht Wien. Gewerbe: Bauträger, Immobilientreuhänder.',
  ].join('\n'),
} as const;
