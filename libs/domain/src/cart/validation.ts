/**
 * §5 "Cart item. Amount must be greater than 0. For configurable products every step must be valid: a
 * required step (optional false) fails when a select, text or textarea value is empty or when a
 * multiselect, file(s) or image(s) list is empty. In step-by-step mode 'next' is possible only when the
 * current step is valid. An optional single-select step can be deselected by clicking the chosen option
 * again."
 */
import type { ConfigurationStep, Product } from '@shop/contracts';
import type { CartParts, OptionLike, PartValue } from './types.js';

export type StepLike = Pick<ConfigurationStep, 'type'> & { optional?: boolean; maxLength?: number | null };

/** Whether a part value counts as empty for its step type (text: blank after trimming). */
export function isPartEmpty(step: Pick<ConfigurationStep, 'type'>, value: PartValue): boolean {
  switch (step.type) {
    case 'text':
    case 'textarea':
      return typeof value !== 'string' || value.trim() === '';
    case 'select':
      return value === null || value === undefined || typeof value !== 'object' || Array.isArray(value);
    case 'multiselect':
    case 'image':
    case 'images':
    case 'file':
    case 'files':
      if (Array.isArray(value)) return value.length === 0;
      // a single upload object for image/file parts counts as a list of one
      return !(step.type !== 'multiselect' && typeof value === 'object' && value !== null && 'publicHash' in value);
  }
}

/** A text or textarea value longer than the step's maxLength (counted in characters, not UTF-16 units). */
export function isPartTooLong(step: StepLike, value: PartValue): boolean {
  return (
    (step.type === 'text' || step.type === 'textarea') &&
    typeof step.maxLength === 'number' &&
    typeof value === 'string' &&
    [...value].length > step.maxLength
  );
}

/**
 * An optional step is valid unless its text is too long; a required one must also not be empty. The browser
 * (configuration overlay) and the order service (order creation) both judge a line with this rule.
 */
export function isStepValid(step: StepLike, value: PartValue): boolean {
  if (isPartTooLong(step, value)) return false;
  return step.optional === true || !isPartEmpty(step, value);
}

export type ConfigurableProduct = Pick<Product, 'type'> & { config: { parts: Readonly<Record<string, StepLike>> } };

/** The keys of the steps that are not valid, in step order. */
export function invalidSteps(product: Pick<ConfigurableProduct, 'config'>, parts: CartParts | undefined): string[] {
  return Object.entries(product.config.parts)
    .filter(([key, step]) => !isStepValid(step, parts?.[key]))
    .map(([key]) => key);
}

/** §5 a cart item is valid when its amount is > 0 and (configurable products) every step is valid. */
export function isCartItemValid(item: { product: ConfigurableProduct; amount: number; parts?: CartParts }): boolean {
  if (!(item.amount > 0)) return false;
  if (item.product.type !== 'configurable') return true;
  return invalidSteps(item.product, item.parts).length === 0;
}

/** §5 "In step-by-step mode 'next' is possible only when the current step is valid." (index in step order) */
export function canGoToNextStep(
  product: Pick<ConfigurableProduct, 'config'>,
  parts: CartParts | undefined,
  stepIndex: number,
): boolean {
  const entry = Object.entries(product.config.parts)[stepIndex];
  if (!entry) return false;
  const [key, step] = entry;
  return isStepValid(step, parts?.[key]);
}

/** §2.6 step-by-step: 'Zum nächsten Schritt' before the last step, then 'Zum Warenkorb hinzufügen'. */
export function isLastStep(product: Pick<ConfigurableProduct, 'config'>, stepIndex: number): boolean {
  return stepIndex >= Object.keys(product.config.parts).length - 1;
}

/**
 * §5 clicking an option of a single select: selects it; clicking the chosen option of an optional
 * step again deselects it (null); a required step keeps it. Options are compared by name.
 */
export function toggleSelectOption<O extends OptionLike>(
  step: StepLike,
  current: O | null | undefined,
  clicked: O,
): O | null {
  if (current && current.name === clicked.name) return step.optional ? null : current;
  return clicked;
}

/** Clicking an option of a multiselect adds it, or removes it when chosen (by name). */
export function toggleMultiselectOption<O extends OptionLike>(
  current: readonly O[] | null | undefined,
  clicked: O,
): O[] {
  const list = current ?? [];
  return list.some((o) => o.name === clicked.name) ? list.filter((o) => o.name !== clicked.name) : [...list, clicked];
}
