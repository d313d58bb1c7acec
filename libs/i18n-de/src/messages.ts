import { ORDER_MESSAGE_TEXTS } from './order-message-texts.js';
import { SHOP_TEXTS } from './shop-texts.js';
import { STATISTICS_TEXTS } from './statistics-texts.js';
import { TIME_TRACKING_MESSAGES } from './time-tracking-texts.js';

/**
 * The German message catalogue. Every user-facing text of the platform lives here, keyed; the spec's
 * wording is used verbatim where it has one (storefront-presenter.md §8, backoffice-platform.md §5, §8).
 * Placeholders are written {name} and filled by `t()`.
 */
export const de = {
  validation: {
    required: 'Dieser Wert sollte nicht leer sein.',
    type: 'Dieser Wert sollte vom Typ {type} sein.',
    integer: 'Dieser Wert sollte eine ganze Zahl sein.',
    tooShort: 'Diese Zeichenkette ist zu kurz. Sie sollte mindestens {limit} Zeichen haben.',
    tooLong: 'Diese Zeichenkette ist zu lang. Sie sollte höchstens {limit} Zeichen haben.',
    tooSmall: 'Dieser Wert sollte {limit} oder mehr sein.',
    tooSmallExclusive: 'Dieser Wert sollte größer als {limit} sein.',
    tooBig: 'Dieser Wert sollte {limit} oder weniger sein.',
    tooBigExclusive: 'Dieser Wert sollte kleiner als {limit} sein.',
    range: 'Dieser Wert sollte zwischen {min} und {max} sein.',
    tooFewItems: 'Diese Sammlung sollte {limit} oder mehr Elemente beinhalten.',
    tooManyItems: 'Diese Sammlung sollte {limit} oder weniger Elemente beinhalten.',
    email: 'Dieser Wert ist keine gültige E-Mail-Adresse.',
    url: 'Dieser Wert ist keine gültige URL.',
    unique: 'Dieser Wert wird bereits verwendet.',
    choice: 'Der gewählte Wert ist ungültig.',
    date: 'Dieser Wert entspricht keiner gültigen Datumsangabe.',
    time: 'Dieser Wert entspricht keiner gültigen Zeitangabe.',
    datetime: 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.',
    regex: 'Dieser Wert ist nicht gültig.',
    identifier: 'Dieser Wert darf nur Kleinbuchstaben, Ziffern, Binde- und Unterstriche enthalten.',
    username: 'Der Benutzername darf nur Buchstaben, Ziffern sowie . _ @ - enthalten.',
    /** PROPOSED (the spec is silent): a password found in the lists of common and breached passwords */
    commonPassword:
      'Dieses Passwort ist weit verbreitet und steht in Listen geknackter Passwörter. Bitte wählen Sie ein anderes.',
    maxBelowMin: 'Die Höchstmenge darf nicht kleiner als die Mindestmenge sein.',
    uuid: 'Dies ist keine gültige UUID.',
    timezone: 'Dieser Wert ist keine gültige Zeitzone.',
    iban: 'Dieser Wert ist keine gültige internationale Bankkontonummer (IBAN).',
    bic: 'Dieser Wert ist kein gültiger internationaler Bankcode (BIC).',
    currency: 'Dieser Wert ist keine gültige Währung.',
    country: 'Dieser Wert ist kein gültiges Land.',
    fileTooLarge: 'Die Datei ist zu groß ({size} {suffix}). Die maximal zulässige Größe beträgt {limit} {suffix}.',
    fileType: 'Der Dateityp ist ungültig ({type}). Erlaubte Dateitypen sind {types}.',
    imageTooWide: 'Die Bildbreite ist zu groß ({width}px). Die maximal zulässige Breite beträgt {maxWidth}px.',
    imageTooNarrow: 'Die Bildbreite ist zu gering ({width}px). Die erwartete Mindestbreite beträgt {minWidth}px.',
    imageTooHigh: 'Die Bildhöhe ist zu groß ({height}px). Die maximal zulässige Höhe beträgt {maxHeight}px.',
    imageTooLow: 'Die Bildhöhe ist zu gering ({height}px). Die erwartete Mindesthöhe beträgt {minHeight}px.',
    imageInvalid: 'Diese Datei ist kein gültiges Bild.',
    extraFields: 'Dieses Feld ist nicht vorgesehen.',
    invalid: 'Dieser Wert ist ungültig.',
    dataUrl: 'Die Datei muss als Data-URL (data:<Typ>;base64,…) gesendet werden.',
    referenceNotFound: '{label} mit der ID {id} wurde nicht gefunden.',
    malformedJson: 'Die Anfrage enthält kein gültiges JSON.',
    bodyNotObject: 'Die Anfrage muss ein JSON-Objekt enthalten.',
    invalidId: 'Die ID muss eine positive ganze Zahl sein.',
    /** PROPOSED: a NUL character or a broken UTF-16 surrogate, which no stored text can hold */
    invalidCharacters: 'Dieser Wert enthält unzulässige Zeichen.',
    /** PROPOSED */
    tooDeep: 'Die Anfrage ist zu tief verschachtelt.',
    /** PROPOSED (issue 19): the branch-manager role is held together with the employee role */
    branchManagerNeedsEmployee: 'Die Rolle Filialleitung setzt die Rolle Mitarbeiter voraus.',
    /** PROPOSED (issue 42): the content permission is granted to an employee */
    contentEditorNeedsEmployee: 'Die Rolle Website-Redaktion setzt die Rolle Mitarbeiter voraus.',
    /** PROPOSED (issue 44): the privacy permission is granted to an employee */
    privacyNeedsEmployee: 'Die Rolle Datenschutz setzt die Rolle Mitarbeiter voraus.',
  },
  typeNames: {
    string: 'Text',
    number: 'Zahl',
    int: 'ganze Zahl',
    boolean: 'Wahrheitswert',
    object: 'Objekt',
    array: 'Liste',
    date: 'Datum',
  },
  http: {
    notFound: 'Der angeforderte Datensatz wurde nicht gefunden.',
    resourceNotFound: '{label} wurde nicht gefunden.',
    routeNotFound: 'Die angeforderte Adresse existiert nicht.',
    /** PROPOSED: broken percent-encoding, a byte no URL may hold, an over-long path segment */
    badUrl: 'Die angeforderte Adresse ist ungültig.',
    /** PROPOSED: a request the HTTP parser rejects */
    badRequest: 'Die Anfrage ist ungültig.',
    payloadTooLarge: 'Die Anfrage ist zu groß.',
    unsupportedMediaType: 'Der Inhaltstyp der Anfrage wird nicht unterstützt.',
    tooManyRequests: 'Zu viele Anfragen. Bitte versuchen Sie es in {seconds} Sekunden erneut.',
    /** PROPOSED (issue 15, item 6; the spec has no abuse limits): anonymous orders past their thresholds */
    challengeRequired:
      'Von hier wurden in kurzer Zeit viele Bestellungen gesendet. Bitte bestätigen Sie die Sicherheitsprüfung und senden Sie die Bestellung erneut.',
    challengeInvalid:
      'Die Sicherheitsprüfung ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte senden Sie die Bestellung erneut.',
    tooManyOrdersPhone:
      'Mit dieser Telefonnummer wurden zu viele Bestellungen aufgegeben. Bitte versuchen Sie es in {minutes} Minuten erneut.',
    tooManyOrdersEmail:
      'Mit dieser E-Mail-Adresse wurden zu viele Bestellungen aufgegeben. Bitte versuchen Sie es in {minutes} Minuten erneut.',
    tooManyOrdersClient:
      'Von hier wurden zu viele Bestellungen aufgegeben. Bitte versuchen Sie es in {minutes} Minuten erneut.',
    serviceUnavailable: 'Der Dienst ist vorübergehend nicht erreichbar. Bitte versuchen Sie es später erneut.',
    internal: 'Ein interner Fehler ist aufgetreten. Fehlernummer: {errorId}',
    inUse: '{label} wird noch verwendet und kann nicht gelöscht werden.',
    duplicate: '{label} mit diesem Wert existiert bereits.',
    forbidden: 'Keine Rechte, um die Ressource anzufragen.',
    forbiddenBranch: 'Sie haben keinen Zugriff auf diese Filiale.',
    /** PROPOSED (issue 42 item 6): an employee changed a branch setting only administrators may change (403) */
    branchFieldAdminOnly: 'Die Einstellung „{field}“ der Filiale dürfen nur Administratoren ändern.',
  },
  /** backoffice-platform.md §8: login and auth messages (Symfony's German security wording) */
  auth: {
    invalidCredentials: 'Fehlerhafte Zugangsdaten.',
    accountExpired: 'Der Account ist abgelaufen.',
    accountDisabled: 'Der Account ist deaktiviert.',
    accountLocked: 'Der Account ist gesperrt.',
    invalidLoginLink: 'Ungültiger oder abgelaufener Anmelde-Link.',
    csrfInvalid: 'Ungültiges CSRF-Token.',
    noSession: 'Keine Session verfügbar, entweder ist diese abgelaufen oder Cookies sind nicht aktiviert.',
    tooManyAttemptsOne:
      'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in {minutes} Minute noch einmal.',
    tooManyAttempts:
      'Zu viele fehlgeschlagene Anmeldeversuche, bitte versuchen Sie es in {minutes} Minuten noch einmal.',
    unauthenticated: 'Es konnten keine Zugangsdaten gefunden werden.',
    loggedOut: 'Sie wurden abgemeldet.',
    /** PROPOSED: an administrator may not shut themselves out (delete, lock, disable or demote their own account) */
    cannotDeleteSelf: 'Sie können Ihr eigenes Benutzerkonto nicht löschen.',
    /** PROPOSED (issue 15, item 8; the spec has no two-factor login): the texts of TOTP login and enrolment */
    mfaCodeRequired: 'Bitte geben Sie den Code aus Ihrer Authenticator-App oder einen Wiederherstellungscode ein.',
    /** PROPOSED (issue 37 item 3; the spec has no abuse limits): logins for a username past its failures */
    challengeRequired:
      'Für diesen Benutzernamen gab es zuletzt viele fehlgeschlagene Anmeldeversuche. Bitte bestätigen Sie die Sicherheitsprüfung und melden Sie sich erneut an.',
    challengeInvalid:
      'Die Sicherheitsprüfung ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte melden Sie sich erneut an.',
    mfaCodeInvalid: 'Der Code ist ungültig oder wurde bereits verwendet.',
    mfaSetupRequired:
      'Als Administrator müssen Sie zuerst die Zwei-Faktor-Anmeldung einrichten (Kopfzeile → Zwei-Faktor-Anmeldung).',
    mfaNotStarted: 'Bitte starten Sie die Einrichtung der Zwei-Faktor-Anmeldung neu.',
    mfaAlreadyEnabled: 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.',
    mfaNotEnabled: 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.',
    mfaRequiredCannotDisable: 'Für Administratoren ist die Zwei-Faktor-Anmeldung vorgeschrieben.',
    cannotLockOutSelf:
      'Sie können Ihr eigenes Benutzerkonto nicht sperren, deaktivieren oder ihm die Administratorrechte entziehen.',
  },
  /** storefront-presenter.md: the rules' texts (used by @shop/domain) */
  shop: SHOP_TEXTS,
  /** storefront-presenter.md §2.1 and §8: page-level texts not tied to a rule */
  storefront: {
    notFoundTitle: '404 Not Found',
    notFoundText: 'Leider wurde die angeforderte Seite nicht gefunden.',
    internalErrorTitle: '500 Internal Server Error',
    internalErrorText: 'Leider ist ein interner Fehler aufgetreten.',
    installUnsupported:
      'Leider unterstützt Ihr Browser keine automatische Installation. Fügen Sie die App manuell über das Browser-Menü … zu Ihrem Home-Bildschirm hinzu.',
  },
  /** order service answers (storefront-presenter.md §5 and §8 texts live in `shop`) */
  order: {
    branchUnavailable: 'Diese Filiale nimmt derzeit keine Bestellungen entgegen.',
    deliveryMethodUnavailable: 'Diese Art der Lieferung wird von der Filiale nicht angeboten.',
    deliveryAreaUnknown: 'Bitte wählen Sie ein Liefergebiet der Filiale.',
    tableUnknown: 'Bitte wählen Sie einen Tisch der Filiale.',
    paymentMethodUnavailable: 'Diese Zahlungsart steht nicht zur Verfügung.',
    mustAccept: 'Bitte akzeptieren Sie diese Bedingungen.',
    productUnavailable: 'Das Produkt "{name}" ist derzeit nicht bestellbar.',
    productUnknown: 'Dieses Produkt wird in dieser Filiale nicht angeboten.',
    itemIncomplete: 'Bitte vervollständigen Sie die Auswahl für "{name}".',
    unitUnavailable: 'Diese Einheit ist für "{name}" nicht möglich.',
    /** PROPOSED: an amount off the product's step grid (storefront-presenter.md §5 snaps it in the browser) */
    amountOffStep: 'Bitte wählen Sie eine Menge in Schritten von {step} ab {minimum}.',
    donateeUnknown: 'Diese Organisation ist nicht auswählbar.',
    notFound: 'Die Bestellung wurde nicht gefunden.',
    /** PROPOSED (issue 42 item 4): a counter screen opened with a wrong or replaced key (403, not 'order not found') */
    screenKeyInvalid:
      'Der Schlüssel dieses Bildschirms ist ungültig oder wurde erneuert. Bitte öffnen Sie den aktuellen Link aus den Einstellungen der Filiale.',
    invalidTransition: 'Die Bestellung kann im aktuellen Status nicht {action} werden.',
    deliveryOnly: 'Nur Lieferungen können in Zustellung gesetzt werden.',
    /** PROPOSED */
    pickupOnly: 'Nur Abhol- und Vor-Ort-Bestellungen können abholbereit gesetzt werden.',
    /** PROPOSED */
    noPrinter:
      'Für die Filiale „{branch}“ ist kein Drucker eingerichtet. Bitte legen Sie unter Geräte einen Drucker an.',
    counterNotAllowed: 'Ein Gegenvorschlag ist nur möglich, solange die Bestellung weder bestätigt noch abgelehnt ist.',
    noCounterAppointment: 'Zu dieser Bestellung gibt es keinen offenen Terminvorschlag.',
    /** PROPOSED */
    counterInPast: 'Der vorgeschlagene Termin muss in der Zukunft liegen.',
    questionnaireNotAllowed: 'Eine Bewertung ist erst nach Abschluss der Bestellung möglich.',
    questionnaireDone: 'Diese Bestellung wurde bereits bewertet.',
    itemUnknown: 'Diese Position gibt es in der Bestellung nicht.',
    paidItemsLocked: 'Die Bestellung ist bereits bezahlt; ihre Positionen können nicht mehr geändert werden.',
    idempotencyMismatch: 'Der Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
    uploadMissing: 'Die hochgeladene Datei wurde nicht gefunden. Bitte laden Sie sie erneut hoch.',
    idempotencyInFlight: 'Diese Anfrage wird bereits verarbeitet. Bitte versuchen Sie es gleich noch einmal.',
  },
  /** online payments (the spec gives no wording for these; see ARCHITECTURE.md) */
  payment: {
    unavailable:
      'Die Online-Zahlung ist derzeit nicht möglich. Bitte versuchen Sie es gleich noch einmal oder wählen Sie eine andere Zahlungsart.',
    notOnline: 'Diese Bestellung wird nicht online bezahlt.',
    /** PROPOSED: a Datatrans webhook whose signature does not verify */
    invalidSignature: 'Die Signatur der Zahlungsnachricht ist ungültig.',
  },
  devices: {
    /** backoffice-platform.md §8 */
    testFailed: 'Test nicht erfolgreich.',
    /** PROPOSED (issue 42 item 4): a test print or notification for a disabled device (409) */
    testDisabled: 'Test nicht erfolgreich: Das Gerät ist deaktiviert. Bitte aktivieren Sie es zuerst.',
    unauthenticated: 'Das Gerät konnte nicht angemeldet werden: Kennung oder Schlüssel ist ungültig.',
  },
  /** signage commands; PROPOSED wording after §8's 'Befehl konnte nicht ausgeführt/abgebrochen werden.' */
  signage: {
    noOpenCommand: 'Befehl konnte nicht abgebrochen werden: Es läuft gerade kein Befehl.',
    deviceDisabled: 'Befehl konnte nicht ausgeführt werden: Der TV ist deaktiviert.',
    bulkTarget: 'Bitte wählen Sie genau eines: einzelne TVs, eine Filiale oder einen Stream.',
    noDevices: 'Befehl konnte nicht ausgeführt werden: Hier gibt es keinen aktivierten TV.',
    frameOrigin:
      'Bitte geben Sie eine Herkunft wie https://beispiel.at an (ohne Pfad; http nur für *.localhost beim Entwickeln).',
    frameOriginMissing: 'Die Herkunft der Adresse muss unter den erlaubten Herkünften stehen.',
  },
  /** content validation (sites, nodes, blocks, navigations, redirects); PROPOSED wording, the spec gives none */
  content: {
    unknownBlockType: 'Der Blocktyp „{type}“ ist auf dieser Seite nicht vorgesehen.',
    referenceMissing: 'Der Verweis zeigt auf einen Inhalt ({type} {id}), den es nicht gibt.',
    referenceWrongType: 'Hier ist ein Verweis auf {accepts} vorgesehen, nicht auf {type}.',
    path: 'Der Pfad muss mit / beginnen und darf nur Kleinbuchstaben, Ziffern, - und / enthalten.',
    layoutMismatch: 'Die Vorlage „{layout}“ gehört nicht zum Seitentyp „{type}“.',
    redirectShadowsSite: 'Unter diesem Pfad gibt es bereits eine Seite; eine Weiterleitung würde sie verdecken.',
    redirectLoop: 'Diese Weiterleitung würde im Kreis führen.',
    /** PROPOSED (issue 18): the target is itself the source of a redirect; the editor enters where it finally leads */
    redirectChain:
      'Unter „{target}“ gibt es bereits eine Weiterleitung nach „{final}“. Bitte geben Sie „{final}“ als Ziel an, damit keine Weiterleitungskette entsteht.',
    /** PROPOSED (issue 42): redirect targets and sources, links in content, the content permission */
    redirectTargetUnsafe:
      'Das Ziel muss ein Pfad dieser Website (z. B. /kontakt) oder eine Adresse mit http:// oder https:// sein; //…, \\…, javascript: und ähnliche Ziele sind nicht erlaubt.',
    redirectHostNotAllowed:
      'Weiterleitungen zu „{host}“ sind nicht freigegeben. Ein Administrator kann den Host für Weiterleitungen freigeben.',
    redirectSourceProtected: 'Die Startseite, die Kasse und der Bestellstatus können nicht weitergeleitet werden.',
    unsafeLink: 'Links mit javascript:, data: oder vbscript: sind nicht erlaubt.',
    editForbidden:
      'Sie haben keine Berechtigung, Website-Inhalte zu ändern. Ein Administrator kann sie Ihnen im Mitarbeiterprofil erteilen.',
    aiUnavailable: 'Die KI-Generierung ist nicht eingerichtet.',
    aiFailed: 'Die KI hat gerade keinen gültigen Inhalt geliefert. Bitte versuchen Sie es erneut.',
    fontsUnavailable: 'Die Schrift konnte gerade nicht geladen werden. Bitte versuchen Sie es später erneut.',
    /** form submissions (§5 "Bounds and messages of form field validation are not shown": PROPOSED) */
    formRequired: '„{label}“ ist ein Pflichtfeld.',
    formEmail: '„{label}“: Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    formPhone: '„{label}“: Bitte geben Sie eine gültige Nummer im Format {phone} an.',
    formOption: '„{label}“: Bitte wählen Sie eine der angebotenen Möglichkeiten.',
    formTooLong: '„{label}“ ist zu lang (höchstens {max} Zeichen).',
    formMailSubject: 'Neue Einsendung: {form}',
    /** an upload whose bytes are not of the type it claims, or of no accepted type */
    uploadTypeMismatch:
      'Die Datei ist kein {claimed}, sondern {actual}. Bitte laden Sie eine Datei eines erlaubten Typs hoch.',
    tooManyUploads: 'Zu viele Uploads. Bitte versuchen Sie es in {minutes} Minuten erneut.',
    /** image templates (backoffice-platform.md §8 names no text for these: PROPOSED) */
    templateImageMissing: 'Das Bild {id} der Ebene {layer} gibt es nicht.',
  },
  /** e-mail, SMS, receipt and device texts about an order (the workers and the device queues) */
  orderMessages: ORDER_MESSAGE_TEXTS,
  /** the time-tracking service's refusals of issue 41 (corrections, overnight work, absences, month close) */
  timeTrackingRefusals: TIME_TRACKING_MESSAGES,
  /** the statistics service's field errors of issue 41 (periods it cannot answer) */
  statistics: STATISTICS_TEXTS,
  /** time tracking (issue 19); PROPOSED wording, the spec gives only the §8 failure messages */
  timeTracking: {
    endBeforeStart: 'Das Ende darf nicht vor dem Beginn liegen.',
    pauseEndBeforeStart: 'Das Ende der Pause darf nicht vor ihrem Beginn liegen.',
    pauseOutside: 'Die Pausen müssen innerhalb der Aktivität liegen.',
    alreadyRunning: 'Es läuft bereits eine Aktivität. Bitte beenden Sie sie zuerst.',
    notRunning: 'Es läuft keine Aktivität, die pausiert werden könnte.',
    notPaused: 'Die Aktivität ist nicht pausiert und kann daher nicht fortgesetzt werden.',
    nothingToResume: 'Es gibt keine pausierte Aktivität, die fortgesetzt werden könnte.',
    noActivity: 'Es läuft keine Aktivität, die beendet werden könnte.',
    ownOnly: 'Sie können nur Ihre eigenen Aktivitäten sehen und ändern.',
    branchRequired: 'Bitte wählen Sie eine Filiale.',
    atInFuture: 'Der Zeitpunkt darf nicht in der Zukunft liegen.',
    atTooOld: 'Der Zeitpunkt darf höchstens 7 Tage zurückliegen.',
    atBeforeLast: 'Der Zeitpunkt liegt vor dem letzten Schritt der Aktivität.',
    rangeTooLong: 'Der Zeitraum darf höchstens 366 Tage umfassen.',
    fromAfterTo: 'Der Beginn des Zeitraums darf nicht nach seinem Ende liegen.',
    terminalUnknown: 'Dieses Zeiterfassungsterminal ist nicht registriert.',
    invalidToken: 'Benutzername oder Code ist ungültig.',
    projectUnknown: 'Dieses Projekt gibt es nicht.',
    taskUnknown: 'Diese Aufgabe gehört nicht zum gewählten Projekt.',
    /** working-time law warnings (never blocking) */
    lawDailyMaximum: 'Tägliche Höchstarbeitszeit von {limit} überschritten ({worked} gearbeitet).',
    lawBreak:
      'Bei {worked} Arbeitszeit ist eine Pause von mindestens {required} Minuten vorgeschrieben ({taken} Minuten genommen).',
    lawDailyRest: 'Die tägliche Ruhezeit von {limit} wurde unterschritten ({rest} seit dem letzten Arbeitsende).',
    lawWeeklyMaximum: 'Wöchentliche Höchstarbeitszeit von {limit} überschritten ({worked} gearbeitet).',
    /** the week planner: two shifts of one person at once */
    planOverlap: 'Die Schichten {first} und {second} am {date} überschneiden sich.',
  },
  /** system log entries (the statistics service writes them from events; the spec gives no wording) */
  logs: {
    jobFailed: 'Der {job} {jobId} ist nach {attempts} Versuchen endgültig fehlgeschlagen: {reason}',
    /** {job} of jobFailed, by queue */
    job_print: 'Druckauftrag',
    job_email: 'E-Mail-Auftrag',
    job_sms: 'SMS-Auftrag',
    printFailed: 'Der Drucker „{device}“ konnte {jobKey} nach {attempts} Versuchen nicht drucken: {reason}',
    paymentFailed: 'Die Zahlung ({provider}) der Bestellung {orderId} ist fehlgeschlagen.',
    paymentExpired: 'Die Zahlung ({provider}) der Bestellung {orderId} ist abgelaufen.',
    paymentCanceled: 'Die Zahlung ({provider}) der Bestellung {orderId} wurde abgebrochen.',
    internalError: 'Unerwarteter Fehler bei {method} {path} (Fehlernummer {errorId}).',
  },
  /** a customer's request for their data or its erasure (issue 44, identity's coordinator); PROPOSED wording */
  privacyRequests: {
    phoneInvalid: 'Dieser Wert ist keine gültige Telefonnummer.',
    servicesFailed:
      'Die Anfrage konnte nicht vollständig ausgeführt werden, weil diese Dienste nicht geantwortet haben: {services}. Bitte versuchen Sie es später erneut.',
    eraseIncomplete:
      'Die Löschung ist nicht vollständig, weil diese Dienste nicht geantwortet haben: {services}. Was bereits gelöscht wurde, bleibt gelöscht; bitte wiederholen Sie die Löschung später, um den Rest zu löschen.',
    downloadOtherStaff: 'Nur die Person, die den Export erstellt hat ({name}), kann ihn herunterladen.',
    exportDownloaded:
      'Dieser Export wurde am {at} bereits heruntergeladen und danach gelöscht. Bitte erstellen Sie bei Bedarf einen neuen Export.',
    exportExpired: 'Dieser Export ist am {at} abgelaufen und wurde gelöscht. Bitte erstellen Sie einen neuen Export.',
  },
  /** the mail catcher of `npm start` at /dev/mail (development only; the spec has no such page) */
  devMail: {
    title: 'Abgefangene E-Mails',
    intro: 'Alle E-Mails, die dieser lokale Start verschickt, landen hier statt bei den Empfängern.',
    empty: 'Noch keine E-Mails.',
    received: 'Empfangen',
    from: 'Von',
    to: 'An',
    subject: 'Betreff',
    noSubject: '(ohne Betreff)',
    back: 'Zurück zur Liste',
    showHtml: 'HTML-Ansicht',
    download: 'Als .eml herunterladen',
    attachments: 'Anhänge',
  },
  /** backoffice-platform.md §8 */
  backoffice: {
    initFailed: 'Daten konnten nicht geladen werden.',
    orderCancelFailed: 'Bestellung konnte nicht storniert werden.',
    orderStatusFailed: 'Bestellstatus konnte nicht geändert werden.',
    receiptPrintFailed: 'Beleg konnte nicht gedruckt werden.',
    paymentCheckFailed: 'Zahlungsstatus konnte nicht überprüft werden.',
    ratingFailed: 'Bewertung konnte nicht gesendet werden.',
    confirmationFailed: 'Bestätigung konnte nicht versendet werden.',
    statisticsFailed: 'Statistik konnte nicht geladen werden.',
    currentUserFailed: 'Aktiver Benutzer konnte nicht geladen werden.',
    configLoadFailed: 'Konfiguration konnte nicht geladen werden.',
    configSaveFailed: 'Konfiguration konnte nicht gespeichert werden.',
    devicesLoadFailed: 'Geräte konnten nicht geladen werden.',
    deviceTestFailed: 'Test nicht erfolgreich.',
    deviceLogFailed: 'Log konnte nicht angefordert werden.',
    commandFailed: 'Befehl konnte nicht ausgeführt werden.',
    commandAbortFailed: 'Befehl konnte nicht abgebrochen werden.',
    activityStartFailed: 'Aktivität konnte nicht gestartet werden.',
    activityEndFailed: 'Aktivität konnte nicht beendet werden.',
    activityPauseFailed: 'Aktivität konnte nicht pausiert werden.',
    activityResumeFailed: 'Aktivität konnte nicht fortgesetzt werden.',
    creditsFailed: 'Guthaben konnten nicht geladen werden.',
    holidayBalancesFailed: 'Urlaubskonten konnten nicht geladen werden.',
    balancesFailed: 'Zeitsalden konnten nicht geladen werden.',
  },
} as const;

