import { layoutTexts } from './layout-texts.js';

/**
 * German texts of the storefront's first load (storefront-presenter.md §2.1–§2.4, the contact page): layout, branch
 * list, home and contact pages. A module of its own, apart from storefrontTexts (storefront-texts.ts), which spreads
 * every part in: the spread would keep the branch page's and the order texts in the first load.
 */
export const storefrontSiteTexts = {
  ...layoutTexts,

  /* §2.3 branch list */
  /** PROPOSED */
  searchLabel: 'Filiale suchen',
  /** PROPOSED */
  searchSubmit: 'Suchen',
  /** PROPOSED */
  tagFilterLabel: 'Nach Kategorie filtern',
  /** PROPOSED */
  branchesHeading: 'Unsere Filialen',

  /* §2.4 home page */
  teaserOrderTitle: 'Online Bestellen',
  teaserOrderButton: 'Jetzt Bestellen',
  teaserTableTitle: 'Tischreservierung',
  teaserTableButton: 'Jetzt Anrufen',
  teaserDirectionsTitle: 'Anfahrt',
  teaserDirectionsButton: 'Anfahrt berechnen',
  /** PROPOSED */
  contactHeading: 'Kontakt',
  /** PROPOSED */
  mapLabel: 'Karte unserer Standorte',

  /* §2.1 legal pages */
  /** PROPOSED — the legal pages' titles, also those of the checkout's legal overlays */
  termsTitle: 'Allgemeine Geschäftsbedingungen',
  privacyTitle: 'Datenschutzerklärung',

  /* /kontakt */
  /** PROPOSED */
  contactPageTitle: 'Kontakt',
  /** PROPOSED */
  contactFormHeading: 'Anfahrt und Anfrage',
  /** PROPOSED */
  route: 'Route berechnen',
  /** PROPOSED */
  writeEmail: 'E-Mail schreiben',
} as const;
