/**
 * German texts of the storefront's checkout (storefront-presenter.md §2.7) and order status page (§2.8): loaded with
 * those pages' chunks, not with the first load (storefront-texts.ts).
 */
export const storefrontOrderTexts = {
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
} as const;
