/**
 * Product and category schedules and the active menu:
 * - §4 "Product orderable only if isEnabled and its schedule (if any) is currently open; otherwise shown disabled."
 * - §9 "The active menu for the selected branch is the one with the latest availableFrom not in the future."
 * - §4 "Products not found in the product store are omitted from groups."
 * - §2.5 category bar "lists only categories containing at least one non-bundle product".
 */
import type { Category, Menu, Product, Schedule } from '@shop/contracts';
import { CATEGORY_BAR_CURRENT_RATIO, DEFAULT_TIME_ZONE, PREORDER_LOOK_AHEAD_DAYS } from '../constants.js';
import { text } from '../texts.js';
import { openIntervals, type Interval, type RuleLike } from './rules.js';
import { isOpenAt } from './status.js';
import { addDays, localDate } from './time-zone.js';

/** A schedule of null means always available; an empty rule list means never. */
export function isScheduleOpen(
  schedule: Schedule | readonly RuleLike[] | null | undefined,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  if (schedule === null || schedule === undefined) return true;
  return isOpenAt(schedule, now, timeZone);
}

export type Schedulable = { isEnabled: boolean; schedule?: Schedule | readonly RuleLike[] | null };

/** §4 "orderable only if isEnabled and its schedule (if any) is currently open" — for any of product, menu entry, category. */
export function isAvailableNow(item: Schedulable, now: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  return item.isEnabled && isScheduleOpen(item.schedule ?? null, now, timeZone);
}

export type Availability = 'orderable' | 'disabled' | 'hidden';

/**
 * A product of a menu: orderable when the product, its menu entry and its category are all enabled and
 * inside their schedules; otherwise shown disabled when the product (or category) is visible when
 * unavailable, else hidden.
 */
export function productAvailability(input: {
  product: Schedulable & Pick<Product, 'isVisibleWhenUnavailable'>;
  entry?: Schedulable | null;
  category?: (Schedulable & Pick<Category, 'isVisibleWhenUnavailable'>) | null;
  now: Date;
  timeZone?: string;
}): Availability {
  const { product, entry, category, now, timeZone = DEFAULT_TIME_ZONE } = input;
  if (category && !isAvailableNow(category, now, timeZone))
    return category.isVisibleWhenUnavailable ? 'disabled' : 'hidden';
  const orderable = isAvailableNow(product, now, timeZone) && (!entry || isAvailableNow(entry, now, timeZone));
  if (orderable) return 'orderable';
  return product.isVisibleWhenUnavailable ? 'disabled' : 'hidden';
}

export type AvailabilityInput = Parameters<typeof productAvailability>[0];

/**
 * With preorder: the first instant after `now` within {@link PREORDER_LOOK_AHEAD_DAYS} at which a product that is
 * not orderable now is orderable (its own, its menu entry's and its category's schedules open) while `openRules`
 * (the branch's hours for the order type) are open; null when it is orderable now, switched off, or not within
 * the look-ahead. Availability only changes where an interval starts, so those starts are the candidates.
 */
export function orderableFrom(input: AvailabilityInput & { openRules?: readonly RuleLike[] | null }): Date | null {
  const { product, entry, category, now, timeZone = DEFAULT_TIME_ZONE, openRules } = input;
  if (productAvailability(input) === 'orderable') return null;
  if (!product.isEnabled || entry?.isEnabled === false || category?.isEnabled === false) return null;
  const from = localDate(now, timeZone);
  const to = addDays(from, PREORDER_LOOK_AHEAD_DAYS);
  const schedules = [product.schedule, entry?.schedule, category?.schedule, openRules];
  const starts = schedules
    .flatMap((rules) => (rules ? openIntervals(rules, from, to, timeZone).map((i) => i.start) : []))
    .filter((t) => t.getTime() > now.getTime())
    .sort((a, b) => a.getTime() - b.getTime());
  return (
    starts.find(
      (t) =>
        productAvailability({ ...input, now: t }) === 'orderable' && (!openRules || isOpenAt(openRules, t, timeZone)),
    ) ?? null
  );
}

/** A product as ordered from a menu: the product, its menu entry and its category (each enabled and scheduled). */
export interface MenuLine<P extends Schedulable = Schedulable> {
  product: P;
  entry?: Schedulable | null;
  category?: Schedulable | null;
}

/** The menu entry of a product and the id of the menu category that lists it, or null when the menu lacks it. */
export function menuEntryOf<E extends { id: number }>(
  menu: { catalog: { categories: ReadonlyArray<{ id: number; products: readonly E[] }> } } | null | undefined,
  productId: number,
): { categoryId: number; entry: E } | null {
  for (const category of menu?.catalog.categories ?? []) {
    const entry = category.products.find((p) => p.id === productId);
    if (entry) return { categoryId: category.id, entry };
  }
  return null;
}

/** Judged like {@link productAvailability}, whatever `isVisibleWhenUnavailable` says: can this line be ordered at `at`? */
export function isLineOrderableAt(line: MenuLine, at: Date, timeZone: string = DEFAULT_TIME_ZONE): boolean {
  return [line.product, line.entry, line.category].every((item) => !item || isAvailableNow(item, at, timeZone));
}

/**
 * The appointment slots at which every line can be ordered (the checkout's date and time pickers offer only
 * these): a product sold only at certain times or days limits the slots of the whole order. A line switched off
 * leaves none. Each schedule is expanded once over the slots' days, and slots are looked up in its intervals.
 */
