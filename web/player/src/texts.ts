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
  signInFailed: 'Das Gerät konnte nicht angemeldet werden: Kennung oder Schlüssel ist ungültig.',
  screenshotUnsupported: 'Bildschirmfotos werden von diesem Player nicht unterstützt.',
} as const;
