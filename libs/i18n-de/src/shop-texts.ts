/**
 * Texts of the storefront and presenter rules (storefront-presenter.md §2–§5, §8), verbatim from the spec;
 * the functions of @shop/domain fill their placeholders. Texts marked PROPOSED have no wording in the spec
 * (it only names the state) and wait for product's confirmation.
 */
export const SHOP_TEXTS = {
  /* §2.2 shared layout: toolbar */
  toolbarOneOpen: '1 Standort geöffnet',
  toolbarManyOpen: '{n} Standorte geöffnet',
  toolbarAllClosed: 'Alle Standorte geschlossen',
  toolbarOpenUntil: 'Geöffnet bis {time}',
  closed: 'Geschlossen',

  /* §2.3 branch list */
  searchPlaceholder: 'PLZ / Ort',
  branchResults: '{n} von {total} Filialen werden angezeigt.',
  noResults: 'Leider wurden keine Ergebnisse gefunden.',
  openToday: 'Offen heute {from} Uhr bis {to} Uhr',
  pickup: 'Abholung {from} Uhr bis {to} Uhr',
  opensOn: 'Öffnet {day} um {from} Uhr',

  /* §2.4 home page: opening-hours table */
  openingHoursHeading: 'Öffnungszeiten',
  deliveryHoursHeading: 'Lieferzeiten',
  showDeliveryHours: 'Lieferzeiten anzeigen',
  showOpeningHours: 'Öffnungszeiten anzeigen',

  /* §2.5 branch order page, cart */
  cartToggleEmpty: 'Keine Produkte im Warenkorb',
  cartToggleOne: '1 Produkt im Warenkorb',
  cartToggleMany: '{n} Produkte im Warenkorb',
  cartToggleHide: 'Warenkorb ausblenden',
  deliveryTypeLabel: 'Art der Lieferung',
  deliveryAreaLabel: 'Liefergebiet',
  costs: 'Kosten',
  deliveryCosts: 'Lieferkosten',
  deliveryFree: 'Kostenlos',
  total: 'Gesamt',
  orderNow: 'Jetzt bestellen',
  productAdded: 'Produkt zum Warenkorb hinzugefügt.',
  cartItemEdit: 'Bearbeiten',
  cartItemRemove: 'Entfernen',

  /* §2.6 item configuration */
  quantity: 'Menge',
  /** '1 unit entspricht ...' — unit short names filled in, e.g. '1 Stk. entspricht 250 g' */
  unitEquivalent: '1 {unit} entspricht {amount} {productUnit}',
  nextStep: 'Zum nächsten Schritt',
  addToCart: 'Zum Warenkorb hinzufügen',

  /* §2.7 checkout */
  tableNumber: 'Tischnummer *',
  processing: 'Verarbeiten...',
  back: 'Zurück',
  submitQuotation: 'Angebotsanfrage abschicken',
  submitOrder: 'Bestellung abschicken',
  submitPreorder: 'Vorbestellung abschicken',
  checkoutCartEmpty: 'Keine Produkte im Warenkorb!',
  datePickerClear: 'Auswahl aufheben',
  save: 'Speichern',
  cancel: 'Abbrechen',
  noSlots: 'Zum ausgewählten Tag sind keine Termine verfügbar.',

  /* §2.8 status screen, §4 order lifecycle */
  orderCanceledHeading: 'Ihre Bestellung wurde storniert.',
  ticket: 'Ticket',
  orderNumber: 'Bestellnummer',
  timelineCanceled: 'Bestellung storniert',
  statusAwaitingPayment: 'Warten auf Zahlungseingang',
  statusInProgress: 'Wird bearbeitet',
  statusCanceled: 'Storniert',
  /** PROPOSED — §4 names the state "Awaiting confirmation" without German wording */
  statusAwaitingConfirmation: 'Warten auf Bestätigung',
  /** PROPOSED — §4 "In delivery" */
  statusInDelivery: 'In Zustellung',
  /** PROPOSED — §4 "ready for pickup" */
  statusReadyForPickup: 'Abholbereit',
  /** PROPOSED — §4 "Delivered" */
  statusDelivered: 'Zugestellt',
  /** PROPOSED — §4 "Completed" */
  statusCompleted: 'Abgeschlossen',
  counterProposalReject: 'Nein, Bestellung stornieren',

  /* §4 intro messages */
  closedNow: 'Derzeit haben wir leider geschlossen.',
  reopensAt: 'Wir öffnen wieder um {from} Uhr.',
  reopensOn: 'Wir öffnen wieder am {day} um {from} Uhr.',
  deliveryClosed: 'Derzeit ist leider keine Lieferung möglich.',
  deliveryClosedCheckout: 'Derzeit bieten wir leider keine Lieferung an.',
  deliveryResumesAt: 'Wir liefern wieder ab {from} Uhr.',
  deliveryResumesOn: 'Wir liefern wieder am {day} ab {from} Uhr.',
  preorder: 'Gerne nehmen wir auch Ihre Vorbestellungen entgegen.',
  preorderCheckout: 'Sie können aber gerne für einen späteren Zeitpunkt vorbestellen.',
  preorderProcessedLater: 'Wir bearbeiten diese sobald wir wieder geöffnet haben.',

  /* §4 real-estate statuses */
  projectStatusAvailable: 'Verfügbar',
  projectStatusBooked: 'Ausgebucht',
  projectStatusPlanned: 'In Planung',
  objectStatusAvailable: 'Frei',
  objectStatusReserved: 'Reserviert',
  objectStatusSold: 'Nicht mehr verfügbar',
  objectTypeRent: 'Miete',
  objectTypeBuy: 'Kauf',

  /* §2.9 content blocks */
  projectsFilterAll: 'Alle Projekte',
  projectsFilterAvailable: 'Verfügbar',
  projectsFilterPlanned: 'In Planung',
  projectNew: 'Neu',
  objectSingular: 'Objekt',
  objectPlural: 'Objekte',
  available: 'verfügbar',
  roomCount: '{n}-Zimmer-Wohnung',
  flats: 'Wohnungen',
  noProjects: 'Leider sind aktuell keine Projekte verfügbar.',
  referencesShowAll: 'Alle anzeigen',
  referencesShowLess: 'Weniger anzeigen',
  fallbackProjectLabel: 'Projekt',
  priceCaptionDefault: 'Gesamtpreis',
  breadcrumbHome: 'Startseite',
  breadcrumbProjects: 'Aktuelle Projekte',
  breadcrumbReferences: 'Referenzen',
  floorPlanAlt: 'Stockplan',
  officeHours: 'Auf Anfrage',
  yes: 'Ja',
  no: 'Nein',

  /* §3 calculation models and units */
  calculationFixed: 'Exakt',
  calculationApproximate: 'Ungefähr',
  calculationMinimum: 'Minimum',
  calculationFixedShort: 'Fix',
  calculationApproximateShort: 'ca.',
  calculationMinimumShort: 'ab',
  unitPiece: 'Stück',

  /* §5 validation */
  minimumOrderNotReached: 'Sie haben den Mindestbestellwert in Höhe von {amount} leider noch nicht erreicht.',
  uploadFailed:
    'Die ausgewählte Datei "{filename}" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.',
  phoneFormat: 'Bitte geben Sie eine gültige Nummer im Format {phone} an.',
  appointmentClosed:
    'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
  appointmentRequired: 'Bitte wählen Sie einen Termin aus.',
  /** PROPOSED — a product whose schedule is shut at the chosen time (the spec words only the branch's hours) */
  appointmentProductUnavailable:
    'Zum ausgewählten Zeitpunkt können wir {products} leider nicht anbieten. Bitte wählen Sie einen anderen Termin.',
  priceOnRequest: 'Preis auf Anfrage',

  /* §8 error catalogue */
  unknownError: 'Ein unbekannter Fehler ist aufgetreten.',
  paymentFailed: 'Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.',
  noDonatee: 'Keine passende Organisation gefunden.',
  formErrorsHeading: 'Bitte prüfen Sie Ihre Eingaben',
  offlineTitle: 'Sie sind offline',
  offlineText: 'Bitte überprüfen Sie Ihre Internetverbindung.',
} as const;
