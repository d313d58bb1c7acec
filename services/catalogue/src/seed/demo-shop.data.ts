import type { OpeningHoursRule, Weekday } from '@shop/contracts';
import type { DemoImage, DemoShop } from './demo-shop.types.js';

/*
 * Demo shop "Donaugenuss": a Viennese restaurant-and-deli group with two restaurants in Vienna and two delis
 * (Graz, Linz). Everything references by stable keys, so the seeder can upsert idempotently.
 *
 * Special cases the storefront tests rely on:
 * - linz-hauptplatz is closed today (a 'once' rule for today's date in Europe/Vienna, Betriebsurlaub);
 * - graz-lend takes preorders and requires an appointment;
 * - wien-innere-stadt offers dine-in with table selection (tables tisch-1 … tisch-8, schanigarten-1/2);
 * - wien-innere-stadt and wien-neubau deliver (three delivery areas each; Innere Stadt with delivery hours);
 * - wien-neubau accepts orders only from 11:30 (orderableFrom);
 * - no branch requires a quotation, all branches are public and enabled.
 */

type DemoProduct = DemoShop['products'][number];
type DemoBranch = DemoShop['branches'][number];
type Parts = NonNullable<NonNullable<DemoProduct['config']>['parts']>;
type Rule = OpeningHoursRule;

const WEEKDAYS: readonly Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];

/** 'YYYY-MM-DD' of the given instant in Europe/Vienna. */
function viennaDate(today: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Vienna',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(today);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function rule(type: Rule['type'], from: string, to: string, date: string | null = null, isClosed = false): Rule {
  return { type, date, from, to, isClosed };
}

function onDays(days: readonly Weekday[], ...ranges: Array<[string, string]>): Rule[] {
  return days.flatMap((day) => ranges.map(([from, to]) => rule(day, from, to)));
}

function img(file: string, alt: string): DemoImage {
  return { file, alt };
}

/* ----------------------------------------------------------------- tax presets (AT: 10 % food, 20 % alcohol / non-food) */
const FOOD = { tax: 10, takeawayTax: 10, dineInTax: 10 } as const;
const SOFT_DRINK = { tax: 10, takeawayTax: 10, dineInTax: 20 } as const;
const ALCOHOL = { tax: 20, takeawayTax: 20, dineInTax: 20 } as const;
const NON_FOOD = { tax: 20, takeawayTax: 20, dineInTax: 20 } as const;

/** A simple food product; `extra` overrides or adds any field. */
function food(
  key: string,
  name: string,
  price: number,
  allergens: string | null,
  image: DemoImage | null,
  description: string,
  extra: Partial<DemoProduct> = {},
): DemoProduct {
  return { key, name, description, type: 'simple', allergens, price, ...FOOD, images: image ? [image] : [], ...extra };
}

/* ----------------------------------------------------------------- images (files in ./images) */
const I = {
  vorspeise: img('produkt-vorspeise.svg', 'Angerichtete Vorspeise auf einem Teller'),
  antipasti: img('produkt-antipasti.svg', 'Antipasti in einer Schale'),
  suppe: img('produkt-suppe.svg', 'Dampfende Suppe im Teller'),
  salat: img('produkt-salat.svg', 'Frischer Salat'),
  bowl: img('produkt-bowl.svg', 'Bowl mit bunten Zutaten'),
  pizza: img('produkt-pizza.svg', 'Pizza aus dem Steinofen'),
  pasta: img('produkt-pasta.svg', 'Teller mit Pasta'),
  schnitzel: img('produkt-schnitzel.svg', 'Wiener Schnitzel mit Zitrone'),
  gulasch: img('produkt-gulasch.svg', 'Gulasch im Teller'),
  fisch: img('produkt-fisch.svg', 'Gebratener Fisch'),
  burger: img('produkt-burger.svg', 'Burger'),
  pommes: img('produkt-pommes.svg', 'Pommes frites'),
  mittagsmenue: img('produkt-mittagsmenue.svg', 'Mittagsmenü mit Suppe und Hauptspeise'),
  torte: img('produkt-torte.svg', 'Ein Stück Torte'),
  motivtorte: img('produkt-motivtorte.svg', 'Motivtorte mit Kerze'),
  strudel: img('produkt-strudel.svg', 'Apfelstrudel'),
  schmarrn: img('produkt-schmarrn.svg', 'Kaiserschmarrn mit Staubzucker'),
  limonade: img('produkt-limonade.svg', 'Glas Limonade'),
  kaffee: img('produkt-kaffee.svg', 'Tasse Kaffee'),
  wein: img('produkt-wein.svg', 'Glas und Flasche Wein'),
  bier: img('produkt-bier.svg', 'Glas Bier'),
  kaese: img('produkt-kaese.svg', 'Käselaib mit Anschnitt'),
  speck: img('produkt-speck.svg', 'Speck und Wurst am Brett'),
  oel: img('produkt-oel.svg', 'Flasche Öl'),
  brot: img('produkt-brot.svg', 'Laib Bauernbrot'),
  catering: img('produkt-catering.svg', 'Buffet mit Platten'),
  geschenkkorb: img('produkt-geschenkkorb.svg', 'Geschenkkorb mit Schleife'),
  fruehstueck: img('produkt-fruehstueck.svg', 'Frühstück mit Ei, Gebäck und Kaffee'),
};

/* ----------------------------------------------------------------- configuration steps */
function pizzaParts(normalPrice: number, withCheeseOption = true): Parts {
  const round = (value: number): number => Math.round(value * 100) / 100;
  const parts: Parts = {
    groesse: {
      type: 'select',
      name: 'Größe',
      description: 'Der Preis richtet sich nach der gewählten Größe.',
      optional: false,
      options: [
        { name: 'Klein (26 cm)', modifier: 'overwrite', value: round(normalPrice - 1.5) },
        { name: 'Normal (30 cm)', modifier: 'overwrite', value: normalPrice },
        { name: 'Familienpizza (40 cm)', modifier: 'overwrite', value: round(normalPrice + 8) },
      ],
    },
    extras: {
      type: 'multiselect',
      name: 'Extra-Beläge',
      description: 'Wählen Sie beliebig viele zusätzliche Beläge.',
      optional: true,
      options: [
        { name: 'Extra Mozzarella', modifier: 'add', value: 1.5 },
        { name: 'Büffelmozzarella', modifier: 'add', value: 3 },
        { name: 'Prosciutto crudo', modifier: 'add', value: 2.5 },
        { name: 'Champignons', modifier: 'add', value: 1.2 },
        { name: 'Rucola', modifier: 'add', value: 1 },
        { name: 'Oliven', modifier: 'add', value: 1 },
        { name: 'Scharfe Pfefferoni', modifier: 'add', value: 0.8 },
      ],
    },
  };
  if (withCheeseOption) {
    parts['kaese'] = {
      type: 'select',
      name: 'Käse',
      description: 'Optional: ohne Käse (günstiger) oder mit veganem Käse.',
      optional: true,
      options: [
        { name: 'ohne Käse', modifier: 'subtract', value: 1 },
        { name: 'mit veganem Käse', modifier: 'add', value: 1.5 },
      ],
    };
  }
  return parts;
}

const SCHNITZEL_SIDES: Parts = {
  beilage: {
    type: 'select',
    name: 'Beilage',
    description: 'Zum Schnitzel servieren wir Ihnen eine Beilage nach Wahl.',
    optional: false,
    options: [
      { name: 'Erdäpfel-Vogerlsalat', modifier: 'add', value: 0 },
      { name: 'Petersilerdäpfel', modifier: 'add', value: 0 },
      { name: 'Pommes frites', modifier: 'add', value: 0 },
      { name: 'Reis', modifier: 'add', value: 0 },
      { name: 'Gemischter Salat', modifier: 'add', value: 1.5 },
    ],
  },
  preiselbeeren: {
    type: 'select',
    name: 'Preiselbeeren',
    description: null,
    optional: true,
    options: [{ name: 'mit Preiselbeeren', modifier: 'add', value: 0.9 }],
  },
};

const LUNCH_RULES: Rule[] = onDays(WEEKDAYS, ['11:00', '14:30']);
const BREAKFAST_RULES: Rule[] = [...onDays(WEEKDAYS, ['07:30', '10:30']), rule('saturday', '08:00', '11:00')];

/* ----------------------------------------------------------------- legal texts */
const TERMS = `# Allgemeine Geschäftsbedingungen

## 1. Geltungsbereich
Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen, die über den Online-Shop der Donaugenuss Gastronomie GmbH, Rotenturmstraße 14, 1010 Wien, aufgegeben werden – für Abholung, Lieferung und Bestellungen im Lokal.

## 2. Vertragsabschluss
Die Darstellung der Speisen und Produkte im Shop ist kein verbindliches Angebot. Mit dem Absenden der Bestellung geben Sie ein verbindliches Angebot ab. Der Vertrag kommt zustande, sobald wir Ihre Bestellung bestätigen. Wir behalten uns vor, Bestellungen abzulehnen, etwa wenn ein Produkt ausverkauft ist oder die Filiale ausgelastet ist.

## 3. Preise und Zahlung
Alle Preise verstehen sich in Euro inklusive der gesetzlichen Umsatzsteuer. Bei Lieferungen kommen gegebenenfalls Liefergebühren hinzu, die vor dem Absenden der Bestellung angezeigt werden. Bezahlt wird wahlweise bar, mit Bankomatkarte oder online – je nachdem, welche Zahlungsarten die gewählte Filiale anbietet.

## 4. Gewichtsware
Bei Käse, Wurst und anderer Gewichtsware ist der angezeigte Preis ein ungefährer Preis („ca.“). Verrechnet wird das tatsächliche Gewicht beim Aufschneiden.

## 5. Rücktrittsrecht
Für Lebensmittel, die schnell verderben können oder nach Kundenwunsch angefertigt werden (z. B. Motivtorten und Catering), besteht gemäß § 18 Abs. 1 FAGG kein Rücktrittsrecht.

## 6. Gewährleistung und Streitbeilegung
Es gelten die gesetzlichen Gewährleistungsbestimmungen. Es gilt österreichisches Recht; Gerichtsstand ist Wien, sofern keine zwingenden Verbraucherschutzbestimmungen entgegenstehen.`;

