/**
 * German texts of the real-estate presenter web app (storefront-presenter.md §2.9, §2.10, §4, §8). Texts quoted in
 * the spec are verbatim; the rules' texts (statuses, counts, breadcrumbs) live in shop-texts.ts and come out of
 * @shop/domain. Texts marked PROPOSED have no wording in the spec and wait for product's confirmation.
 */
export const presenterTexts = {
  /* §2.9 pages */
  /** PROPOSED — §2.9 names 'a download button' without its wording */
  downloadExpose: 'Exposé herunterladen',
  /** PROPOSED */
  breadcrumbLabel: 'Brotkrümelnavigation',

  /* §2.9 blocks */
  heroThumbnails: 'Aktuelles',
  toProject: 'Zum Projekt',
  viewProject: 'Projekt ansehen',
  toObject: 'Zum Objekt',
  columnFloor: 'Geschoss',
  columnTop: 'Top',
  columnRooms: 'Zimmer',
  columnArea: 'Fläche',
  columnType: 'Art',
  columnPrice: 'Preis',
  columnStatus: 'Status',
  sendInquiry: 'Anfrage senden',
  /**
   * PROPOSED wording of §2.9 "a fixed German note on statutory additional costs (3.5 % land transfer tax and 1.1 %
   * registration fee not included; contract and trustee costs included)"
   */
  additionalCostsNote:
    'Im Kaufpreis nicht enthalten sind die gesetzlichen Nebenkosten: 3,5 % Grunderwerbsteuer und 1,1 % Eintragungsgebühr. Die Kosten für Vertragserrichtung und Treuhandabwicklung sind im Kaufpreis enthalten.',
  /** PROPOSED */
  officeHoursLabel: 'Bürozeiten',
  /** PROPOSED */
  slidePrevious: 'Vorheriges Bild',
  /** PROPOSED */
  slideNext: 'Nächstes Bild',
  /** PROPOSED */
  slideLabel: 'Bild {n} von {total}',
  /** PROPOSED */
  openImage: 'Bild vergrößern',
  /** PROPOSED */
  imageError: 'Das Bild konnte nicht geladen werden.',
  /** PROPOSED */
  mapLabel: 'Karte',
  /** PROPOSED */
  mapConsent: 'Die Karte wird nach Ihrer Zustimmung zu Cookies angezeigt.',
  /** PROPOSED (issue 43: a map without a token, or whose tiles do not load, shows the address and this link) */
  mapDirections: 'Route berechnen',

  /* §2.10, §4 contact form */
  acceptPrivacy: 'Datenschutzerklärung akzeptieren',
  /** PROPOSED */
  submit: 'Absenden',
  pleaseWait: 'Bitte warten',
  processingInquiry: 'Ihre Anfrage wird verarbeitet...',
  changeData: 'Daten ändern',
  thankYou: 'Vielen Dank für Ihre Nachricht!',
  closeForm: 'Formular schließen',
  formErrorsHeading: 'Bitte prüfen Sie Ihre Eingaben',
  unknownError: 'Ein unbekannter Fehler ist aufgetreten.',
} as const;

export type PresenterTextKey = keyof typeof presenterTexts;
