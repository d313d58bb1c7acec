/**
 * The German words and texts the services put into their answers beside the keyed messages of `messages.ts`:
 * the nouns that fill `{label}` ('Druckauftrag wurde nicht gefunden.'), the verbs of
 * the order's status changes ('Die Bestellung kann im aktuellen Status nicht bestätigt werden.') and the content
 * AI's instructions. Written here so that no service spells German itself (issue 40, item 5).
 */

/**
 * The things a service names in a message ({label} of `http.resourceNotFound`, …) that are not CRUD resources
 * (those have their label in @shop/contracts' CRUD_RESOURCES), singular.
 */
export const NOUNS = {
  accessCode: 'Zugangscode',
  command: 'Befehl',
  form: 'Formular',
  image: 'Bild',
  logEntry: 'Logeintrag',
  printJob: 'Druckauftrag',
  /** a customer's data export (issue 44) */
  privacyExport: 'Datenexport',
  screenshot: 'Bildschirmfoto',
  /** a metric of the statistics service */
  statistic: 'Statistik',
  terminal: 'Terminal',
} as const;

/** What a change does to an order, as `order.invalidTransition` says it ('… nicht {action} werden.'). */
export const ORDER_CHANGE_VERBS = {
  confirm: 'bestätigt',
  reject: 'abgelehnt',
  cancel: 'storniert',
  'in-delivery': 'in Zustellung gesetzt',
  'ready-for-pickup': 'als abholbereit markiert',
  completed: 'abgeschlossen',
  /** an item of the order changed (quantity, removal) */
  'item-update': 'geändert',
} as const;

/**
 * The time sheet that time tracking exports (CSV and XLSX): its column headers (the branch's column is
 * CRUD_RESOURCES.branches.label of @shop/contracts), its sheet, its total row and its file name. The kinds of
 * activity are TIME_TRACKING_TEXTS.kinds, as the back office shows them.
 */
export const TIME_SHEET_TEXTS = {
  columns: {
    date: 'Datum',
    employee: 'Mitarbeiter',
    kind: 'Art',
    start: 'Beginn',
    end: 'Ende',
    pauseMinutes: 'Pausen (min)',
    netMinutes: 'Netto (min)',
    net: 'Netto',
    warnings: 'Hinweise',
    plannedMinutes: 'Geplant (min)',
    balanceMinutes: 'Saldo (min)',
  },
  sheet: 'Zeiten {month}',
  total: 'Summe',
  /** the file's name without its extension: a month of one employee or of a branch */
  fileOfEmployee: 'zeiten-{month}-mitarbeiter-{user}',
  fileOfBranch: 'zeiten-{month}-filiale-{branch}',
} as const;

/**
 * The field names of the content service's rows in a privacy export (issue 44): a form submission (then its own
 * field labels) and an uploaded file; a checkbox's value as yes/no.
 */
export const CONTENT_PRIVACY_FIELDS = {
  form: 'Formular',
  submittedAt: 'Eingesendet am',
  file: 'Datei',
  originalName: 'Originalname',
  type: 'Typ',
  size: 'Größe (Bytes)',
  uploadedAt: 'Hochgeladen am',
  download: 'Download-Pfad',
  yes: 'Ja',
  no: 'Nein',
} as const;

/**
 * The order service's part of a privacy export (issue 44): the field names of its rows (an order with its customer's
 * data, its lines, its questionnaire, the e-mails, SMS and receipts sent for it), the kinds of message, and the word
 * an erased customer text is replaced with where the order keeps the field (the last name, a line's typed text).
 */
export const ORDER_PRIVACY_TEXTS = {
  erased: 'Gelöscht',
  messageKinds: { email: 'E-Mail', sms: 'SMS', print: 'Beleg' },
  orders: {
    id: 'Bestellung',
    uid: 'Bestellnummer',
    ticket: 'Ticket',
    branch: 'Filiale',
    createdAt: 'Bestellt am',
    type: 'Art',
    table: 'Tisch',
    appointment: 'Termin',
    paymentMethod: 'Zahlungsart',
    isPaid: 'Bezahlt',
    totalGross: 'Summe brutto',
    status: 'Status',
    rejectionMessage: 'Nachricht an den Kunden',
  },
  /** the customer's fields as the order stores them (a field not named here is exported under its own key) */
  customer: {
    isCompany: 'Firmenbestellung',
    companyName: 'Firmenname',
    company: 'Firma',
    vatNumber: 'UID-Nummer',
    firstName: 'Vorname',
    lastName: 'Nachname',
    street: 'Straße',
    floor: 'Stock',
    stairway: 'Stiege',
    door: 'Tür',
    zipCode: 'PLZ',
    city: 'Ort',
    country: 'Land',
    phone: 'Telefon',
    email: 'E-Mail',
    isDeliveryAddressDifferent: 'Abweichende Lieferadresse',
    isDeliveryCompany: 'Lieferung an eine Firma',
    deliveryCompanyName: 'Lieferadresse Firmenname',
    deliveryFirstName: 'Lieferadresse Vorname',
    deliveryLastName: 'Lieferadresse Nachname',
    deliveryStreet: 'Lieferadresse Straße',
    deliveryFloor: 'Lieferadresse Stock',
    deliveryStairway: 'Lieferadresse Stiege',
    deliveryDoor: 'Lieferadresse Tür',
    deliveryZipCode: 'Lieferadresse PLZ',
    deliveryCity: 'Lieferadresse Ort',
    deliveryCountry: 'Lieferadresse Land',
    deliveryArea: 'Liefergebiet',
    comment: 'Anmerkung',
    appointmentDate: 'Gewünschter Termin',
    legalInstructions: 'AGB akzeptiert',
    privacyPolicy: 'Datenschutzerklärung akzeptiert',
    donatee: 'Spendenempfänger',
  },
  items: {
    position: 'Position',
    product: 'Produkt',
    amount: 'Menge',
    unit: 'Einheit',
    gross: 'Preis brutto',
    taxRate: 'Steuersatz (%)',
    choices: 'Auswahl und Texte',
    files: 'Dateien',
  },
  questionnaire: {
    rating: 'Gesamteindruck',
    foodRating: 'Essen',
    serviceRating: 'Service',
    processRating: 'Bestellablauf',
    comment: 'Kommentar',
  },
  messages: {
    job: 'Auftrag',
    kind: 'Art',
    reason: 'Anlass',
    recipient: 'Empfänger',
    createdAt: 'Erstellt am',
    sentAt: 'Gesendet am',
  },
} as const;

