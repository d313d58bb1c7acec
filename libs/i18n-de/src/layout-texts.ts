/**
 * German texts of the layout both websites share (@shop/web-shared: pages, header, footer, cookie banner,
 * lightbox, app overlays; storefront-presenter.md §2.1, §2.2, §2.9, §4; the install prompt's are install-texts.ts).
 * A catalogue of its own so that the presenter's first load carries these and not the whole storefront catalogue,
 * which spreads them in. Texts quoted in the spec are verbatim; PROPOSED ones have no wording in the spec.
 */
export const layoutTexts = {
  /* §2.1 pages */
  notFoundTitle: '404 Not Found',
  notFoundText: 'Leider wurde die angeforderte Seite nicht gefunden.',
  /** PROPOSED — the 404 page's way back */
  toStartPage: 'Zur Startseite',
  internalErrorTitle: '500 Internal Server Error',
  internalErrorText: 'Leider ist ein interner Fehler aufgetreten.',
  /** PROPOSED */
  loading: 'Wird geladen …',
  /** backoffice-platform.md §8 "Init": the start-up batch (/api/init) could not be loaded */
  loadFailed: 'Daten konnten nicht geladen werden.',
  /** PROPOSED */
  reload: 'Neu laden',
  /** §2.1 self-service screensaver */
  screensaver: 'Tippen um zu bestellen',

  /* §2.2 layout */
  contactUs: 'Kontaktieren Sie uns',
  contactUsFooter: 'Kontaktieren Sie uns!',
  contactButton: 'Kontakt',
  contactButtonCancel: 'Abbrechen',
  call: 'Anrufen',
  directionsInquiry: 'Anfahrt/Anfrage senden',
  /** PROPOSED */
  menu: 'Menü',
  /** PROPOSED */
  closeMenu: 'Menü schließen',
  /** PROPOSED */
  mainNavigation: 'Hauptnavigation',
  /** PROPOSED */
  footerNavigation: 'Fußzeilennavigation',
  /** PROPOSED */
  skipToContent: 'Zum Inhalt springen',
  /** PROPOSED */
  home: 'Startseite',
  /** PROPOSED */
  orderOnline: 'Online bestellen',
  /** PROPOSED (footer link labels of backoffice-platform.md §2) */
  terms: 'AGB',
  privacy: 'Datenschutz',
  imprint: 'Impressum',
  allergens: 'Allergene',
  contact: 'Kontakt',
  installApp: 'App installieren',
  cookieAccept: 'Akzeptieren',
  cookieMore: 'Mehr erfahren',
  /** PROPOSED — refusing as easy as accepting (ePrivacy, GDPR) */
  cookieRefuse: 'Ablehnen',
  /** PROPOSED */
  cookieText: 'Wir verwenden Cookies, um Ihnen die bestmögliche Nutzung unserer Website zu ermöglichen.',
  /** PROPOSED */
  cookieBannerLabel: 'Cookie-Hinweis',
  /** PROPOSED */
  toolbarLabel: 'Standortstatus',
  /** PROPOSED lightbox controls */
  lightboxLabel: 'Bildergalerie',
  previous: 'Zurück',
  next: 'Weiter',
  close: 'Schließen',
  /** PROPOSED §2.2 front-end tools panel (ROLE_ADMIN); the spec names no tools */
  adminTools: 'Werkzeuge',
  adminToolsLabel: 'Werkzeuge für Administratoren',
  editInBackoffice: 'Im Backend bearbeiten',
  reloadData: 'Daten neu laden',
  dataReloaded: 'Die Daten wurden neu geladen.',
  /** PROPOSED §2.2 draft (non-public) pages, seen by staff only */
  draftNote: 'Entwurf: Diese Seite ist nicht öffentlich.',
  /** PROPOSED */
  phoneLabel: 'Telefon',
  /** PROPOSED */
  emailLabel: 'E-Mail',
  /** PROPOSED */
  websiteLabel: 'Website',

  /* §4 app flow (the install prompt's texts: install-texts.ts) */
  restartApp: 'App neustarten',
  offlineTitle: 'Sie sind offline',
  offlineText: 'Bitte überprüfen Sie Ihre Internetverbindung.',

  /* §2.9 app shell overlays */
  updateTitle: 'Ein Update wurde installiert!',
  updateText: 'Starten Sie die App neu um die aktuelle Version zu erhalten.',
  /** also the contact form's 'Erneut versuchen' (§4) */
  retry: 'Erneut versuchen',
  /** PROPOSED: the footer's list of home, legal and contact links (a landmark of its own name) */
  legalNavigation: 'Rechtliches und Kontakt',
} as const;

export type LayoutTextKey = keyof typeof layoutTexts;
