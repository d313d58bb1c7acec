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
