/** The player's German texts (the pickup board's states are the order status names of the storefront). */
export const TEXTS = {
  inProgress: 'Wird bearbeitet',
  ready: 'Abholbereit',
  soldOut: 'Ausverkauft',
  setupTitle: 'TV anmelden',
  identifier: 'Kennung',
  key: 'Schlüssel',
  signIn: 'Anmelden',
  noScene: 'Diesem TV ist keine Szene zugeordnet.',
  /** issue 42: the calm screen outside the TV's hours (logo and clock) */
  idle: 'Ruhebildschirm',
  signInFailed: 'Das Gerät konnte nicht angemeldet werden: Kennung oder Schlüssel ist ungültig.',
  screenshotFailed: 'Das Bildschirmfoto konnte nicht aufgenommen werden.',
  previewFailed: 'Die Vorschau konnte nicht geladen werden.',
  previewEmpty: 'Dieser Stream hat keine Filmsequenzen.',
  pickupBoardPreview: 'Abholtafel (zeigt am TV die Bestellungen seiner Filiale)',
  menuBoardPreview: 'Menütafel (zeigt am TV das Menü seiner Filiale)',
} as const;