export function orderableSlots(
  slots: readonly Date[],
  lines: readonly MenuLine[],
  timeZone: string = DEFAULT_TIME_ZONE,
): Date[] {
  const items = lines.flatMap((l) => [l.product, l.entry, l.category]).filter((i): i is Schedulable => !!i);
  if (items.some((i) => !i.isEnabled)) return [];
  const schedules = [...new Set(items.map((i) => i.schedule).filter((s) => s !== null && s !== undefined))];
  const first = slots[0];
  const last = slots[slots.length - 1];
  if (schedules.length === 0 || !first || !last) return [...slots];
  const from = localDate(first, timeZone);
  const to = localDate(last, timeZone);
  const expanded = schedules.map((rules) => openIntervals(rules, from, to, timeZone));
  return slots.filter((slot) => expanded.every((intervals) => covers(intervals, slot.getTime())));
}

/** Whether sorted, disjoint intervals hold instant `t` (binary search). */
function covers(intervals: readonly Interval[], t: number): boolean {
  let lo = 0;
  let hi = intervals.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const { start, end } = intervals[mid] as Interval;
    if (t < start.getTime()) hi = mid - 1;
    else if (t >= end.getTime()) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * The message for an order time at which some of its products are not sold (their schedules are shut), naming
 * them; null when every line can be ordered then. The storefront shows it at the appointment, the order service
 * answers it on `appointmentDate`.
 */
export function appointmentProductsMessage(
  lines: ReadonlyArray<MenuLine<Schedulable & { name: string }>>,
  at: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  const names = [...new Set(lines.filter((l) => !isLineOrderableAt(l, at, timeZone)).map((l) => l.product.name))];
  return names.length
    ? text('appointmentProductUnavailable', { products: names.map((n) => `"${n}"`).join(', ') })
    : null;
}

/** §9 "The active menu for the selected branch is the one with the latest availableFrom not in the future." (ties: highest id) */
export function activeMenu<M extends Pick<Menu, 'id' | 'availableFrom' | 'branches'>>(
  menus: readonly M[],
  branchId: number,
  now: Date,
): M | null {
  let best: M | null = null;
  let bestTime = -Infinity;
  for (const menu of menus) {
    if (!menu.branches.includes(branchId)) continue;
    const t = Date.parse(menu.availableFrom);
    if (Number.isNaN(t) || t > now.getTime()) continue;
    if (t > bestTime || (t === bestTime && best !== null && menu.id > best.id)) {
      best = menu;
      bestTime = t;
    }
  }
  return best;
}

export interface MenuGroup<C, P> {
  category: C;
  /** `preorderFrom`: a product not orderable now that can be preordered from then (only with `preorder`) */
  products: Array<{ product: P; availability: Exclude<Availability, 'hidden'>; preorderFrom?: Date | null }>;
}

/**
 * The product groups of a menu: categories in menu order, products resolved from the stores (unknown
 * products and categories omitted), hidden products dropped, empty groups dropped.
 */
export function menuGroups<
  C extends Pick<Category, 'id' | 'isEnabled' | 'schedule' | 'isVisibleWhenUnavailable'>,
  P extends Pick<Product, 'id' | 'isEnabled' | 'schedule' | 'isVisibleWhenUnavailable'>,
>(input: {
  menu: Pick<Menu, 'catalog'>;
  categories: readonly C[];
  products: readonly P[];
  now: Date;
  timeZone?: string;
  /** the branch takes preorders: products not orderable now get their {@link orderableFrom} (within these hours) */
  preorder?: { openRules: readonly RuleLike[] | null } | null;
}): Array<MenuGroup<C, P>> {
  const categories = new Map(input.categories.map((c) => [c.id, c]));
  const products = new Map(input.products.map((p) => [p.id, p]));
  const groups: Array<MenuGroup<C, P>> = [];
  for (const entry of input.menu.catalog.categories) {
    const category = categories.get(entry.id);
    if (!category) continue;
    const items: MenuGroup<C, P>['products'] = [];
    for (const productEntry of entry.products) {
      const product = products.get(productEntry.id);
      if (!product) continue;
      const judged = { product, entry: productEntry, category, now: input.now, timeZone: input.timeZone };
      const availability = productAvailability(judged);
      if (availability === 'disabled' && input.preorder)
        items.push({ product, availability, preorderFrom: orderableFrom({ ...judged, ...input.preorder }) });
      else if (availability !== 'hidden') items.push({ product, availability });
    }
    if (items.length > 0) groups.push({ category, products: items });
  }
  return groups;
}

/** §2.5 "lists only categories containing at least one non-bundle product" */
export function categoryBarCategories<C, P extends Pick<Product, 'type'>>(groups: ReadonlyArray<MenuGroup<C, P>>): C[] {
  return groups.filter((g) => g.products.some((p) => p.product.type !== 'bundle')).map((g) => g.category);
}

/**
 * §2.5 category bar scroll spy: "A group is current when its top is above 25 percent of the viewport height."
 * Of several such groups the last one (the one being read); before the first reaches the line, the first.
 * `tops` are the groups' top edges relative to the viewport, in page order (null: not rendered yet).
 */
export function currentCategory<K>(
  groups: ReadonlyArray<{ key: K; top: number | null }>,
  viewportHeight: number,
): K | null {
  const line = viewportHeight * CATEGORY_BAR_CURRENT_RATIO;
  let current: K | null = groups[0]?.key ?? null;
  for (const g of groups) if (g.top !== null && g.top < line) current = g.key;
  return current;
}