/**
 * The statistics service's part of a privacy export (issue 44): the field names of a system log entry and of an
 * analytics event that name the customer.
 */
export const STATISTICS_PRIVACY_TEXTS = {
  logs: {
    createdAt: 'Zeit',
    level: 'Stufe',
    source: 'Quelle',
    code: 'Code',
    message: 'Meldung',
  },
  analytics: {
    occurredAt: 'Zeit',
    type: 'Typ',
    action: 'Aktion',
    page: 'Seite',
  },
} as const;

/** The payment service's part of a privacy export (issue 44): a payment's field names and its statuses. */
export const PAYMENT_PRIVACY_TEXTS = {
  fields: {
    id: 'Zahlung',
    order: 'Bestellung',
    provider: 'Anbieter',
    providerPaymentId: 'Zahlungsnummer des Anbieters',
    amount: 'Betrag',
    currency: 'Währung',
    status: 'Status',
    createdAt: 'Erstellt am',
    paidAt: 'Bezahlt am',
  },
  statuses: {
    open: 'offen',
    paid: 'bezahlt',
    failed: 'fehlgeschlagen',
    canceled: 'abgebrochen',
    expired: 'abgelaufen',
  },
} as const;

/** The content AI's instructions for a site's draft (the model writes German because it is asked in German). */
export const CONTENT_AI_PROMPTS = {
  siteSystem:
    'Du schreibst Inhalte für eine Seite der Website eines Unternehmens, auf Deutsch, sachlich und ohne ' +
    'Erfundenes: verwende nur Fakten aus den mitgelieferten Daten. Antworte ausschließlich mit JSON im ' +
    'vorgegebenen Schema. Verweise (reference) nur auf IDs aus den Daten.',
  /** the task when the editor gave none */
  siteTask: 'Inhalt für die Seite „{site}“',
  /** the answer did not fit the layout's schema: asked again with what was wrong */
  siteRetry: 'Die Antwort passt nicht zum Schema: {errors}. Bitte korrigieren.',
  /** what the retry names when the answer was no JSON at all */
  noJson: 'kein JSON',
} as const;

/**
 * A customer's data export (issue 44, the identity service writes it): the JSON file's keys, the long CSV's columns
 * (one row per field, so sections with different fields fit one file), the request's fields, the customer master
 * data's field names (identity's own section), the file's name without its extension, and the services named when
 * one did not answer.
 */
export const PRIVACY_EXPORT_TEXTS = {
  createdAt: 'Erstellt am',
  request: 'Anfrage',
  sections: 'Bereiche',
  requestFields: {
    id: 'Nr.',
    kind: 'Art',
    requestedBy: 'Anfrage des Kunden',
    handledBy: 'Bearbeitet von',
    email: 'E-Mail-Adresse',
    phone: 'Telefonnummer',
  },
  csvColumns: { section: 'Bereich', row: 'Nr.', field: 'Feld', value: 'Wert' },
  yes: 'ja',
  no: 'nein',
  file: 'datenauskunft-{id}',
  customerFields: {
    id: 'Kundennummer',
    firstName: 'Vorname',
    lastName: 'Nachname',
    companyName: 'Firma',
    email: 'E-Mail',
    phone: 'Telefon',
    street: 'Straße',
    zipCode: 'PLZ',
    city: 'Ort',
    country: 'Land',
    vatNumber: 'UID-Nummer',
    notes: 'Notizen',
    isEnabled: 'Aktiv',
    createdAt: 'Angelegt am',
    updatedAt: 'Geändert am',
  },
  services: {
    order: 'Bestellungen',
    content: 'Website-Inhalte',
    payment: 'Zahlungen',
    statistics: 'Statistik und Protokolle',
    identity: 'Kundenstammdaten',
  },
  /** a section without rows in the CSV (its one line) */
  none: 'keine Einträge',
} as const;
