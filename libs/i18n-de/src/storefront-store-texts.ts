/**
 * German texts of the storefront's branch page (storefront-presenter.md §2.5 order page and cart, §2.6 item
 * configuration): loaded with the branch page's chunk, not with the first load (storefront-texts.ts).
 */
export const storefrontStoreTexts = {
  /* §2.5 branch page */
  /** PROPOSED — the branch page's weekly hours and address (same table as the home page) */
  branchInfoHeading: 'Öffnungszeiten und Kontakt',
  /** PROPOSED */
  categoriesLabel: 'Kategorien',
  /** PROPOSED */
  cartHeading: 'Warenkorb',
  /** PROPOSED */
  deliveryMethodTakeaway: 'Abholung',
  /** PROPOSED */
  deliveryMethodDelivery: 'Lieferung',
  /** PROPOSED */
  deliveryMethodDineIn: 'Vor Ort essen',
  /** PROPOSED — §2.5 "Hints show … the free-delivery threshold"; §5 free only when gross exceeds it (so not 'ab') */
  freeDeliveryFrom: 'Bei einem Bestellwert über {amount} liefern wir kostenlos.',
  /** PROPOSED — §5 "a hint to add goods or choose another delivery type" */
  minimumOrderHint: 'Bitte fügen Sie weitere Produkte hinzu oder wählen Sie eine andere Art der Lieferung.',
  /** PROPOSED — §4 delivery closed: the takeaway / dine-in alternative hint */
  alternativeTakeaway: 'Sie können Ihre Bestellung aber gerne abholen.',
  alternativeDineIn: 'Sie können aber gerne bei uns vor Ort essen.',
  /** PROPOSED — §4 the catalogue reload removed a cart item: which one and why */
  cartItemRemovedPrice:
    '„{name}“ wurde aus dem Warenkorb entfernt, weil sich der Preis geändert hat. Bitte fügen Sie es erneut hinzu.',
  cartItemRemovedChanged:
    '„{name}“ wurde aus dem Warenkorb entfernt, weil sich das Produkt geändert hat. Bitte fügen Sie es erneut hinzu.',
  cartItemRemovedUnavailable: '„{name}“ wurde aus dem Warenkorb entfernt, weil es nicht mehr erhältlich ist.',
  /** PROPOSED — the cart's one-click way from a closed delivery method to an open one */
  switchToTakeaway: 'Stattdessen abholen',
  switchToDineIn: 'Stattdessen vor Ort essen',
  switchToDelivery: 'Stattdessen liefern lassen',
  /** PROPOSED */
  productUnavailable: 'Derzeit nicht verfügbar',
  /** PROPOSED — with preorder: a product whose schedule opens later */
  preorderableFrom: 'Vorbestellbar ab {when} Uhr',
  /** PROPOSED */
  configure: 'Auswählen',
  /** PROPOSED */
  allergensLabel: 'Allergene: {allergens}',
  /** PROPOSED */
  showImages: 'Bilder von {name} anzeigen',

  /* §2.6 configuration overlay */
  /** PROPOSED */
  decrease: 'Menge verringern',
  /** PROPOSED */
  increase: 'Menge erhöhen',
  /** PROPOSED */
  unit: 'Einheit',
  /** PROPOSED */
  optional: '(optional)',
  /** PROPOSED */
  stepOf: 'Schritt {n} von {total}',
  /** PROPOSED */
  chooseFile: 'Datei auswählen',
  /** PROPOSED */
  chooseFiles: 'Dateien auswählen',
  /** PROPOSED */
  uploading: 'Datei wird hochgeladen …',
  /** PROPOSED the visible text of an uploaded file's remove button */
  removeUploadButton: 'Entfernen',
  /** PROPOSED */
  removeUpload: '{name} entfernen',
  /** PROPOSED */
  linePrice: 'Preis',
} as const;
