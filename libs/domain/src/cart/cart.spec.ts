import type { ConfigurationStep, StepOption } from '@shop/contracts';
import { branch, config, product } from '../../test/fixtures.js';
import {
  cartItemCount,
  cartToggleText,
  emptyCart,
  isOrderButtonDisabled,
  removeCartItem,
  saveCartItem,
} from './cart.js';
import {
  deliveryMethodFlags,
  deliveryMethodOf,
  enabledDeliveryMethods,
  initialDeliveryArea,
  initialDeliveryMethod,
  isDeliveryMethodEnabled,
} from './delivery-method.js';
import { migrateCart, productMatches } from './migration.js';
import { openAlternativeMethods, submitLabel } from './submit.js';
import type { Upload } from './types.js';
import {
  acceptAttribute,
  acceptedExtensions,
  allowsMultipleFiles,
  hasPreview,
  isAcceptedFile,
  isUploadStep,
  uploadFailureMessage,
} from './uploads.js';
import {
  canGoToNextStep,
  invalidSteps,
  isCartItemValid,
  isLastStep,
  isPartEmpty,
  isStepValid,
  toggleMultiselectOption,
  toggleSelectOption,
} from './validation.js';

const option = (name: string, value = 1): StepOption => ({ name, modifier: 'add', value });
const upload: Upload = { id: 1, version: 0, extension: 'png', publicHash: 'abc', mimeType: 'image/png' };
const step = (type: ConfigurationStep['type'], optional = false) => ({ type, optional });

describe('§5 Cart item: "a required step (optional false) fails when a select, text or textarea value is empty or when a multiselect, file(s) or image(s) list is empty"', () => {
  it('text and textarea: empty (or blank) fails', () => {
    for (const type of ['text', 'textarea'] as const) {
      expect(isStepValid(step(type), '')).toBe(false);
      expect(isStepValid(step(type), '   ')).toBe(false);
      expect(isStepValid(step(type), undefined)).toBe(false);
      expect(isStepValid(step(type), 'ohne Zwiebel')).toBe(true);
    }
  });

  it("text and textarea: longer than the step's maxLength fails, also when optional (the cake's 40 characters)", () => {
    for (const type of ['text', 'textarea'] as const) {
      const limited = { type, optional: true, maxLength: 40 };
      expect(isStepValid(limited, 'a'.repeat(40))).toBe(true);
      expect(isStepValid(limited, 'a'.repeat(41))).toBe(false);
      // characters, not UTF-16 units: 40 emoji are 40 characters
      expect(isStepValid(limited, '🎂'.repeat(40))).toBe(true);
      expect(isStepValid({ ...limited, maxLength: null }, 'a'.repeat(500))).toBe(true);
    }
  });

  it('select: no chosen option fails', () => {
    expect(isStepValid(step('select'), null)).toBe(false);
    expect(isStepValid(step('select'), undefined)).toBe(false);
    expect(isStepValid(step('select'), 'Groß')).toBe(false);
    expect(isStepValid(step('select'), [option('a')])).toBe(false);
    expect(isStepValid(step('select'), option('Groß'))).toBe(true);
  });

  it('multiselect, image, images, file, files: an empty list fails', () => {
    expect(isStepValid(step('multiselect'), [])).toBe(false);
    expect(isStepValid(step('multiselect'), null)).toBe(false);
    expect(isStepValid(step('multiselect'), [option('Käse')])).toBe(true);
    for (const type of ['image', 'images', 'file', 'files'] as const) {
      expect(isStepValid(step(type), [])).toBe(false);
      expect(isStepValid(step(type), undefined)).toBe(false);
      expect(isStepValid(step(type), [upload])).toBe(true);
    }
    expect(isStepValid(step('image'), upload)).toBe(true);
    expect(isPartEmpty({ type: 'multiselect' }, upload)).toBe(true);
  });

  it('an optional step is always valid', () => {
    for (const type of ['text', 'textarea', 'image', 'images', 'file', 'files', 'select', 'multiselect'] as const) {
      expect(isStepValid(step(type, true), undefined)).toBe(true);
    }
  });

  const configurable = product({
    type: 'configurable',
    config: {
      parts: {
        size: { type: 'select', name: 'Größe', optional: false, options: [option('Klein'), option('Groß')] },
        extras: { type: 'multiselect', name: 'Extras', optional: true, options: [option('Käse')] },
        note: { type: 'textarea', name: 'Anmerkung', optional: false },
      },
    },
  });

  it('"Amount must be greater than 0. For configurable products every step must be valid"', () => {
    expect(
      isCartItemValid({ product: configurable, amount: 1, parts: { size: option('Klein'), note: 'bitte schneiden' } }),
    ).toBe(true);
    expect(isCartItemValid({ product: configurable, amount: 0, parts: { size: option('Klein'), note: 'x' } })).toBe(
      false,
    );
    expect(
      isCartItemValid({ product: configurable, amount: Number.NaN, parts: { size: option('Klein'), note: 'x' } }),
    ).toBe(false);
    expect(isCartItemValid({ product: configurable, amount: 1, parts: { size: option('Klein') } })).toBe(false);
    expect(invalidSteps(configurable, { note: 'x' })).toEqual(['size']);
    expect(invalidSteps(configurable, undefined)).toEqual(['size', 'note']);
    expect(isCartItemValid({ product: product(), amount: 2 })).toBe(true);
  });

  it('"In step-by-step mode \'next\' is possible only when the current step is valid."', () => {
    expect(canGoToNextStep(configurable, {}, 0)).toBe(false);
    expect(canGoToNextStep(configurable, { size: option('Groß') }, 0)).toBe(true);
    expect(canGoToNextStep(configurable, {}, 1)).toBe(true);
    expect(canGoToNextStep(configurable, {}, 2)).toBe(false);
    expect(canGoToNextStep(configurable, {}, 3)).toBe(false);
    expect(isLastStep(configurable, 1)).toBe(false);
    expect(isLastStep(configurable, 2)).toBe(true);
  });

  it('"An optional single-select step can be deselected by clicking the chosen option again."', () => {
    expect(toggleSelectOption(step('select', true), option('Groß'), option('Groß'))).toBeNull();
    expect(toggleSelectOption(step('select', false), option('Groß'), option('Groß'))).toEqual(option('Groß'));
    expect(toggleSelectOption(step('select', true), option('Klein'), option('Groß'))).toEqual(option('Groß'));
    expect(toggleSelectOption(step('select', true), null, option('Groß'))).toEqual(option('Groß'));
    expect(toggleMultiselectOption([option('Käse')], option('Speck')).map((o) => o.name)).toEqual(['Käse', 'Speck']);
    expect(toggleMultiselectOption([option('Käse')], option('Käse'))).toEqual([]);
    expect(toggleMultiselectOption(undefined, option('Käse'))).toEqual([option('Käse')]);
  });
});