const PRIVACY = `# Datenschutzerklärung

Der Schutz Ihrer persönlichen Daten ist uns ein besonderes Anliegen. Wir verarbeiten Ihre Daten ausschließlich auf Grundlage der gesetzlichen Bestimmungen (DSGVO, DSG 2018, TKG 2021).

## Verantwortlicher
Donaugenuss Gastronomie GmbH, Rotenturmstraße 14, 1010 Wien, datenschutz@donaugenuss.at

## Welche Daten wir verarbeiten
Wenn Sie bei uns bestellen, verarbeiten wir Ihren Namen, Ihre Kontaktdaten (E-Mail-Adresse, Telefonnummer), bei Lieferung Ihre Adresse sowie die Bestelldaten. Diese Daten benötigen wir zur Erfüllung des Vertrags (Art. 6 Abs. 1 lit. b DSGVO). Rechnungsdaten bewahren wir gemäß § 132 BAO sieben Jahre auf.

## Zahlungsdienstleister
Bei Online-Zahlung werden die für die Zahlung notwendigen Daten an den jeweiligen Zahlungsdienstleister (Mollie B.V. oder Datatrans AG) übermittelt.

## Cookies
Unser Shop verwendet technisch notwendige Cookies, um Ihren Warenkorb zu speichern. Statistik-Cookies setzen wir nur mit Ihrer Einwilligung, die Sie jederzeit widerrufen können.

## Ihre Rechte
Ihnen stehen die Rechte auf Auskunft, Berichtigung, Löschung, Einschränkung, Datenübertragbarkeit und Widerspruch zu. Wenn Sie glauben, dass die Verarbeitung Ihrer Daten gegen das Datenschutzrecht verstößt, können Sie sich bei der Österreichischen Datenschutzbehörde beschweren.`;

const IMPRINT = `# Impressum

Informationen gemäß § 5 ECG, § 14 UGB und Offenlegung gemäß § 25 MedienG

**Donaugenuss Gastronomie GmbH**
Rotenturmstraße 14
1010 Wien
Österreich

Telefon: +43 1 532 48 10
E-Mail: office@donaugenuss.at

**Firmenbuchnummer:** FN 512345 x
**Firmenbuchgericht:** Handelsgericht Wien
**UID-Nummer:** ATU12345678
**Geschäftsführung:** Mag. Katharina Huber

**Unternehmensgegenstand:** Gastgewerbe und Handel mit Lebensmitteln
**Mitglied der:** Wirtschaftskammer Wien, Fachgruppe Gastronomie
**Gewerbebehörde:** Magistratisches Bezirksamt für den 1. Bezirk
**Berufsrecht:** Gewerbeordnung, abrufbar unter www.ris.bka.gv.at

Verbraucher haben die Möglichkeit, Beschwerden an die Online-Streitbeilegungsplattform der EU zu richten. Sie können allfällige Beschwerden auch an die oben angegebene E-Mail-Adresse richten.`;

const ALLERGENS = `# Allergeninformation

Gemäß der Allergeninformationsverordnung (BGBl. II Nr. 175/2014) kennzeichnen wir die 14 Hauptallergene in unseren Speisen mit folgenden Buchstaben:

- **A** – Glutenhaltiges Getreide (Weizen, Roggen, Gerste, Hafer, Dinkel)
- **B** – Krebstiere
- **C** – Eier
- **D** – Fisch
- **E** – Erdnüsse
- **F** – Soja
- **G** – Milch oder Laktose
- **H** – Schalenfrüchte (Mandeln, Haselnüsse, Walnüsse, Cashewnüsse, Pistazien)
- **L** – Sellerie
- **M** – Senf
- **N** – Sesam
- **O** – Schwefeldioxid und Sulfite
- **P** – Lupinen
- **R** – Weichtiere

Die Allergene stehen bei jedem Gericht in der Beschreibung, zum Beispiel „A, C, G“.

Trotz sorgfältiger Zubereitung können wir Spuren anderer Allergene nicht ausschließen, da in unseren Küchen mit allen genannten Zutaten gearbeitet wird. Unser Team informiert Sie gerne persönlich über Zutaten und Zubereitung – rufen Sie uns einfach in Ihrer Filiale an.`;