/**
 * Nouns for the 'konnte nicht geladen/erstellt/aktualisiert/gelöscht werden' family of
 * backoffice-platform.md §8: singular for create/update/delete, plural for load.
 */
export const RESOURCE_NOUNS = {
  images: ['Bild', 'Bilder'],
  'image-templates': ['Bildvorlage', 'Bildvorlagen'],
  uploads: ['Upload', 'Uploads'],
  divisions: ['Organisation', 'Organisationen'],
  branches: ['Filiale', 'Filialen'],
  departments: ['Abteilung', 'Abteilungen'],
  menus: ['Menü', 'Menüs'],
  categories: ['Kategorie', 'Kategorien'],
  tags: ['Tag', 'Tags'],
  products: ['Produkt', 'Produkte'],
  orders: ['Bestellung', 'Bestellungen'],
  users: ['Benutzer', 'Benutzer'],
  logs: ['Log', 'Logs'],
  tables: ['Tisch', 'Tische'],
  sites: ['Seite', 'Seiten'],
  redirects: ['Redirect', 'Redirects'],
  nodes: ['Inhalt', 'Inhalte'],
  blocks: ['Inhalt', 'Inhalte'],
  donatees: ['Spendenempfänger', 'Spendenempfänger'],
  'working-activities': ['Aktivität', 'Aktivitäten'],
  'working-schedules': ['Planung', 'Planungen'],
  projects: ['Projekt', 'Projekte'],
  tasks: ['Aufgabe', 'Aufgaben'],
  scenes: ['Szene', 'Szenen'],
  'digital-signage-segments': ['Filmsequenz', 'Filmsequenzen'],
  'digital-signage-streams': ['Stream', 'Streams'],
  'digital-signage-devices': ['TV', 'TVs'],
  customers: ['Kunde', 'Kunden'],
  'external-users': ['Externer Benutzer', 'Externe Benutzer'],
  navigations: ['Navigation', 'Navigationen'],
  fonts: ['Schriftart', 'Schriftarten'],
  devices: ['Gerät', 'Geräte'],
  'working-time-settings': ['Arbeitszeitregel', 'Arbeitszeitregeln'],
} as const;
export type ResourceNounKey = keyof typeof RESOURCE_NOUNS;
