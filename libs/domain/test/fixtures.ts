/** Test fixtures built through the @shop/contracts schemas, so every default is the real one. */
import {
  BranchInput,
  CategoryInput,
  ConfigInput,
  ProductInput,
  type Branch,
  type BranchInput as BranchInputT,
  type Category,
  type CategoryInput as CategoryInputT,
  type Config,
  type ConfigInput as ConfigInputT,
  type OpeningHoursRule,
  type Product,
  type ProductInput as ProductInputT,
} from '@shop/contracts';

const meta = (id: number) => ({ id, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });

export function product(input: Partial<ProductInputT> & { id?: number } = {}): Product {
  const { id = 1, ...rest } = input;
  return { ...ProductInput.parse({ name: 'Produkt', price: 10, ...rest }), ...meta(id) };
}

export function branch(input: Partial<BranchInputT> & { id?: number } = {}): Branch {
  const { id = 1, ...rest } = input;
  return { ...BranchInput.parse({ identifier: 'filiale', name: 'Filiale', ...rest }), ...meta(id) } as Branch;
}

export function category(input: Partial<CategoryInputT> & { id?: number } = {}): Category {
  const { id = 1, ...rest } = input;
  return { ...CategoryInput.parse({ name: 'Kategorie', ...rest }), ...meta(id) };
}

export function config(input: Partial<ConfigInputT> = {}): Config {
  return { ...ConfigInput.parse({ shopName: 'Shop', ...input }), updatedAt: '2026-01-01T00:00:00.000Z' };
}

export function rule(
  type: OpeningHoursRule['type'],
  from: string,
  to: string,
  extra: Partial<OpeningHoursRule> = {},
): OpeningHoursRule {
  return { type, date: null, from, to, isClosed: false, ...extra };
}

/** Mon–Fri 10:00–22:00, Sat 10:00–14:00, Sun closed (no rule). */
export const WEEK_RULES: OpeningHoursRule[] = [
  rule('monday', '10:00', '22:00'),
  rule('tuesday', '10:00', '22:00'),
  rule('wednesday', '10:00', '22:00'),
  rule('thursday', '10:00', '22:00'),
  rule('friday', '10:00', '22:00'),
  rule('saturday', '10:00', '14:00'),
];

/** An instant given as Vienna wall clock in winter (+01:00) or summer (+02:00) — written out explicitly in tests. */
export const at = (iso: string) => new Date(iso);