/* ----------------------------------------------------------------- the shop */
export function demoShop(today: Date): DemoShop {
  const todayInVienna = viennaDate(today);

  const restaurantHours: Rule[] = [
    ...onDays(WEEKDAYS, ['11:00', '14:30'], ['17:00', '22:00']),
    rule('saturday', '11:00', '22:00'),
  ];

  const branches: DemoBranch[] = [
    {
      identifier: 'wien-innere-stadt',
      divisionIdentifier: 'restaurants',
      name: 'Donaugenuss Innere Stadt',
      description:
        'Unser Stammhaus wenige Schritte vom Stephansplatz: Wiener Klassiker, knusprige Pizza aus dem Steinofen und im Sommer ein schattiger Schanigarten. Bestellen Sie zum Abholen, liefern lassen oder direkt am Tisch.',
      street: 'Rotenturmstraße 14',
      zipCode: '1010',
      city: 'Wien',
      country: 'AT',
      phone: '+43 1 532 48 10',
      email: 'innere-stadt@donaugenuss.at',
      website: 'https://www.donaugenuss.at/innere-stadt',
      keywords: 'Wien, 1010, Innere Stadt, Stephansplatz, Schwedenplatz, Schnitzel, Pizza, Mittagsmenü, Schanigarten',
      latitude: 48.2101,
      longitude: 16.3752,
      timezone: 'Europe/Vienna',
      openingHours: restaurantHours,
      deliveryHours: [...onDays(WEEKDAYS, ['11:30', '14:00'], ['17:30', '21:30']), rule('saturday', '11:30', '21:30')],
      isDeliveryHoursEnabled: true,
      deliveryAreas: [
        {
          area: '1010 Wien – Innere Stadt',
          price: 0,
          tax: 20,
          free: true,
          freeFromOrderValue: null,
          minimumOrderValue: 15,
        },
        {
          area: '1020 Wien – Leopoldstadt',
          price: 3.5,
          tax: 20,
          free: false,
          freeFromOrderValue: 40,
          minimumOrderValue: 15,
        },
        {
          area: '1030 Wien – Landstraße',
          price: 4.9,
          tax: 20,
          free: false,
          freeFromOrderValue: 50,
          minimumOrderValue: 25,
        },
      ],
      isTakeawayEnabled: true,
      isDeliveryEnabled: true,
      isDineInEnabled: true,
      isTableSelectionEnabled: true,
      isPreorderEnabled: false,
      isAppointmentRequired: false,
      isQuotationRequired: false,
      isPublic: true,
      isEnabled: true,
      orderableFrom: null,
      closedMessage: null,
      tagKeys: ['pizza', 'mittagsmenue', 'lieferung', 'vegan'],
      images: [
        img('filiale-innere-stadt-1.svg', 'Gastraum von Donaugenuss Innere Stadt'),
        img('filiale-innere-stadt-2.svg', 'Schanigarten in der Rotenturmstraße'),
      ],
      logo: img('logo-restaurants.svg', 'Logo Donaugenuss Restaurants'),
      isDeliveryEmailRequired: true,
      isDeliveryPhoneRequired: true,
      isDeliveryAddressRequired: true,
      isDineInEmailRequired: false,
      isDineInPhoneRequired: false,
      isDineInAddressRequired: false,
      isTakeawayEmailRequired: true,
      isTakeawayPhoneRequired: true,
      isTakeawayAddressRequired: false,
      isCashEnabled: true,
      isATMCardEnabled: true,
      isHydroAGVoucherEnabled: false,
      isMollieEnabled: true,
      isDatatransEnabled: true,
      printOn: 'created',
      weight: 40,
    },
    {
      identifier: 'wien-neubau',
      divisionIdentifier: 'restaurants',
      name: 'Donaugenuss Neubau',
      description:
        'Das junge Lokal in der Neubaugasse mit großer veganer und glutenfreier Auswahl. Wir liefern in den 6., 7. und 8. Bezirk – Bestellungen nehmen wir ab 11:30 Uhr entgegen.',
      street: 'Neubaugasse 28',
      zipCode: '1070',
      city: 'Wien',
      country: 'AT',
      phone: '+43 1 523 77 40',
      email: 'neubau@donaugenuss.at',
      website: 'https://www.donaugenuss.at/neubau',
      keywords: 'Wien, 1070, Neubau, Mariahilfer Straße, Pizza, vegan, glutenfrei, Lieferservice',
      latitude: 48.2003,
      longitude: 16.3497,
      timezone: 'Europe/Vienna',
      openingHours: restaurantHours,
      deliveryHours: [],
      isDeliveryHoursEnabled: false,
      deliveryAreas: [
        { area: '1070 Wien – Neubau', price: 0, tax: 20, free: true, freeFromOrderValue: null, minimumOrderValue: 15 },
        {
          area: '1060 Wien – Mariahilf',
          price: 2.9,
          tax: 20,
          free: false,
          freeFromOrderValue: 40,
          minimumOrderValue: 15,
        },
        {
          area: '1080 Wien – Josefstadt',
          price: 3.9,
          tax: 20,
          free: false,
          freeFromOrderValue: 50,
          minimumOrderValue: 25,
        },
      ],
      isTakeawayEnabled: true,
      isDeliveryEnabled: true,
      isDineInEnabled: false,
      isTableSelectionEnabled: false,
      isPreorderEnabled: false,
      isAppointmentRequired: false,
      isQuotationRequired: false,
      isPublic: true,
      isEnabled: true,
      orderableFrom: '11:30',
      closedMessage: null,
      tagKeys: ['pizza', 'vegan', 'glutenfrei', 'lieferung', 'mittagsmenue'],
      images: [
        img('filiale-neubau-1.svg', 'Lokal in der Neubaugasse'),
        img('filiale-neubau-2.svg', 'Pizzaofen im Lokal Neubau'),
      ],
      logo: img('logo-restaurants.svg', 'Logo Donaugenuss Restaurants'),
      isDeliveryEmailRequired: true,
      isDeliveryPhoneRequired: true,
      isDeliveryAddressRequired: true,
      isTakeawayEmailRequired: true,
      isTakeawayPhoneRequired: true,
      isTakeawayAddressRequired: false,
      isCashEnabled: true,
      isATMCardEnabled: false,
      isHydroAGVoucherEnabled: false,
      isMollieEnabled: true,
      isDatatransEnabled: false,
      printOn: 'confirmed',
      weight: 30,
    },
    {
      identifier: 'graz-lend',
      divisionIdentifier: 'feinkost',
      name: 'Donaugenuss Feinkost Graz',
      description:
        'Feinkostladen und Frühstückscafé am Lendplatz: steirischer Käse, Kürbiskernöl, Torten auf Bestellung und Catering für Feiern und Firmen. Bestellen Sie bequem vor und wählen Sie Ihren Abholtermin.',
      street: 'Lendplatz 12',
      zipCode: '8020',
      city: 'Graz',
      country: 'AT',
      phone: '+43 316 71 24 60',
      email: 'graz@donaugenuss.at',
      website: 'https://www.donaugenuss.at/graz',
      keywords: 'Graz, 8020, Lend, Lendplatz, Feinkost, Käse, Kürbiskernöl, Torten, Catering, Frühstück',
      latitude: 47.0746,
      longitude: 15.4326,
      timezone: 'Europe/Vienna',
      openingHours: [...onDays(WEEKDAYS, ['07:30', '18:30']), rule('saturday', '08:00', '14:00')],
      deliveryHours: [],
      isDeliveryHoursEnabled: false,
      deliveryAreas: [],
      isTakeawayEnabled: true,
      isDeliveryEnabled: false,
      isDineInEnabled: false,
      isTableSelectionEnabled: false,
      isPreorderEnabled: true,
      isAppointmentRequired: true,
      isQuotationRequired: false,
      isPublic: true,
      isEnabled: true,
      orderableFrom: null,
      closedMessage: null,
      tagKeys: ['feinkost', 'catering', 'glutenfrei'],
      images: [img('filiale-graz-1.svg', 'Feinkostladen am Lendplatz'), img('filiale-graz-2.svg', 'Käsetheke in Graz')],
      logo: img('logo-feinkost.svg', 'Logo Donaugenuss Feinkost'),
      isTakeawayEmailRequired: true,
      isTakeawayPhoneRequired: true,
      isTakeawayAddressRequired: false,
      isCashEnabled: true,
      isATMCardEnabled: false,
      isHydroAGVoucherEnabled: false,
      isMollieEnabled: false,
      isDatatransEnabled: true,
      printOn: 'confirmed',
      weight: 20,
    },
    {
      identifier: 'linz-hauptplatz',
      divisionIdentifier: 'feinkost',
      name: 'Donaugenuss Feinkost Linz',
      description:
        'Unser Feinkostgeschäft am Linzer Hauptplatz mit Speck, Schinken und Käse aus ganz Österreich, frischem Gebäck und einer feinen Auswahl an Weinen.',
      street: 'Hauptplatz 9',
      zipCode: '4020',
      city: 'Linz',
      country: 'AT',
      phone: '+43 732 77 18 20',
      email: 'linz@donaugenuss.at',
      website: 'https://www.donaugenuss.at/linz',
      keywords: 'Linz, 4020, Hauptplatz, Altstadt, Feinkost, Speck, Schinken, Wein, Frühstück',
      latitude: 48.3059,
      longitude: 14.2864,
      timezone: 'Europe/Vienna',
      openingHours: [
        ...onDays(WEEKDAYS, ['08:00', '18:00']),
        rule('saturday', '08:00', '13:00'),
        rule('once', '00:00', '24:00', todayInVienna, true),
      ],
      deliveryHours: [],
      isDeliveryHoursEnabled: false,
      deliveryAreas: [],
      isTakeawayEnabled: true,
      isDeliveryEnabled: false,
      isDineInEnabled: false,
      isTableSelectionEnabled: false,
      isPreorderEnabled: false,
      isAppointmentRequired: false,
      isQuotationRequired: false,
      isPublic: true,
      isEnabled: true,
      orderableFrom: null,
      closedMessage:
        'Wir sind heute wegen Betriebsurlaub geschlossen. Ab morgen sind wir wieder für Sie da – bis dahin freut sich unser Team in Graz auf Ihre Bestellung.',
      tagKeys: ['feinkost', 'glutenfrei'],
      images: [
        img('filiale-linz-1.svg', 'Geschäft am Linzer Hauptplatz'),
        img('filiale-linz-2.svg', 'Weinregal in Linz'),
      ],
      logo: img('logo-feinkost.svg', 'Logo Donaugenuss Feinkost'),
      isTakeawayEmailRequired: false,
      isTakeawayPhoneRequired: true,
      isTakeawayAddressRequired: false,
      isCashEnabled: false,
      isATMCardEnabled: true,
      isHydroAGVoucherEnabled: false,
      isMollieEnabled: false,
      isDatatransEnabled: true,
      printOn: 'confirmed',
      weight: 10,
    },
  ];

  const products: DemoProduct[] = [
    /* ---------------------------------------------------- Frühstück (scheduled) */
    food(
      'wiener-fruehstueck',
      'Wiener Frühstück',
      9.8,
      'A, C, G',
      I.fruehstueck,
      'Kaisersemmel, Butter, Marillenmarmelade, ein weiches Ei und eine Wiener Melange. Serviert Montag bis Freitag bis 10:30 Uhr, samstags bis 11:00 Uhr.',
      { schedule: BREAKFAST_RULES, isVisibleWhenUnavailable: true },
    ),
    food(
      'feinkost-fruehstueck',
      'Feinkost-Frühstück',
      15.9,
      'A, C, G, M',
      I.fruehstueck,
      'Bergkäse, Beinschinken, Liptauer, Eierspeise mit Schnittlauch, Gebäckkorb, frisch gepresster Orangensaft und Kaffee nach Wahl.',
      {
        type: 'configurable',
        schedule: BREAKFAST_RULES,
        config: {
          parts: {
            eier: {
              type: 'select',
              name: 'Eierspeise',
              description: 'Wie hätten Sie Ihre Eier gerne?',
              optional: false,
              options: [
                { name: 'Eierspeise', modifier: 'add', value: 0 },
                { name: 'Spiegeleier', modifier: 'add', value: 0 },
                { name: 'Ham and Eggs', modifier: 'add', value: 2.2 },
              ],
            },
            kaffee: {
              type: 'select',
              name: 'Kaffee',
              description: null,
              optional: false,
              options: [
                { name: 'Wiener Melange', modifier: 'add', value: 0 },
                { name: 'Verlängerter', modifier: 'add', value: 0 },
                { name: 'Cappuccino mit Hafermilch', modifier: 'add', value: 0.6 },
                { name: 'Tee statt Kaffee', modifier: 'subtract', value: 0.5 },
              ],
            },
          },
        },
      },
    ),

    /* ---------------------------------------------------- Vorspeisen */
    food(
      'bruschetta',
      'Bruschetta mit Paradeisern und Basilikum',
      7.9,
      'A',
      I.vorspeise,
      'Geröstetes Ciabatta mit marinierten Paradeisern, Knoblauch, frischem Basilikum und Olivenöl. Vegan.',
    ),
    food(
      'liptauerbrot',
      'Liptauerbrot',
      5.9,
      'A, G',
      I.vorspeise,
      'Hausgemachter Liptauer auf Bauernbrot mit Radieschen, Schnittlauch und Essiggurkerl.',
    ),
    food(
      'vitello-tonnato',
      'Vitello tonnato',
      13.9,
      'C, D, M',
      I.vorspeise,
      'Zart rosa gegartes Kalbfleisch, hauchdünn aufgeschnitten, mit cremiger Thunfischsauce und Kapernbeeren.',
    ),
    food(
      'beef-tatar',
      'Beef Tatar',
      16.5,
      'A, C, M',
      I.vorspeise,
      'Vom Beiried, mit der Hand geschnitten und pikant abgeschmeckt, dazu Butter und getoastetes Schwarzbrot.',
    ),
    food(
      'burrata',
      'Burrata mit Ochsenherzparadeisern',
      12.9,
      'G',
      I.vorspeise,
      'Cremige Burrata aus Apulien auf Ochsenherzparadeisern mit Basilikumpesto und Fleur de Sel.',
    ),

    /* ---------------------------------------------------- Suppen */
    food(
      'tagessuppe',
      'Tagessuppe',
      4.5,
      'A, G, L',
      I.suppe,
      'Täglich frisch gekocht – fragen Sie unser Team nach der heutigen Suppe. Nur mittags von Montag bis Freitag.',
      { schedule: LUNCH_RULES, isVisibleWhenUnavailable: true },
    ),
    food(
      'rindsuppe-frittaten',
      'Klare Rindsuppe mit Frittaten',
      5.2,
      'A, C, G, L',
      I.suppe,
      'Kräftige Rindsuppe, stundenlang gekocht, mit hausgemachten Frittaten und Schnittlauch.',
    ),
    food(
      'leberknoedelsuppe',
      'Leberknödelsuppe',
      5.5,
      'A, C, G, L',
      I.suppe,
      'Klare Rindsuppe mit einem flaumigen Leberknödel nach Großmutters Rezept.',
    ),
    food(
      'kuerbiscremesuppe',
      'Kürbiscremesuppe mit Kernöl',
      5.9,
      'G, L',
      I.suppe,
      'Samtige Hokkaido-Kürbissuppe mit steirischem Kürbiskernöl und gerösteten Kernen.',
    ),
    food(
      'gulaschsuppe',
      'Wiener Gulaschsuppe',
      6.9,
      'A, L',
      I.gulasch,
      'Deftige Gulaschsuppe mit Rindfleisch, Erdäpfeln und Paprika, dazu ein Stück Brot.',
    ),
    food(
      'rindsuppe-glas',
      'Rindsuppe im Glas',
      8.9,
      'L',
      I.suppe,
      'Unsere klare Rindsuppe zum Aufwärmen daheim, abgefüllt im Pfandglas zu 0,5 Liter. Gekühlt 10 Tage haltbar.',
      {
        unit: 'liter',
        pricing: 1,
        minimumQuantity: 0.5,
        quantityStepSize: 0.5,
        maximumQuantity: 6,
        defaultQuantity: 1,
        defaultUnit: 'package',
        alternativeUnits: [
          {
            unit: 'package',
            ratio: 0.5,
            minimumQuantity: 1,
            quantityStepSize: 1,
            maximumQuantity: 12,
            calculationModel: 'fixed',
          },
        ],
      },
    ),

    /* ---------------------------------------------------- Salate */
    food(
      'caesar-salad',
      'Caesar Salad mit Hühnerstreifen',
      13.9,
      'A, C, D, G, M',
      I.salat,
      'Knackiger Romanasalat, gebratene Hühnerstreifen, Parmesan, Croûtons und unser Caesar-Dressing.',
    ),
    food(
      'backhendlsalat',
      'Steirischer Backhendlsalat',
      14.5,
      'A, C, G, M',
      I.salat,
      'Knusprig gebackene Hühnerstreifen auf Blattsalaten mit Erdäpfelsalat, Kürbiskernen und Kernöl.',
    ),
    food(
      'blattsalat',
      'Bunter Blattsalat',
      5.9,
      'M, O',
      I.salat,
      'Saisonale Blattsalate mit Radieschen, Gurken und Kresse, mit Hausdressing. Vegan und glutenfrei.',
    ),
    {
      key: 'bowl-nach-wahl',
      name: 'Bowl nach Wahl',
      description: 'Stellen Sie sich Ihre Bowl Schritt für Schritt zusammen: Basis, Protein, Toppings und Dressing.',
      type: 'configurable',
      allergens: 'F, G, H, N',
      images: [I.bowl],
      price: 10.9,
      ...FOOD,
      isStepByStep: true,
      config: {
        parts: {
          basis: {
            type: 'select',
            name: 'Basis',
            description: 'Die Basis bestimmt den Grundpreis.',
            optional: false,
            options: [
              { name: 'Blattsalat', modifier: 'overwrite', value: 9.9 },
              { name: 'Quinoa', modifier: 'overwrite', value: 10.9 },
              { name: 'Vollkornreis', modifier: 'overwrite', value: 10.5 },
            ],
          },
          protein: {
            type: 'select',
            name: 'Protein',
            description: null,
            optional: false,
            options: [
              { name: 'Falafel', modifier: 'add', value: 0 },
              { name: 'Gebratener Tofu', modifier: 'add', value: 0 },
              { name: 'Hühnerbrust vom Grill', modifier: 'add', value: 2.5 },
              { name: 'Räucherlachs', modifier: 'add', value: 4 },
            ],
          },
          toppings: {
            type: 'multiselect',
            name: 'Toppings',
            description: 'Bis zu fünf Toppings empfohlen.',
            optional: true,
            options: [
              { name: 'Avocado', modifier: 'add', value: 1.8 },
              { name: 'Edamame', modifier: 'add', value: 1.2 },
              { name: 'Rote Rüben', modifier: 'add', value: 0.8 },
              { name: 'Geröstete Cashews', modifier: 'add', value: 1.2 },
              { name: 'Feta', modifier: 'add', value: 1.5 },
              { name: 'Sesam', modifier: 'add', value: 0.5 },
            ],
          },
          dressing: {
            type: 'select',
            name: 'Dressing',
            description: null,
            optional: false,
            options: [
              { name: 'Sesam-Soja', modifier: 'add', value: 0 },
              { name: 'Joghurt-Minze', modifier: 'add', value: 0 },
              { name: 'Balsamico', modifier: 'add', value: 0 },
            ],
          },
          anmerkung: {
            type: 'text',
            name: 'Anmerkung',
            description: 'Zum Beispiel „Dressing extra“.',
            optional: true,
          },
        },
      },
    },

    /* ---------------------------------------------------- Pizza (configurable) */
    {
      key: 'pizza-margherita',
      name: 'Pizza Margherita',
      type: 'configurable',
      allergens: 'A, G',
      images: [I.pizza],
      price: 9.9,
      ...FOOD,
      description: 'Paradeisersauce, Fior di Latte und frisches Basilikum – der Klassiker aus dem Steinofen.',
      config: { parts: pizzaParts(9.9) },
    },
    {
      key: 'pizza-salami',
      name: 'Pizza Salami',
      type: 'configurable',
      allergens: 'A, G',
      images: [I.pizza],
      price: 11.5,
      ...FOOD,
      description: 'Paradeisersauce, Mozzarella und pikante Salami.',
      config: { parts: pizzaParts(11.5) },
    },
    {
      key: 'pizza-funghi',
      name: 'Pizza Funghi',
      type: 'configurable',
      allergens: 'A, G',
      images: [I.pizza],
      price: 10.9,
      ...FOOD,
      description: 'Paradeisersauce, Mozzarella und frische Champignons.',
      config: { parts: pizzaParts(10.9) },
    },
    {
      key: 'pizza-quattro-formaggi',
      name: 'Pizza Quattro Formaggi',
      type: 'configurable',
      allergens: 'A, G',
      images: [I.pizza],
      price: 12.9,
      ...FOOD,
      description: 'Mozzarella, Gorgonzola, Bergkäse und Parmesan auf weißer Basis.',
      config: { parts: pizzaParts(12.9, false) },
    },
    {
      key: 'pizza-diavola',
      name: 'Pizza Diavola',
      type: 'configurable',
      allergens: 'A, G',
      images: [I.pizza],
      price: 12.5,
      ...FOOD,
      description: 'Paradeisersauce, Mozzarella, scharfe Spianata-Salami und Pfefferoni.',
      config: { parts: pizzaParts(12.5) },
    },
    {
      key: 'pizza-vegana',
      name: 'Pizza Vegana',
      type: 'configurable',
      allergens: 'A',
      images: [I.pizza],
      price: 11.9,
      ...FOOD,
      description: 'Paradeisersauce, gegrilltes Gemüse, Rucola und Kürbiskerne – ganz ohne tierische Produkte.',
      config: { parts: pizzaParts(11.9, false) },
    },

    /* ---------------------------------------------------- Pasta */
    food(
      'spaghetti-carbonara',
      'Spaghetti Carbonara',
      12.9,
      'A, C, G',
      I.pasta,
      'Spaghetti mit Guanciale, Eigelb, Pecorino und schwarzem Pfeffer – ganz ohne Obers.',
    ),
    food(
      'penne-arrabbiata',
      'Penne all’arrabbiata',
      10.9,
      'A',
      I.pasta,
      'Penne in scharfer Paradeisersauce mit Knoblauch und Petersilie. Vegan.',
    ),
    food(
      'tagliatelle-steinpilze',
      'Tagliatelle mit Steinpilzen',
      15.9,
      'A, C, G',
      I.pasta,
      'Hausgemachte Tagliatelle mit Steinpilzen, Thymian und Parmesan.',
    ),
    food(
      'lasagne',
      'Lasagne al forno',
      13.5,
      'A, C, G, L',
      I.pasta,
      'Mit Rindfleischragout und Béchamel, im Ofen überbacken.',
    ),
    food(
      'kasnocken',
      'Pinzgauer Kasnocken',
      12.9,
      'A, C, G',
      I.pasta,
      'Nockerl mit würzigem Bergkäse und Röstzwiebeln, dazu grüner Salat.',
    ),

    /* ---------------------------------------------------- Hauptspeisen */
    food(
      'wiener-schnitzel',
      'Wiener Schnitzel vom Kalb',
      24.9,
      'A, C, G',
      I.schnitzel,
      'In Butterschmalz goldgelb herausgebacken, mit Zitrone und einer Beilage nach Wahl.',
      { type: 'configurable', config: { parts: SCHNITZEL_SIDES } },
    ),
    food(
      'schweinsschnitzel',
      'Schnitzel vom Schwein',
      15.9,
      'A, C, G',
      I.schnitzel,
      'Paniertes Schnitzel vom heimischen Schwein mit Zitrone und einer Beilage nach Wahl.',
      { type: 'configurable', config: { parts: SCHNITZEL_SIDES } },
    ),
    food(
      'tafelspitz',
      'Tafelspitz mit Apfelkren und Schnittlauchsauce',
      23.5,
      'A, C, G, L, M',
      I.gulasch,
      'Gekochtes Rindfleisch in der Suppe serviert, mit Rösterdäpfeln, Cremespinat, Apfelkren und Schnittlauchsauce.',
    ),
    food(
      'fiakergulasch',
      'Fiakergulasch',
      17.9,
      'A, C, G, L',
      I.gulasch,
      'Saftiges Rindsgulasch mit Spiegelei, Frankfurter Würstel, Essiggurkerl und Semmelknödel.',
    ),
    food(
      'backhendl',
      'Backhendl mit Erdäpfel-Vogerlsalat',
      16.9,
      'A, C, G, M',
      I.schnitzel,
      'Knusprig gebackenes Hendl mit hausgemachtem Erdäpfel-Vogerlsalat und Preiselbeeren.',
    ),
    food(
      'zwiebelrostbraten',
      'Zwiebelrostbraten',
      27.9,
      'A, G, L, M',
      I.gulasch,
      'Rostbraten vom Almochsen mit Röstzwiebeln, Bratensaft und Braterdäpfeln.',
    ),
    food(
      'kaerntner-kasnudeln',
      'Kärntner Kasnudeln',
      13.9,
      'A, C, G',
      I.pasta,
      'Handgekrendelte Nudeln mit Topfen-Erdäpfel-Fülle und Minze, mit brauner Butter.',
    ),
    food(
      'lachsforelle',
      'Gebratene Lachsforelle mit Mandelbutter',
      22.5,
      'D, G, H',
      I.fisch,
      'Filet von der steirischen Lachsforelle mit Mandelbutter, Petersilerdäpfeln und Blattspinat.',
    ),

    /* ---------------------------------------------------- Burger */
    {
      key: 'classic-cheeseburger',
      name: 'Classic Cheeseburger',
      description:
        '180 g Rindfleisch vom österreichischen Weiderind, Cheddar, Tomate, Gurkerl und Hausdressing im Briochebun.',
      type: 'configurable',
      allergens: 'A, C, G, M, N',
      images: [I.burger],
      price: 14.9,
      ...FOOD,
      isStepByStep: true,
      config: {
        parts: {
          garstufe: {
            type: 'select',
            name: 'Garstufe',
            description: null,
            optional: false,
            options: [
              { name: 'Medium', modifier: 'add', value: 0 },
              { name: 'Durchgebraten', modifier: 'add', value: 0 },
            ],
          },
          extras: {
            type: 'multiselect',
            name: 'Extras',
            description: 'Mach ihn zu deinem Burger.',
            optional: true,
            options: [
              { name: 'Bacon', modifier: 'add', value: 1.5 },
              { name: 'Spiegelei', modifier: 'add', value: 1.2 },
              { name: 'Extra Cheddar', modifier: 'add', value: 1 },
              { name: 'Jalapeños', modifier: 'add', value: 0.8 },
              { name: 'Zweites Patty', modifier: 'add', value: 5 },
            ],
          },
          beilage: {
            type: 'select',
            name: 'Beilage',
            description: 'Ohne Beilage wird der Burger günstiger.',
            optional: false,
            options: [
              { name: 'Pommes frites', modifier: 'add', value: 0 },
              { name: 'Süßkartoffel-Pommes', modifier: 'add', value: 1.5 },
              { name: 'Gemischter Salat', modifier: 'add', value: 0 },
              { name: 'ohne Beilage', modifier: 'subtract', value: 3 },
            ],
          },
        },
      },
    },
    food(
      'halloumi-burger',
      'Veggie-Burger mit Halloumi',
      13.9,
      'A, C, G, M, N',
      I.burger,
      'Gegrillter Halloumi, Melanzani, Rucola und Kräuterjoghurt im Briochebun, dazu Pommes frites.',
    ),
    food(
      'linsen-burger',
      'Veganer Linsen-Burger',
      13.5,
      'A, F, M, N',
      I.burger,
      'Würziges Linsen-Patty mit Avocado, Paradeiser und veganer Mayonnaise im Vollkornbun, dazu Pommes frites.',
    ),
    food(
      'pommes-frites',
      'Pommes frites',
      4.5,
      null,
      I.pommes,
      'Knusprig frittiert, mit Meersalz. Ketchup oder Mayonnaise auf Wunsch.',
    ),
    food(
      'suesskartoffel-pommes',
      'Süßkartoffel-Pommes',
      5.5,
      'G',
      I.pommes,
      'Süßkartoffelspalten mit Rosmarinsalz und Sauerrahm-Dip.',
    ),

    /* ---------------------------------------------------- Mittagsmenüs (bundles) */
    {
      key: 'mittagsmenue',
      name: 'Mittagsmenü',
      description: 'Suppe und Hauptspeise zum Fixpreis – Montag bis Freitag von 11:00 bis 14:30 Uhr.',
      type: 'bundle',
      allergens: 'A, C, G, L',
      images: [I.mittagsmenue],
      price: 11.9,
      ...FOOD,
      config: {
        parts: {
          suppe: {
            type: 'select',
            name: 'Suppe',
            description: null,
            optional: false,
            options: [
              { name: 'Tagessuppe', modifier: 'add', value: 0 },
              { name: 'Klare Rindsuppe mit Frittaten', modifier: 'add', value: 0 },
              { name: 'Kürbiscremesuppe mit Kernöl', modifier: 'add', value: 0.5 },
            ],
          },
          hauptspeise: {
            type: 'select',
            name: 'Hauptspeise',
            description: null,
            optional: false,
            options: [
              { name: 'Schnitzel vom Schwein mit Petersilerdäpfeln', modifier: 'add', value: 0 },
              { name: 'Pinzgauer Kasnocken', modifier: 'add', value: 0 },
              { name: 'Fiakergulasch', modifier: 'add', value: 1.5 },
              { name: 'Tafelspitz mit Apfelkren', modifier: 'add', value: 3 },
            ],
          },
          getraenk: {
            type: 'select',
            name: 'Getränk',
            description: 'Optional dazu bestellen.',
            optional: true,
            options: [
              { name: 'Mineralwasser 0,33 l', modifier: 'add', value: 1.8 },
              { name: 'Hausgemachter Eistee 0,4 l', modifier: 'add', value: 2.9 },
            ],
          },
        },
      },
    },
    {
      key: 'mittagsmenue-vegetarisch',
      name: 'Vegetarisches Mittagsmenü',
      description: 'Suppe und vegetarische Hauptspeise zum Fixpreis – Montag bis Freitag mittags.',
      type: 'bundle',
      allergens: 'A, C, G, L',
      images: [I.mittagsmenue],
      price: 10.9,
      ...FOOD,
      config: {
        parts: {
          suppe: {
            type: 'select',
            name: 'Suppe',
            description: null,
            optional: false,
            options: [
              { name: 'Kürbiscremesuppe mit Kernöl', modifier: 'add', value: 0 },
              { name: 'Tagessuppe (vegetarisch)', modifier: 'add', value: 0 },
            ],
          },
          hauptspeise: {
            type: 'select',
            name: 'Hauptspeise',
            description: null,
            optional: false,
            options: [
              { name: 'Kärntner Kasnudeln', modifier: 'add', value: 0 },
              { name: 'Penne all’arrabbiata', modifier: 'add', value: 0 },
              { name: 'Gebackene Champignons mit Sauce Tartare', modifier: 'add', value: 0.5 },
            ],
          },
        },
      },
    },
    {
      key: 'business-lunch',
      name: 'Business Lunch',
      description: 'Drei Gänge in 45 Minuten: Vorspeise oder Suppe, Hauptspeise und Dessert. Wählen Sie Gang für Gang.',
      type: 'bundle',
      allergens: 'A, C, D, G, L, M',
      images: [I.mittagsmenue],
      price: 19.9,
      ...FOOD,
      isStepByStep: true,
      config: {
        parts: {
          vorspeise: {
            type: 'select',
            name: 'Vorspeise',
            description: null,
            optional: false,
            options: [
              { name: 'Klare Rindsuppe mit Frittaten', modifier: 'add', value: 0 },
              { name: 'Bunter Blattsalat', modifier: 'add', value: 0 },
              { name: 'Vitello tonnato', modifier: 'add', value: 2.5 },
            ],
          },
          hauptspeise: {
            type: 'select',
            name: 'Hauptspeise',
            description: null,
            optional: false,
            options: [
              { name: 'Wiener Schnitzel vom Kalb', modifier: 'add', value: 4 },
              { name: 'Gebratene Lachsforelle', modifier: 'add', value: 2 },
              { name: 'Tagliatelle mit Steinpilzen', modifier: 'add', value: 0 },
            ],
          },
          dessert: {
            type: 'select',
            name: 'Dessert',
            description: 'Ohne Dessert ziehen wir 2,00 EUR ab.',
            optional: false,
            options: [
              { name: 'Sachertorte', modifier: 'add', value: 0 },
              { name: 'Topfenknödel', modifier: 'add', value: 0 },
              { name: 'Kein Dessert', modifier: 'subtract', value: 2 },
            ],
          },
        },
      },
    },

    /* ---------------------------------------------------- Desserts & Torten */
    food(
      'sachertorte',
      'Sachertorte mit Schlagobers',
      5.9,
      'A, C, G',
      I.torte,
      'Schokoladetorte mit Marillenmarmelade und Schokoladeglasur, dazu ungesüßtes Schlagobers.',
    ),
    food(
      'apfelstrudel',
      'Apfelstrudel',
      5.5,
      'A, C, G, H',
      I.strudel,
      'Hauchdünn gezogener Strudelteig mit Äpfeln, Zimt, Rosinen und Walnüssen. Warm mit Vanillesauce.',
    ),
    food(
      'kaiserschmarrn',
      'Kaiserschmarrn mit Zwetschkenröster',
      10.9,
      'A, C, G',
      I.schmarrn,
      'Flaumig, karamellisiert und mit Staubzucker bestreut – dazu hausgemachter Zwetschkenröster.',
    ),
    food(
      'topfenknoedel',
      'Topfenknödel mit Butterbröseln',
      8.9,
      'A, C, G',
      I.schmarrn,
      'Zwei Topfenknödel in Butterbröseln gewälzt, mit Erdbeermark.',
    ),
    food(
      'punschkrapfen',
      'Punschkrapfen',
      3.4,
      'A, C, G, O',
      I.torte,
      'Rosa glasiert, saftig und mit einem Hauch Rum – ein Wiener Original.',
    ),
    {
      key: 'motivtorte',
      name: 'Motivtorte',
      description:
        'Ihre persönliche Torte mit Foto-Aufleger und Aufschrift. Bitte mindestens drei Tage im Voraus bestellen; den Abholtermin wählen Sie an der Kasse.',
      type: 'configurable',
      allergens: 'A, C, G, H',
      images: [I.motivtorte],
      price: 49,
      ...FOOD,
      isStepByStep: true,
      config: {
        parts: {
          groesse: {
            type: 'select',
            name: 'Größe',
            description: 'Der Preis richtet sich nach der Größe.',
            optional: false,
            options: [
              { name: '16 cm (8–10 Stück)', modifier: 'overwrite', value: 49 },
              { name: '20 cm (12–14 Stück)', modifier: 'overwrite', value: 69 },
              { name: '26 cm (20–24 Stück)', modifier: 'overwrite', value: 98 },
            ],
          },
          geschmack: {
            type: 'select',
            name: 'Geschmack',
            description: null,
            optional: false,
            options: [
              { name: 'Schokolade-Himbeer', modifier: 'add', value: 0 },
              { name: 'Topfen-Erdbeer', modifier: 'add', value: 0 },
              { name: 'Nuss-Nougat', modifier: 'add', value: 0 },
              { name: 'Sacher-Art', modifier: 'add', value: 5 },
            ],
          },
          foto: {
            type: 'image',
            name: 'Foto für den Tortenaufleger',
            description:
              'Laden Sie ein Foto im Querformat hoch (JPG oder PNG). Wir drucken es auf essbares Zuckerpapier.',
            optional: false,
          },
          aufschrift: {
            type: 'text',
            name: 'Aufschrift',
            description: 'Zum Beispiel „Alles Gute zum 40er, Maria!“ (max. 40 Zeichen).',
            optional: true,
            maxLength: 40,
          },
        },
      },
    },

    /* ---------------------------------------------------- Alkoholfreie Getränke (dine-in 20 %) */
    food(
      'mineralwasser',
      'Mineralwasser prickelnd 0,5 l',
      3.2,
      null,
      I.limonade,
      'Österreichisches Mineralwasser aus der Steiermark.',
      { ...SOFT_DRINK },
    ),
    food(
      'kraeuterlimonade',
      'Kräuterlimonade 0,35 l',
      3.6,
      null,
      I.limonade,
      'Die österreichische Kräuterlimonade mit Alpenkräutern.',
      { ...SOFT_DRINK },
    ),
    food(
      'apfelsaft-gespritzt',
      'Apfelsaft gespritzt 0,5 l',
      3.9,
      null,
      I.limonade,
      'Naturtrüber Apfelsaft aus der Oststeiermark mit Soda gespritzt.',
      { ...SOFT_DRINK },
    ),
    food(
      'eistee',
      'Hausgemachter Eistee 0,4 l',
      4.2,
      null,
      I.limonade,
      'Schwarztee mit Pfirsich, Zitrone und frischer Minze, leicht gesüßt.',
      { ...SOFT_DRINK },
    ),
    food(
      'holunder-gespritzt',
      'Holunderblütensirup gespritzt 0,5 l',
      3.6,
      null,
      I.limonade,
      'Hausgemachter Holunderblütensirup mit Soda und einer Zitronenscheibe.',
      { ...SOFT_DRINK },
    ),
    food(
      'wiener-melange',
      'Wiener Melange',
      4.2,
      'G',
      I.kaffee,
      'Espresso mit heißer Milch und Milchschaum – auf Wunsch mit Hafermilch.',
      { ...SOFT_DRINK },
    ),
    food(
      'kleiner-brauner',
      'Kleiner Brauner',
      3.3,
      'G',
      I.kaffee,
      'Ein kleiner Mokka mit einem Schuss Obers im Kännchen.',
      { ...SOFT_DRINK },
    ),

    /* ---------------------------------------------------- Wein & Bier (20 %) */
    food(
      'gruener-veltliner',
      'Grüner Veltliner Kamptal DAC 0,75 l',
      24,
      'O',
      I.wein,
      'Pfeffrig, frisch und mit feiner Frucht – vom Familienweingut aus Langenlois.',
      { ...ALCOHOL },
    ),
    food(
      'blauer-zweigelt',
      'Blauer Zweigelt 0,75 l',
      26,
      'O',
      I.wein,
      'Samtiger Rotwein aus dem Burgenland mit Aromen von Weichseln.',
      { ...ALCOHOL },
    ),
    food(
      'gemischter-satz',
      'Wiener Gemischter Satz DAC 0,75 l',
      27.5,
      'O',
      I.wein,
      'Vom Nussberg: mehrere Rebsorten aus einem Weingarten, gemeinsam gelesen und gekeltert.',
      { ...ALCOHOL },
    ),
    food(
      'maerzenbier',
      'Märzenbier vom Fass 0,5 l',
      4.9,
      'A',
      I.bier,
      'Süffiges österreichisches Märzen, frisch gezapft.',
      { ...ALCOHOL },
    ),
    food('zitronenradler', 'Zitronenradler 0,5 l', 4.6, 'A', I.bier, 'Märzen mit naturtrüber Zitronenlimonade.', {
      ...ALCOHOL,
    }),
    food('sturm', 'Sturm 0,25 l', 3.9, 'O', I.wein, 'Gärender Traubenmost – nur im Herbst erhältlich.', {
      ...ALCOHOL,
      isEnabled: false,
    }),

    /* ---------------------------------------------------- Feinkost & Käse (weight units) */
    food(
      'vorarlberger-bergkaese',
      'Vorarlberger Bergkäse g.U.',
      3.9,
      'G',
      I.kaese,
      'Zwölf Monate gereifter Rohmilchkäse, kräftig-würzig. Preis pro 100 g; ein Stück wiegt ca. 250 g. Verrechnet wird das tatsächliche Gewicht.',
      {
        unit: 'gram',
        pricing: 100,
        calculationModel: 'approximate',
        minimumQuantity: 100,
        quantityStepSize: 50,
        maximumQuantity: 3000,
        defaultQuantity: 250,
        defaultUnit: 'gram',
        alternativeUnits: [
          {
            unit: 'piece',
            ratio: 250,
            minimumQuantity: 1,
            quantityStepSize: 1,
            maximumQuantity: 10,
            calculationModel: 'approximate',
          },
        ],
      },
    ),
    food(
      'steirischer-schafkaese',
      'Steirischer Schafkäse',
      4.6,
      'G',
      I.kaese,
      'Milder Schnittkäse aus Schafmilch von der Oststeiermark. Preis pro 100 g.',
      {
        unit: 'gram',
        pricing: 100,
        calculationModel: 'approximate',
        minimumQuantity: 100,
        quantityStepSize: 50,
        defaultQuantity: 200,
        defaultUnit: 'gram',
        alternativeUnits: [
          {
            unit: 'piece',
            ratio: 200,
            minimumQuantity: 1,
            quantityStepSize: 1,
            maximumQuantity: 8,
            calculationModel: 'approximate',
          },
        ],
      },
    ),
    food(
      'tiroler-speck',
      'Tiroler Speck g.g.A.',
      4.2,
      null,
      I.speck,
      'Mild geräuchert und luftgetrocknet, hauchdünn aufgeschnitten. Preis pro 10 dag (100 g).',
      {
        unit: 'decagram',
        pricing: 10,
        calculationModel: 'approximate',
        minimumQuantity: 5,
        quantityStepSize: 1,
        defaultQuantity: 10,
        defaultUnit: 'decagram',
        alternativeUnits: [
          {
            unit: 'gram',
            ratio: 0.1,
            minimumQuantity: 50,
            quantityStepSize: 10,
            maximumQuantity: null,
            calculationModel: 'approximate',
          },
        ],
      },
    ),
    food(
      'beinschinken',
      'Wiener Beinschinken',
      34.9,
      null,
      I.speck,
      'Am Knochen gekocht und frisch von der Keule geschnitten. Preis pro Kilogramm.',
      {
        unit: 'kilogram',
        pricing: 1,
        calculationModel: 'approximate',
        minimumQuantity: 0.1,
        quantityStepSize: 0.05,
        maximumQuantity: 5,
        defaultQuantity: 0.2,
        defaultUnit: 'kilogram',
        alternativeUnits: [
          {
            unit: 'gram',
            ratio: 0.001,
            minimumQuantity: 100,
            quantityStepSize: 50,
            maximumQuantity: 5000,
            calculationModel: 'approximate',
          },
        ],
      },
    ),
    food(
      'trueffelsalami',
      'Trüffelsalami',
      6.9,
      null,
      I.speck,
      'Luftgetrocknete Salami mit schwarzem Trüffel. Preis pro 100 g; eine ganze Stange wiegt ca. 300 g.',
      {
        unit: 'gram',
        pricing: 100,
        calculationModel: 'approximate',
        minimumQuantity: 100,
        quantityStepSize: 50,
        defaultQuantity: 150,
        defaultUnit: 'gram',
        alternativeUnits: [
          {
            unit: 'piece',
            ratio: 300,
            minimumQuantity: 1,
            quantityStepSize: 1,
            maximumQuantity: 6,
            calculationModel: 'approximate',
          },
        ],
      },
    ),
    food(
      'antipasti-mix',
      'Antipasti-Mix',
      3.5,
      'O',
      I.antipasti,
      'Gegrillte Melanzani, Zucchini, Paprika, Oliven und getrocknete Paradeiser in Olivenöl. Preis pro 100 g.',
      {
        unit: 'gram',
        pricing: 100,
        calculationModel: 'approximate',
        minimumQuantity: 150,
        quantityStepSize: 50,
        defaultQuantity: 250,
        defaultUnit: 'gram',
      },
    ),
    food(
      'liptauer-aufstrich',
      'Hausgemachter Liptauer',
      2.6,
      'G',
      I.antipasti,
      'Topfenaufstrich mit Paprika, Kümmel, Kapern und Zwiebeln. Preis pro 100 g.',
      {
        unit: 'gram',
        pricing: 100,
        calculationModel: 'fixed',
        minimumQuantity: 100,
        quantityStepSize: 50,
        defaultQuantity: 200,
        defaultUnit: 'gram',
      },
    ),
    food(
      'kaeseplatte',
      'Käseplatte',
      9.5,
      'G, H',
      I.kaese,
      'Auswahl von fünf österreichischen Käsesorten mit Trauben, Nüssen und Feigensenf. Preis pro Person, ab zwei Personen.',
      {
        unit: 'person',
        minimumQuantity: 2,
        quantityStepSize: 1,
        maximumQuantity: 40,
        defaultQuantity: 4,
        defaultUnit: 'person',
      },
    ),

    /* ---------------------------------------------------- Öle, Essig & Gewürze (volume units) */
    food(
      'olivenoel',
      'Olivenöl extra vergine',
      38,
      null,
      I.oel,
      'Kaltgepresstes Olivenöl aus Kreta, frisch aus dem Kanister abgefüllt. Preis pro Liter; eine Flasche fasst 0,5 Liter.',
      {
        unit: 'liter',
        pricing: 1,
        calculationModel: 'fixed',
        minimumQuantity: 0.25,
        quantityStepSize: 0.25,
        maximumQuantity: 5,
        defaultQuantity: 0.5,
        defaultUnit: 'liter',
        alternativeUnits: [
          {
            unit: 'package',
            ratio: 0.5,
            minimumQuantity: 1,
            quantityStepSize: 1,
            maximumQuantity: 10,
            calculationModel: 'fixed',
          },
          {
            unit: 'milliliter',
            ratio: 0.001,
            minimumQuantity: 250,
            quantityStepSize: 250,
            maximumQuantity: 5000,
            calculationModel: 'fixed',
          },
        ],
      },
    ),
    food(
      'kuerbiskernoel',
      'Steirisches Kürbiskernöl g.g.A.',
      3.6,
      null,
      I.oel,
      'Nussig und tiefgrün – aus gerösteten steirischen Kürbiskernen gepresst. Preis pro 100 ml.',
      {
        unit: 'milliliter',
        pricing: 100,
        calculationModel: 'fixed',
        minimumQuantity: 250,
        quantityStepSize: 250,
        maximumQuantity: 2000,
        defaultQuantity: 500,
        defaultUnit: 'milliliter',
        alternativeUnits: [
          {
            unit: 'liter',
            ratio: 1000,
            minimumQuantity: 0.25,
            quantityStepSize: 0.25,
            maximumQuantity: 2,
            calculationModel: 'fixed',
          },
        ],
      },
    ),
    food(
      'apfelbalsamessig',
      'Apfel-Balsamessig 0,25 l',
      12.9,
      'O',
      I.oel,
      'Fruchtig-milder Essig aus Äpfeln der Oststeiermark, drei Jahre im Holzfass gereift.',
    ),

    /* ---------------------------------------------------- Brot & Gebäck */
    food(
      'bauernbrot',
      'Bauernbrot (1 kg)',
      5.9,
      'A',
      I.brot,
      'Natursauerteigbrot aus Roggen und Weizen mit Kümmel und Koriander, im Steinofen gebacken.',
    ),
    food(
      'kaisersemmel',
      'Handsemmel',
      0.9,
      'A',
      I.brot,
      'Von Hand geschlagene Kaisersemmel, knusprig und frisch aus dem Ofen.',
    ),
    food('butterkipferl', 'Butterkipferl', 1.5, 'A, C, G', I.brot, 'Flaumiges Kipferl aus Germteig mit viel Butter.'),

    /* ---------------------------------------------------- Catering & Geschenke */
    {
      key: 'catering-buffet',
      name: 'Catering-Buffet',
      description:
        'Buffet für Firmenfeiern, Geburtstage und Seminare ab zehn Personen. Den endgültigen Preis erhalten Sie nach Abstimmung mit unserem Catering-Team.',
      type: 'configurable',
      allergens: 'A, C, D, G, H, L, M, O',
      images: [I.catering],
      price: 24,
      ...FOOD,
      unit: 'person',
      minimumQuantity: 10,
      quantityStepSize: 1,
      maximumQuantity: 200,
      defaultQuantity: 20,
      defaultUnit: 'person',
      calculationModel: 'minimum',
      isPriceHidden: true,
      isStepByStep: true,
      config: {
        parts: {
          paket: {
            type: 'select',
            name: 'Buffet',
            description: 'Preis pro Person.',
            optional: false,
            options: [
              { name: 'Klassisch (kalt)', modifier: 'overwrite', value: 24 },
              { name: 'Wiener Buffet (warm & kalt)', modifier: 'overwrite', value: 32 },
              { name: 'Fingerfood & Flying Dinner', modifier: 'overwrite', value: 38 },
            ],
          },
          zusatz: {
            type: 'multiselect',
            name: 'Zusätzlich',
            description: null,
            optional: true,
            options: [
              { name: 'Dessertbuffet', modifier: 'add', value: 4.5 },
              { name: 'Kaffee und Tee', modifier: 'add', value: 2.8 },
              { name: 'Vegane Alternativen', modifier: 'add', value: 0 },
              { name: 'Servicepersonal', modifier: 'add', value: 6 },
            ],
          },
          logo: {
            type: 'file',
            name: 'Firmenlogo für Tischkarten',
            description: 'Optional, als PDF, PNG oder SVG.',
            optional: true,
          },
          unterlagen: {
            type: 'files',
            name: 'Unterlagen',
            description: 'Raumplan, Ablauf oder Gästeliste (PDF, Word, Excel).',
            optional: true,
          },
          wuensche: {
            type: 'textarea',
            name: 'Wünsche',
            description: 'Anlass, Lieferadresse, Uhrzeit, Unverträglichkeiten – alles, was wir wissen sollten.',
            optional: false,
          },
        },
      },
    },
    food(
      'broetchenplatte',
      'Brötchenplatte (12 Stück)',
      39,
      'A, C, D, G, M',
      I.catering,
      'Zwölf belegte Brötchen: Beinschinken, Ei, Liptauer, Lachs, Bergkäse und Gemüse. Ideal fürs Büro.',
    ),
    {
      key: 'geschenkkorb',
      name: 'Geschenkkorb nach Wahl',
      description: 'Wir packen einen Korb mit österreichischen Spezialitäten für Sie – mit persönlicher Grußkarte.',
      type: 'configurable',
      allergens: 'A, G, H, O',
      images: [I.geschenkkorb],
      price: 39,
      ...FOOD,
      config: {
        parts: {
          groesse: {
            type: 'select',
            name: 'Größe',
            description: null,
            optional: false,
            options: [
              { name: 'Klein', modifier: 'overwrite', value: 39 },
              { name: 'Mittel', modifier: 'overwrite', value: 59 },
              { name: 'Groß', modifier: 'overwrite', value: 89 },
            ],
          },
          schwerpunkt: {
            type: 'multiselect',
            name: 'Schwerpunkte',
            description: 'Wählen Sie, was hinein soll.',
            optional: false,
            options: [
              { name: 'Käse', modifier: 'add', value: 0 },
              { name: 'Speck und Wurst', modifier: 'add', value: 0 },
              { name: 'Süßes', modifier: 'add', value: 0 },
              { name: 'Eine Flasche Wein', modifier: 'add', value: 12 },
            ],
          },
          verpackung: {
            type: 'select',
            name: 'Verpackung',
            description: null,
            optional: true,
            options: [{ name: 'Holzkiste statt Korb', modifier: 'add', value: 8 }],
          },
          inspiration: {
            type: 'images',
            name: 'Inspirationsbilder',
            description: 'Optional: Fotos als Vorlage für die Gestaltung.',
            optional: true,
          },
          grusskarte: {
            type: 'textarea',
            name: 'Text für die Grußkarte',
            description: null,
            optional: true,
          },
        },
      },
    },
    food(
      'geschenkband',
      'Geschenkband mit Donaugenuss-Logo',
      1.5,
      null,
      I.geschenkkorb,
      'Breites Satinband in Dunkelrot, Preis pro Meter.',
      {
        ...NON_FOOD,
        unit: 'meter',
        minimumQuantity: 0.5,
        quantityStepSize: 0.5,
        maximumQuantity: 20,
        defaultQuantity: 1,
        defaultUnit: 'meter',
      },
    ),
  ];

  return {
    config: {
      shopName: 'Donaugenuss',
      businessName: 'Donaugenuss Gastronomie GmbH',
      title: 'Donaugenuss – Wiener Küche & Feinkost online bestellen',
      description:
        'Bestellen Sie bei Donaugenuss in Wien, Graz und Linz: Wiener Klassiker, Pizza aus dem Steinofen, Mittagsmenüs und feinste österreichische Spezialitäten – zum Abholen, mit Lieferung oder direkt am Tisch.',
      seoTitle: 'Donaugenuss | Online bestellen in Wien, Graz und Linz',
      seoDescription:
        'Schnitzel, Pizza, Mittagsmenü und Feinkost online bestellen – Abholung, Lieferung in Wien und Tischbestellung. Jetzt Filiale wählen!',
      street: 'Rotenturmstraße 14',
      zipCode: '1010',
      city: 'Wien',
      country: 'AT',
      phone: '+43 1 532 48 10',
      email: 'office@donaugenuss.at',
      website: 'https://www.donaugenuss.at',
      currency: 'EUR',
      timezone: 'Europe/Vienna',
      locale: 'de-AT',
      termsAndConditionsText: TERMS,
      privacyPolicyText: PRIVACY,
      imprintText: IMPRINT,
      allergensText: ALLERGENS,
      mapboxZoom: 15,
      mapboxPitch: 45,
      mapboxBearing: -17,
      mapboxToken: null,
      // the installable app (issue 43): both websites offer it to the demo's visitors
      enablePluginPWA: true,
      enablePluginToolbar: true,
      enablePluginMapbox: true,
      enablePluginSearch: true,
      enablePluginTags: true,
      enablePluginCategoryBar: true,
      enablePluginDonations: true,
      enablePluginOrderReviews: true,
      defaultDeliveryMethod: 'takeaway',
      enableCash: true,
      enableATMCard: true,
      enablePluginATMCard: true,
      enableMollie: true,
      enablePluginMollie: true,
      enableDatatrans: true,
      enablePluginDatatrans: true,
    },

    divisions: [
      {
        identifier: 'restaurants',
        name: 'Donaugenuss Restaurants',
        title: 'Wiener Küche & Pizza',
        description: 'Unsere Restaurants in Wien: Wiener Klassiker, Pizza aus dem Steinofen und günstige Mittagsmenüs.',
        weight: 20,
      },
      {
        identifier: 'feinkost',
        name: 'Donaugenuss Feinkost',
        title: 'Feinkost, Frühstück & Catering',
        description: 'Unsere Feinkostläden in Graz und Linz: Käse, Speck, Öle, Torten auf Bestellung und Catering.',
        weight: 10,
      },
    ],

    tags: [
      { key: 'pizza', name: 'Pizza', weight: 70, image: img('tag-pizza.svg', 'Pizza') },
      { key: 'vegan', name: 'Vegan', weight: 60, image: img('tag-vegan.svg', 'Vegan') },
      { key: 'mittagsmenue', name: 'Mittagsmenü', weight: 50, image: img('tag-mittagsmenue.svg', 'Mittagsmenü') },
      { key: 'lieferung', name: 'Lieferung', weight: 40, image: img('tag-lieferung.svg', 'Lieferung') },
      { key: 'feinkost', name: 'Feinkost', weight: 30, image: img('tag-feinkost.svg', 'Feinkost') },
      { key: 'glutenfrei', name: 'Glutenfrei', weight: 20, image: img('tag-glutenfrei.svg', 'Glutenfrei') },
      { key: 'catering', name: 'Catering', weight: 10, image: img('tag-catering.svg', 'Catering') },
    ],

    branches,

    categories: [
      {
        key: 'fruehstueck',
        name: 'Frühstück',
        weight: 200,
        description: 'Montag bis Freitag von 7:30 bis 10:30 Uhr, samstags von 8:00 bis 11:00 Uhr.',
        image: img('kategorie-fruehstueck.svg', 'Frühstück'),
        schedule: BREAKFAST_RULES,
        isVisibleWhenUnavailable: true,
      },
      {
        key: 'mittagsmenues',
        name: 'Mittagsmenüs',
        weight: 190,
        description: 'Montag bis Freitag von 11:00 bis 14:30 Uhr.',
        image: img('kategorie-mittagsmenue.svg', 'Mittagsmenüs'),
      },
      { key: 'vorspeisen', name: 'Vorspeisen', weight: 180, description: null, image: null },
      { key: 'suppen', name: 'Suppen', weight: 170, description: null, image: img('kategorie-suppen.svg', 'Suppen') },
      { key: 'salate', name: 'Salate & Bowls', weight: 160, description: null, image: null },
      {
        key: 'pizza',
        name: 'Pizza',
        weight: 150,
        description: 'Aus dem Steinofen, in drei Größen.',
        image: img('kategorie-pizza.svg', 'Pizza'),
      },
      { key: 'pasta', name: 'Pasta & Nockerl', weight: 140, description: null, image: null },
      {
        key: 'hauptspeisen',
        name: 'Wiener Klassiker',
        weight: 130,
        description: 'Hauptspeisen aus der Wiener Küche.',
        image: img('kategorie-hauptspeisen.svg', 'Wiener Klassiker'),
      },
      { key: 'burger', name: 'Burger & Beilagen', weight: 120, description: null, image: null },
      {
        key: 'desserts',
        name: 'Desserts & Torten',
        weight: 110,
        description: null,
        image: img('kategorie-desserts.svg', 'Desserts'),
      },
      {
        key: 'getraenke',
        name: 'Alkoholfreie Getränke',
        weight: 100,
        description: null,
        image: img('kategorie-getraenke.svg', 'Getränke'),
      },
      {
        key: 'wein-bier',
        name: 'Wein & Bier',
        weight: 90,
        description: 'Ausschank nur an Personen ab 16 Jahren.',
        image: null,
      },
      {
        key: 'feinkost-kaese',
        name: 'Feinkost & Käse',
        weight: 80,
        description: 'Gewichtsware wird nach tatsächlichem Gewicht verrechnet.',
        image: img('kategorie-feinkost.svg', 'Feinkost & Käse'),
      },
      { key: 'oele-essig', name: 'Öle & Essig', weight: 70, description: null, image: null },
      { key: 'brot-gebaeck', name: 'Brot & Gebäck', weight: 60, description: null, image: null },
      {
        key: 'catering',
        name: 'Catering & Geschenke',
        weight: 50,
        description: 'Bitte mindestens drei Werktage im Voraus bestellen.',
        image: null,
      },
    ],

    products,

    menus: [
      {
        key: 'speisekarte-restaurants',
        name: 'Speisekarte Restaurants 2026',
        availableFrom: '2026-01-01T00:00:00+01:00',
        branchIdentifiers: ['wien-innere-stadt', 'wien-neubau'],
        catalog: [
          {
            category: 'mittagsmenues',
            products: [
              { key: 'mittagsmenue', schedule: LUNCH_RULES },
              { key: 'mittagsmenue-vegetarisch', schedule: LUNCH_RULES },
              'business-lunch',
            ],
          },
          {
            category: 'vorspeisen',
            products: ['bruschetta', 'liptauerbrot', 'vitello-tonnato', 'beef-tatar', 'burrata'],
          },
          {
            category: 'suppen',
            products: ['tagessuppe', 'rindsuppe-frittaten', 'leberknoedelsuppe', 'kuerbiscremesuppe', 'gulaschsuppe'],
          },
          { category: 'salate', products: ['caesar-salad', 'backhendlsalat', 'blattsalat', 'bowl-nach-wahl'] },
          {
            category: 'pizza',
            products: [
              'pizza-margherita',
              'pizza-salami',
              'pizza-funghi',
              'pizza-quattro-formaggi',
              'pizza-diavola',
              'pizza-vegana',
            ],
          },
          {
            category: 'pasta',
            products: ['spaghetti-carbonara', 'penne-arrabbiata', 'tagliatelle-steinpilze', 'lasagne', 'kasnocken'],
          },
          {
            category: 'hauptspeisen',
            products: [
              'wiener-schnitzel',
              'schweinsschnitzel',
              'tafelspitz',
              'fiakergulasch',
              'backhendl',
              'zwiebelrostbraten',
              'kaerntner-kasnudeln',
              'lachsforelle',
            ],
          },
          {
            category: 'burger',
            products: [
              'classic-cheeseburger',
              'halloumi-burger',
              'linsen-burger',
              'pommes-frites',
              'suesskartoffel-pommes',
            ],
          },
          { category: 'desserts', products: ['sachertorte', 'apfelstrudel', 'kaiserschmarrn', 'topfenknoedel'] },
          {
            category: 'getraenke',
            products: [
              'mineralwasser',
              'kraeuterlimonade',
              'apfelsaft-gespritzt',
              'eistee',
              'holunder-gespritzt',
              'wiener-melange',
              'kleiner-brauner',
            ],
          },
          {
            category: 'wein-bier',
            products: [
              'gruener-veltliner',
              'blauer-zweigelt',
              'gemischter-satz',
              'maerzenbier',
              'zitronenradler',
              { key: 'sturm', isEnabled: false },
            ],
          },
        ],
      },
      {
        key: 'sortiment-feinkost',
        name: 'Feinkost-Sortiment 2026',
        availableFrom: '2026-01-01T00:00:00+01:00',
        branchIdentifiers: ['graz-lend', 'linz-hauptplatz'],
        catalog: [
          { category: 'fruehstueck', products: ['wiener-fruehstueck', 'feinkost-fruehstueck'] },
          {
            category: 'feinkost-kaese',
            products: [
              'vorarlberger-bergkaese',
              'steirischer-schafkaese',
              'tiroler-speck',
              'beinschinken',
              'trueffelsalami',
              'antipasti-mix',
              'liptauer-aufstrich',
              'kaeseplatte',
            ],
          },
          { category: 'oele-essig', products: ['olivenoel', 'kuerbiskernoel', 'apfelbalsamessig'] },
          { category: 'suppen', products: ['rindsuppe-glas', 'gulaschsuppe'] },
          { category: 'brot-gebaeck', products: ['bauernbrot', 'kaisersemmel', 'butterkipferl'] },
          { category: 'desserts', products: ['motivtorte', 'sachertorte', 'punschkrapfen', 'apfelstrudel'] },
          { category: 'catering', products: ['catering-buffet', 'broetchenplatte', 'geschenkkorb', 'geschenkband'] },
          {
            category: 'getraenke',
            products: ['mineralwasser', 'apfelsaft-gespritzt', 'wiener-melange', 'kleiner-brauner'],
          },
          {
            category: 'wein-bier',
            products: ['gruener-veltliner', 'blauer-zweigelt', { key: 'gemischter-satz', isEnabled: false }],
          },
        ],
      },
    ],

    tables: [
      ...[2, 2, 4, 4, 4, 6, 6, 8].map((seats, index) => ({
        identifier: `tisch-${index + 1}`,
        name: `Tisch ${index + 1}`,
        seats,
        branchIdentifier: 'wien-innere-stadt',
      })),
      { identifier: 'schanigarten-1', name: 'Schanigarten 1', seats: 4, branchIdentifier: 'wien-innere-stadt' },
      { identifier: 'schanigarten-2', name: 'Schanigarten 2', seats: 4, branchIdentifier: 'wien-innere-stadt' },
      { identifier: 'neubau-tisch-1', name: 'Tisch 1', seats: 2, branchIdentifier: 'wien-neubau' },
      { identifier: 'neubau-tisch-2', name: 'Tisch 2', seats: 4, branchIdentifier: 'wien-neubau' },
    ],

    donatees: [
      {
        identifier: 'wiener-tafel',
        name: 'Wiener Tafel',
        description:
          'Die Wiener Tafel rettet seit 1999 einwandfreie Lebensmittel vor dem Müll und verteilt sie an Sozialeinrichtungen in Wien – an Obdachlosenheime, Frauenhäuser und Flüchtlingsquartiere. Ihre Spende hilft, Lebensmittel dorthin zu bringen, wo sie gebraucht werden.',
        image: img('spende-wiener-tafel.svg', 'Wiener Tafel'),
        website: 'https://www.wienertafel.at',
        isEnabled: true,
      },
      {
        identifier: 'caritas-wien',
        name: 'Caritas der Erzdiözese Wien',
        description:
          'Die Caritas unterstützt Menschen in Not: mit warmen Mahlzeiten und Schlafplätzen für obdachlose Menschen, mit Sozialberatung und Lernbegleitung für Kinder. Jeder Beitrag kommt direkt den Hilfsprojekten in Wien und Niederösterreich zugute.',
        image: img('spende-caritas.svg', 'Caritas Wien'),
        website: 'https://www.caritas-wien.at',
        isEnabled: true,
      },
      {
        identifier: 'rote-nasen',
        name: 'ROTE NASEN Clowndoctors',
        description:
          'Die ROTE NASEN Clowndoctors bringen Humor und Lebensfreude zu kranken Kindern ins Spital, zu älteren Menschen in Pflegeeinrichtungen und zu Menschen mit Behinderung – in ganz Österreich.',
        image: img('spende-rote-nasen.svg', 'ROTE NASEN Clowndoctors'),
        website: 'https://www.rotenasen.at',
        isEnabled: true,
      },
    ],

    users: [
      {
        username: 'admin',
        password: 'Admin-Demo-2026!',
        firstName: 'Katharina',
        lastName: 'Huber',
        email: 'katharina.huber@donaugenuss.at',
        roles: ['ROLE_ADMIN'],
        branchIdentifiers: ['wien-innere-stadt', 'wien-neubau', 'graz-lend', 'linz-hauptplatz'],
      },
      {
        username: 'mitarbeiter',
        password: 'Mitarbeiter-2026!',
        firstName: 'Lukas',
        lastName: 'Gruber',
        email: 'lukas.gruber@donaugenuss.at',
        roles: ['ROLE_EMPLOYEE'],
        branchIdentifiers: ['wien-innere-stadt'],
      },
    ],
  };
}