describe('§9 "Cart item count: items with weight, volume or length-type units count by amount; otherwise 1 per line."', () => {
  it('counts by amount for weight, volume, length; else 1 per line', () => {
    expect(cartItemCount([])).toBe(0);
    expect(
      cartItemCount([
        { amount: 3, unit: 'piece' },
        { amount: 2, unit: 'serving' },
      ]),
    ).toBe(2);
    expect(
      cartItemCount([
        { amount: 0.5, unit: 'kilogram' },
        { amount: 0.2, unit: 'liter' },
        { amount: 1.5, unit: 'meter' },
      ]),
    ).toBe(2.2);
    expect(
      cartItemCount([
        { amount: 2, unit: 'squareMeter' },
        { amount: 4, unit: 'cubicMeter' },
        { amount: 5, unit: 'package' },
      ]),
    ).toBe(3);
  });

  it("§2.5 \"'Keine Produkte im Warenkorb', '1 Produkt im Warenkorb', 'N Produkte im Warenkorb', or 'Warenkorb ausblenden' when open\"", () => {
    expect(cartToggleText(0)).toBe('Keine Produkte im Warenkorb');
    expect(cartToggleText(1)).toBe('1 Produkt im Warenkorb');
    expect(cartToggleText(4)).toBe('4 Produkte im Warenkorb');
    expect(cartToggleText(2.5)).toBe('2,5 Produkte im Warenkorb');
    expect(cartToggleText(4, true)).toBe('Warenkorb ausblenden');
  });
});

