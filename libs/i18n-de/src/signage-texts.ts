/**
 * The back office's TV set-up texts (issue 42): a TV's sign-in link and QR code, a new key, why a TV is idle, and
 * the signage screens' labels that were English or missing (PROPOSED wording).
 */
export const SIGNAGE_TV_TEXTS = {
  newDevice: 'Neuer TV',
  createDevice: 'TV anlegen',
  identifierHelp: 'Kleinbuchstaben, Ziffern und Bindestriche, z. B. tv-theke-1.',
  sceneNone: 'keine Szene',
  created: 'TV angelegt.',
  setupTitle: 'TV einrichten: {name}',
  setupOnce:
    'Öffnen Sie diesen Link im Browser des TVs oder scannen Sie den QR-Code: der TV ist dann angemeldet. Der Link enthält den Schlüssel des TVs und wird nur jetzt angezeigt.',
  setupLink: 'Anmeldelink',
  qrAlt: 'QR-Code zum Anmelden von {name}',
  copyLink: 'Link kopieren',
  copied: 'Link kopiert.',
  setupDone: 'Fertig',
  rotateKey: 'Schlüssel erneuern',
  /** the row's button (its name starts with what it shows) and its confirmation's title */
  rotateKeyOf: 'Schlüssel erneuern: {name}',
  rotateTitle: 'Schlüssel von {name} erneuern',
  rotateConfirm:
    'Neuen Schlüssel für {name} erzeugen? Der TV wird sofort abgemeldet und muss mit dem neuen Link wieder angemeldet werden.',
  rotated: 'Neuer Schlüssel erzeugt: {name} ist abgemeldet.',
  rotateFailed: 'Der Schlüssel konnte nicht erneuert werden.',
  display: 'Anzeige',
  playing: 'zeigt die Szene',
  idle: 'Ruhebildschirm: {reason}',
  idleReasons: {
    disabled: 'TV deaktiviert',
    'outside-schedule': 'außerhalb der Einschaltzeiten',
    'screen-off': 'per Befehl ausgeschaltet',
    'no-scene': 'keine Szene zugeordnet',
  },
  /** the segments' transitions */
  transitions: { none: 'Ohne', fade: 'Überblenden', slide: 'Einschieben' },
  /** the label of the new stream's name */
  newStreamName: 'Name des neuen Streams',
} as const;
