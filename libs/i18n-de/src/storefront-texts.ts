import { layoutTexts } from './layout-texts.js';

/**
 * German texts of the storefront web app (storefront-presenter.md §2, §4, §8). Texts quoted in the spec are
 * verbatim; the rules' texts (status lines, cart toggle, intro messages …) live in shop-texts.ts and come
 * out of @shop/domain. Texts marked PROPOSED have no wording in the spec (it only names the element) and
 * wait for product's confirmation.
 */
export const storefrontTexts = {
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

  /* §2.5 branch page */
  /** PROPOSED — the branch page's weekly hours and address (same table as the home page) */
  branchInfoHeading: 'Öffnungszeiten und Kontakt',
  /** PROPOSED */
  categoriesLabel: 'Kategorien',
  /** PROPOSED */
  cartHeading: 'Warenkorb',
  /** PROPOSED */
  deliveryMethodTakeaway: 'Abholung',
  /** PROPOSED */
  deliveryMethodDelivery: 'Lieferung',
  /** PROPOSED */
  deliveryMethodDineIn: 'Vor Ort essen',
  /** PROPOSED — §2.5 "Hints show … the free-delivery threshold"; §5 free only when gross exceeds it (so not 'ab') */
  freeDeliveryFrom: 'Bei einem Bestellwert über {amount} liefern wir kostenlos.',
  /** PROPOSED — §5 "a hint to add goods or choose another delivery type" */
  minimumOrderHint: 'Bitte fügen Sie weitere Produkte hinzu oder wählen Sie eine andere Art der Lieferung.',
  /** PROPOSED — §4 delivery closed: the takeaway / dine-in alternative hint */
  alternativeTakeaway: 'Sie können Ihre Bestellung aber gerne abholen.',
  alternativeDineIn: 'Sie können aber gerne bei uns vor Ort essen.',
  /** PROPOSED — §4 the catalogue reload removed a cart item: which one and why */
  cartItemRemovedPrice:
    '„{name}“ wurde aus dem Warenkorb entfernt, weil sich der Preis geändert hat. Bitte fügen Sie es erneut hinzu.',
  cartItemRemovedChanged:
    '„{name}“ wurde aus dem Warenkorb entfernt, weil sich das Produkt geändert hat. Bitte fügen Sie es erneut hinzu.',
  cartItemRemovedUnavailable: '„{name}“ wurde aus dem Warenkorb entfernt, weil es nicht mehr erhältlich ist.',
  /** PROPOSED — the cart's one-click way from a closed delivery method to an open one */
  switchToTakeaway: 'Stattdessen abholen',
  switchToDineIn: 'Stattdessen vor Ort essen',
  switchToDelivery: 'Stattdessen liefern lassen',
  /** PROPOSED */
  productUnavailable: 'Derzeit nicht verfügbar',
  /** PROPOSED — with preorder: a product whose schedule opens later */
  preorderableFrom: 'Vorbestellbar ab {when} Uhr',
  /** PROPOSED */
  configure: 'Auswählen',
  /** PROPOSED */
  allergensLabel: 'Allergene: {allergens}',
  /** PROPOSED */
  showImages: 'Bilder von {name} anzeigen',

  /* §2.6 configuration overlay */
  /** PROPOSED */
  decrease: 'Menge verringern',
  /** PROPOSED */
  increase: 'Menge erhöhen',
  /** PROPOSED */
  unit: 'Einheit',
  /** PROPOSED */
  optional: '(optional)',
  /** PROPOSED */
  stepOf: 'Schritt {n} von {total}',
  /** PROPOSED */
  chooseFile: 'Datei auswählen',
  /** PROPOSED */
  chooseFiles: 'Dateien auswählen',
  /** PROPOSED */
  uploading: 'Datei wird hochgeladen …',
  /** PROPOSED the visible text of an uploaded file's remove button */
  removeUploadButton: 'Entfernen',
  /** PROPOSED */
  removeUpload: '{name} entfernen',
  /** PROPOSED */
  linePrice: 'Preis',

  /* §2.7 checkout */
  /** PROPOSED */
  checkoutHeading: 'Bestellvorgang',
  /** PROPOSED */
  backToBranch: 'Zurück zur Filiale',
  /** PROPOSED field labels (§3 "Order form"); '*' marks required fields */
  orderType: 'Art der Bestellung',
  contactDetails: 'Kontaktdaten',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  phone: 'Telefon',
  isCompany: 'Ich bestelle für eine Firma',
  companyName: 'Firmenname',
  vatNumber: 'UID-Nummer',
  address: 'Adresse',
  street: 'Straße und Hausnummer',
  floor: 'Stock',
  stairway: 'Stiege',
  door: 'Tür',
  zipCode: 'PLZ',
  city: 'Ort',
  country: 'Land',
  isDeliveryAddressDifferent: 'Abweichende Lieferadresse',
  isDeliveryCompany: 'Lieferung an eine Firma',
  deliveryAddress: 'Lieferadresse',
  appointment: 'Termin',
  /** PROPOSED */
  appointmentAsap: 'So bald wie möglich',
  date: 'Datum',
  time: 'Uhrzeit',
  chooseDate: 'Datum wählen',
  chooseTime: 'Uhrzeit wählen',
  comment: 'Anmerkung',
  summary: 'Ihre Bestellung',
  payment: 'Zahlungsart',
  /** PROPOSED payment method names (§9 values) */
  paymentCash: 'Barzahlung',
  paymentAtmCard: 'Bankomatkarte',
  paymentHydroAgVoucher: 'Hydro-AG-Gutschein',
  paymentMollie: 'Online bezahlen',
  paymentDatatrans: 'Kreditkarte',
  /** PROPOSED donation chooser */
  donation: 'Spende',
  donationIntro: 'Pro Bestellung spenden wir {amount} an eine Organisation Ihrer Wahl.',
  chooseDonatee: 'Organisation wählen',
  changeDonatee: 'Organisation ändern',
  donateeSearch: 'Organisation suchen',
  withoutDonatee: 'Ohne Spende',
  /** PROPOSED legal checkboxes; the bracketed word opens the overlay */
  acceptTermsBefore: 'Ich akzeptiere die ',
  acceptTermsLink: 'Allgemeinen Geschäftsbedingungen',
  acceptPrivacyBefore: 'Ich habe die ',
  acceptPrivacyLink: 'Datenschutzerklärung',
  acceptPrivacyAfter: ' gelesen und stimme ihr zu.',
  termsTitle: 'Allgemeine Geschäftsbedingungen',
  privacyTitle: 'Datenschutzerklärung',
  /** PROPOSED */
  errorsHeading: 'Bitte prüfen Sie Ihre Eingaben',
  /** PROPOSED date picker */
  datePickerLabel: 'Datum auswählen',
  previousMonth: 'Vorheriger Monat',
  nextMonth: 'Nächster Monat',
  calendarWeek: 'KW',
  /** PROPOSED time picker */
  timePickerLabel: 'Uhrzeit auswählen',
  hour: 'Stunde',
  minute: 'Minute',
  availableWindows: 'Verfügbare Zeiten:',
  earlier: 'früher',
  later: 'später',

  /* §2.8 status */
  /** PROPOSED */
  thankYou: 'Vielen Dank für Ihre Bestellung!',
  /** §2.2 status title 'Bestellstatus - …' */
  statusTitle: 'Bestellstatus',
  /** PROPOSED */
  statusLabel: 'Status',
  /** PROPOSED */
  deliveryType: 'Art der Lieferung',
  /** PROPOSED */
  table: 'Tisch',
  /** PROPOSED */
  branchContact: 'Ihre Filiale',
  /** PROPOSED */
  counterProposal: 'Die Filiale schlägt Ihnen einen neuen Termin vor: {date} um {time} Uhr.',
  /** PROPOSED */
  counterProposalAccept: 'Ja, Termin annehmen',
  counterProposalReject: 'Nein, Bestellung stornieren',
  /** PROPOSED: the confirmation before declining cancels the order */
  counterRejectQuestion: 'Möchten Sie Ihre Bestellung wirklich stornieren? Das kann nicht rückgängig gemacht werden.',
  /** PROPOSED */
  counterRejectConfirm: 'Ja, stornieren',
  /** PROPOSED */
  counterRejectBack: 'Zurück',
  /** backoffice-platform.md §8 "Orders" */
  ratingFailed: 'Bewertung konnte nicht gesendet werden.',
  /** PROPOSED questionnaire */
  ratingHeading: 'Wie zufrieden waren Sie?',
  rating: 'Gesamteindruck',
  foodRating: 'Essen',
  serviceRating: 'Service',
  processRating: 'Bestellablauf',
  ratingComment: 'Ihr Kommentar',
  ratingSend: 'Bewertung senden',
  ratingDismiss: 'Nicht jetzt',
  ratingThanks: 'Vielen Dank für Ihre Bewertung!',
  stars: '{n} von 5 Sternen',
  /** PROPOSED */
  orderNotFound: 'Diese Bestellung wurde nicht gefunden.',

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

export type StorefrontTextKey = keyof typeof storefrontTexts;