describe('§4 Cart', () => {
  it('"Saving a configured item appends it or replaces the item at the edited index."', () => {
    expect(saveCartItem(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(saveCartItem(['a', 'b'], 'c', 0)).toEqual(['c', 'b']);
    expect(saveCartItem(['a', 'b'], 'c', 5)).toEqual(['a', 'b', 'c']);
    expect(saveCartItem(['a', 'b'], 'c', null)).toEqual(['a', 'b', 'c']);
    expect(removeCartItem(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('"Emptying the cart clears the items and resets appointment and comment."', () => {
    const cart = {
      items: [{ product: product(), amount: 1, unit: 'piece' as const }],
      isDelivery: true,
      isDineIn: false,
      deliveryArea: null,
      order: { appointment: '2026-03-30T10:00:00Z', comment: 'Hallo' },
    };
    expect(emptyCart(cart)).toEqual({ ...cart, items: [], order: { appointment: null, comment: null } });
  });

  it('§2.5 "Order button … disabled when the cart is empty or the delivery minimum is not reached."', () => {
    expect(isOrderButtonDisabled([], true)).toBe(true);
    expect(isOrderButtonDisabled([{ product: product(), amount: 1, unit: 'piece' }], false)).toBe(true);
    expect(isOrderButtonDisabled([{ product: product(), amount: 1, unit: 'piece' }], true)).toBe(false);
    // the checkout would offer no submit (e.g. delivery closed, no preorder): no way into a dead-end form
    expect(isOrderButtonDisabled([{ product: product(), amount: 1, unit: 'piece' }], true, false)).toBe(true);
  });

  it('"items whose product no longer matches an active product on id, name, description and price are removed"', () => {
    const p = product({ id: 1, name: 'Pizza', description: 'mit Käse', price: 9 });
    const items = [
      { product: p, amount: 1 },
      { product: { ...p, id: 2 }, amount: 1 },
    ];
    expect(
      migrateCart(items, [p, product({ id: 2, name: 'Pizza', description: 'mit Käse', price: 9 })]).items,
    ).toHaveLength(2);
    const cases = [
      [{ name: 'Pasta' }, 'changed'],
      [{ description: 'ohne Käse' }, 'changed'],
      [{ price: 9.5 }, 'priceChanged'],
    ] as const;
    for (const [changed, reason] of cases) {
      const result = migrateCart(items, [
        { ...p, ...changed },
        { ...p, id: 2 },
      ]);
      expect(result.items.map((i) => i.product.id)).toEqual([2]);
      // the customer is told which item went and why
      expect(result.removed.map((r) => [r.item.product.id, r.reason])).toEqual([[1, reason]]);
    }
    expect(migrateCart(items, []).items).toEqual([]);
    expect(migrateCart(items, []).removed.map((r) => r.reason)).toEqual(['unavailable', 'unavailable']);
    expect(productMatches({ ...p, description: null }, { ...p, description: null })).toBe(true);
  });
});

describe('§4 "The default delivery method from config is applied when none was persisted for the branch and the branch enables it. The first delivery area is preselected when none is set."', () => {
  const b = branch({ isTakeawayEnabled: true, isDeliveryEnabled: true, isDineInEnabled: false });

  it('§2.5 offers only enabled types (takeaway, delivery, dine-in)', () => {
    expect(enabledDeliveryMethods(b)).toEqual(['takeaway', 'delivery']);
    expect(
      enabledDeliveryMethods({ isTakeawayEnabled: false, isDeliveryEnabled: false, isDineInEnabled: true }),
    ).toEqual(['dineIn']);
    expect(isDeliveryMethodEnabled(b, 'dineIn')).toBe(false);
  });

  it('persisted method first, then the config default, then the first enabled', () => {
    expect(
      initialDeliveryMethod({
        branch: b,
        config: config({ defaultDeliveryMethod: 'delivery' }),
        persisted: 'takeaway',
      }),
    ).toBe('takeaway');
    expect(initialDeliveryMethod({ branch: b, config: config({ defaultDeliveryMethod: 'delivery' }) })).toBe(
      'delivery',
    );
    expect(
      initialDeliveryMethod({ branch: b, config: config({ defaultDeliveryMethod: 'dineIn' }), persisted: 'dineIn' }),
    ).toBe('takeaway');
    expect(
      initialDeliveryMethod({
        branch: { isTakeawayEnabled: false, isDeliveryEnabled: false, isDineInEnabled: false },
        config: config(),
      }),
    ).toBeNull();
  });

  it('"the latter two set isDelivery or isDineIn"', () => {
    expect(deliveryMethodFlags('delivery')).toEqual({ isDelivery: true, isDineIn: false });
    expect(deliveryMethodFlags('dineIn')).toEqual({ isDelivery: false, isDineIn: true });
    expect(deliveryMethodFlags('takeaway')).toEqual({ isDelivery: false, isDineIn: false });
    expect(deliveryMethodOf({ isDelivery: true })).toBe('delivery');
    expect(deliveryMethodOf({ isDineIn: true })).toBe('dineIn');
    expect(deliveryMethodOf({})).toBe('takeaway');
  });

  it('the first area is preselected; a set area is kept while the branch has it', () => {
    const areas = [{ area: 'Wien' }, { area: 'Graz' }];
    expect(initialDeliveryArea(areas)).toEqual({ area: 'Wien' });
    expect(initialDeliveryArea(areas, { area: 'Graz' })).toBe(areas[1]);
    expect(initialDeliveryArea(areas, { area: 'Linz' })).toBe(areas[0]);
    expect(initialDeliveryArea([], null)).toBeNull();
  });
});

describe("§2.7 \"Submit label: 'Angebotsanfrage abschicken' if the branch requires a quotation; otherwise 'Bestellung abschicken' when the branch is open (for delivery: minimum met and delivery open); otherwise 'Vorbestellung abschicken' when preorder is enabled.\"", () => {
  const input = {
    branch: { isQuotationRequired: false, isPreorderEnabled: false },
    deliveryMethod: 'takeaway' as const,
    isOpen: true,
    isDeliveryOpen: true,
    minimumReached: true,
  };
  it('quotation first', () => {
    expect(
      submitLabel({ ...input, branch: { isQuotationRequired: true, isPreorderEnabled: true }, isOpen: false }),
    ).toBe('Angebotsanfrage abschicken');
  });
  it('open: order', () => {
    expect(submitLabel(input)).toBe('Bestellung abschicken');
    expect(submitLabel({ ...input, deliveryMethod: 'delivery' })).toBe('Bestellung abschicken');
  });
  it('delivery closed or branch closed: preorder when enabled, else nothing', () => {
    expect(submitLabel({ ...input, deliveryMethod: 'delivery', isDeliveryOpen: false })).toBeNull();
    expect(
      submitLabel({
        ...input,
        deliveryMethod: 'delivery',
        isDeliveryOpen: false,
        branch: { isQuotationRequired: false, isPreorderEnabled: true },
      }),
    ).toBe('Vorbestellung abschicken');
    expect(
      submitLabel({ ...input, isOpen: false, branch: { isQuotationRequired: false, isPreorderEnabled: true } }),
    ).toBe('Vorbestellung abschicken');
    expect(submitLabel({ ...input, isOpen: false })).toBeNull();
  });
  it('§5 "the checkout submit is hidden" while the delivery minimum is not reached', () => {
    expect(
      submitLabel({
        ...input,
        deliveryMethod: 'delivery',
        minimumReached: false,
        branch: { isQuotationRequired: false, isPreorderEnabled: true },
      }),
    ).toBeNull();
    expect(submitLabel({ ...input, minimumReached: false })).toBe('Bestellung abschicken');
  });
});

describe('§5 Upload', () => {
  it('"Accepted types by default: .txt, .csv, .gif, .jpg, .jpeg, .png, .svg, .mp4, .mpeg, .webm, .zip, .pdf, .doc, .docx, .xls, .xlsx, .ppt, .pptx."', () => {
    expect(acceptedExtensions('files')).toEqual([
      '.txt',
      '.csv',
      '.gif',
      '.jpg',
      '.jpeg',
      '.png',
      '.svg',
      '.mp4',
      '.mpeg',
      '.webm',
      '.zip',
      '.pdf',
      '.doc',
      '.docx',
      '.xls',
      '.xlsx',
      '.ppt',
      '.pptx',
    ]);
    expect(acceptedExtensions('file')).toBe(acceptedExtensions('files'));
    expect(isAcceptedFile('file', 'Angebot.PDF')).toBe(true);
    expect(isAcceptedFile('file', 'virus.exe')).toBe(false);
    expect(isAcceptedFile('file', 'README')).toBe(false);
  });
  it('"Image parts accept only .jpg, .jpeg, .png, .gif."', () => {
    expect(acceptedExtensions('image')).toEqual(['.jpg', '.jpeg', '.png', '.gif']);
    expect(acceptAttribute('images')).toBe('.jpg,.jpeg,.png,.gif');
    expect(isAcceptedFile('images', 'logo.svg')).toBe(false);
  });
  it('"Multiple files only for \'images\' and \'files\'." "Previews for jpeg, png, gif."', () => {
    expect(['image', 'images', 'file', 'files'].map((t) => allowsMultipleFiles(t as 'image'))).toEqual([
      false,
      true,
      false,
      true,
    ]);
    expect(isUploadStep('files')).toBe(true);
    expect(isUploadStep('select')).toBe(false);
    expect(['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml', 'application/pdf'].map(hasPreview)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
  it('"Failure alert: \'Die ausgewählte Datei "{filename}" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.\'"', () => {
    expect(uploadFailureMessage('plan.dwg')).toBe(
      'Die ausgewählte Datei "plan.dwg" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.',
    );
  });
});

describe('the open alternatives of a closed delivery method (one click out of a dead end)', () => {
  const input = {
    branch: { isQuotationRequired: false, isPreorderEnabled: false },
    deliveryMethod: 'delivery' as const,
    methods: ['takeaway', 'delivery', 'dineIn'] as const,
    isOpen: true,
    isDeliveryOpen: false,
  };
  it('delivery closed while the branch is open: takeaway and dine-in', () => {
    expect(openAlternativeMethods({ ...input, methods: [...input.methods] })).toEqual(['takeaway', 'dineIn']);
    expect(openAlternativeMethods({ ...input, methods: ['delivery'] })).toEqual([]);
  });
  it('the branch closed without preorder: none', () => {
    expect(openAlternativeMethods({ ...input, methods: [...input.methods], isOpen: false })).toEqual([]);
  });
});
