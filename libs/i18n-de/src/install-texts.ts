/**
 * German texts of the install prompt and its instructions (storefront-presenter.md §2.9, §4), shown by both
 * websites' lazy PWA layers (@shop/web-shared InstallPrompt): a catalogue of its own, apart from layoutTexts, so that
 * neither first load carries them. Texts quoted in the spec are verbatim; PROPOSED ones have no wording in the spec.
 */
export const installTexts = {
  installTitle: '{shopName} als App installieren?',
  install: 'Installieren',
  notNow: 'Jetzt nicht',
  installInstructionsTitle: 'Fast geschafft!',
  /** PROPOSED (§2.9 names the native variant's buttons, not its sentence) */
  installNativeText: 'Bestätigen Sie die Installation im Dialog Ihres Browsers.',
  installComplete: 'Installation abschliessen',
  installRunning: 'Installation läuft',
  installCancel: 'Abbrechen',
  /** PROPOSED (§2.9: "iPad or iPhone steps via the share icon and 'Zum Home-Bildschirm'") */
  installAppleShare: 'Tippen Sie in der Leiste Ihres Browsers auf das Teilen-Symbol.',
  /** PROPOSED */
  installAppleHome: "Wählen Sie 'Zum Home-Bildschirm' und bestätigen Sie mit 'Hinzufügen'.",
  installUnsupported:
    'Leider unterstützt Ihr Browser keine automatische Installation. Fügen Sie die App manuell über das Browser-Menü … zu Ihrem Home-Bildschirm hinzu.',
} as const;

export type InstallTextKey = keyof typeof installTexts;
