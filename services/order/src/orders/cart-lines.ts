import { UploadRef, type ConfigurationStep, type FieldError, type Product, type UnitName } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import {
  formatQuantityNumber,
  invalidSteps,
  quantityLimits,
  selectableUnits,
  snapQuantity,
  type CartParts,
  type PartValue,
} from '@shop/domain';

const optionName = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as { name?: unknown }).name === 'string'
      ? (v as { name: string }).name
      : null;

/**
 * The parts as the catalogue defines them: chosen options are looked up by name, so a price, modifier or
 * value sent by the browser is never used; texts are trimmed; unknown steps are dropped. Returns null when a
 * chosen option does not exist.
 */
export function canonicalParts(product: Pick<Product, 'config'>, parts: Record<string, unknown>): CartParts | null {
  const result: Record<string, PartValue> = {};
  for (const [key, step] of Object.entries(product.config.parts) as Array<[string, ConfigurationStep]>) {
    const value = parts[key];
    if (value === undefined || value === null || value === '') continue;
    switch (step.type) {
      case 'select': {
        const option = step.options.find((o) => o.name === optionName(value));
        if (!option) return null;
        result[key] = option;
        break;
      }
      case 'multiselect': {
        if (!Array.isArray(value)) return null;
        const chosen = value.map((v) => step.options.find((o) => o.name === optionName(v)));
        if (chosen.some((o) => !o)) return null;
        result[key] = chosen as NonNullable<(typeof chosen)[number]>[];
        break;
      }
      case 'text':
      case 'textarea':
        if (typeof value !== 'string') return null;
        result[key] = value.trim().slice(0, 2000);
        break;
      default: {
        // uploads: a reference or a list of references (image and file: at most one); existence is checked
        // against the content service by the caller
        const refs = Array.isArray(value) ? value : [value];
        if (!refs.every((r) => UploadRef.safeParse(r).success)) return null;
        if ((step.type === 'image' || step.type === 'file') && refs.length > 1) return null;
        result[key] = refs as PartValue;
      }
    }
  }
  return result;
}

export interface CheckedLine {
  product: Product;
  amount: number;
  unit: UnitName;
  parts: CartParts;
}

/** One cart item against its product: unit, quantity limits, required steps. Errors carry `items.{i}.…` fields. */
export function checkLine(
  product: Product,
  input: { amount: number; unit?: UnitName; parts: Record<string, unknown> },
  index: number,
  errors: FieldError[],
): CheckedLine | null {
  const unit = input.unit ?? product.unit;
  if (!selectableUnits(product).includes(unit)) {
    errors.push({ field: `items.${index}.unit`, message: t('order.unitUnavailable', { name: product.name }) });
    return null;
  }
  const limits = quantityLimits(product, unit);
  if (input.amount < limits.minimum) {
    errors.push({
      field: `items.${index}.amount`,
      message: t('validation.tooSmall', { limit: String(limits.minimum).replace('.', ',') }),
    });
    return null;
  }
  if (limits.maximum !== null && input.amount > limits.maximum) {
    errors.push({
      field: `items.${index}.amount`,
      message: t('validation.tooBig', { limit: String(limits.maximum).replace('.', ',') }),
    });
    return null;
  }
  // on the grid minimum + k × step (2,5 bottles of wine are no order)
  if (Math.abs(snapQuantity(input.amount, limits) - input.amount) > 1e-9) {
    errors.push({
      field: `items.${index}.amount`,
      message: t('order.amountOffStep', {
        step: formatQuantityNumber(limits.step),
        minimum: formatQuantityNumber(limits.minimum),
      }),
    });
    return null;
  }
  const parts = canonicalParts(product, input.parts);
  // every step of a product that has steps (configurable products and bundles alike)
  if (!parts || invalidSteps(product, parts).length > 0) {
    errors.push({ field: `items.${index}.parts`, message: t('order.itemIncomplete', { name: product.name }) });
    return null;
  }
  return { product, amount: input.amount, unit, parts };
}

/** The upload references of a line's parts (image, images, file, files steps). */
export function uploadRefsOf(product: Pick<Product, 'config'>, parts: CartParts): UploadRef[] {
  return (Object.entries(product.config.parts) as Array<[string, ConfigurationStep]>)
    .filter(([, step]) => ['image', 'images', 'file', 'files'].includes(step.type))
    .flatMap(([key]) => (Array.isArray(parts[key]) ? (parts[key] as unknown as UploadRef[]) : []));
}
