import type { Menu } from '@shop/contracts';
import { category, product, rule } from '../../test/fixtures.js';
import { appointmentSlots } from './slots.js';
import {
  activeMenu,
  appointmentProductsMessage,
  categoryBarCategories,
  currentCategory,
  isAvailableNow,
  isScheduleOpen,
  menuEntryOf,
  menuGroups,
  orderableFrom,
  orderableSlots,
  productAvailability,
} from './schedules.js';

const t = (iso: string) => new Date(iso);
const NOON = t('2026-03-30T12:00:00+02:00');
const EVENING = t('2026-03-30T19:00:00+02:00');
const lunch = [rule('daily', '11:00', '14:00')];

describe('§4 "Product orderable only if isEnabled and its schedule (if any) is currently open; otherwise shown disabled."', () => {
  it('a schedule of null is always open; an empty schedule never', () => {
    expect(isScheduleOpen(null, NOON)).toBe(true);
    expect(isScheduleOpen(undefined, NOON)).toBe(true);
    expect(isScheduleOpen([], NOON)).toBe(false);
    expect(isScheduleOpen(lunch, NOON)).toBe(true);
    expect(isScheduleOpen(lunch, EVENING)).toBe(false);
  });

  it('enabled and inside its schedule', () => {
    expect(isAvailableNow(product({ schedule: lunch }), NOON)).toBe(true);
    expect(isAvailableNow(product({ schedule: lunch }), EVENING)).toBe(false);
    expect(isAvailableNow(product({ isEnabled: false }), NOON)).toBe(false);
  });

  it('product, menu entry and category schedules decide; unavailable products are disabled when visible, else hidden', () => {
    const visible = product({ schedule: lunch, isVisibleWhenUnavailable: true });
    expect(productAvailability({ product: visible, now: NOON })).toBe('orderable');
    expect(productAvailability({ product: visible, now: EVENING })).toBe('disabled');
    expect(productAvailability({ product: { ...visible, isVisibleWhenUnavailable: false }, now: EVENING })).toBe(
      'hidden',
    );
    expect(productAvailability({ product: product(), entry: { isEnabled: false, schedule: null }, now: NOON })).toBe(
      'hidden',
    );
    expect(productAvailability({ product: product(), entry: { isEnabled: true, schedule: lunch }, now: EVENING })).toBe(
      'hidden',
    );
    expect(productAvailability({ product: product(), category: category({ schedule: lunch }), now: EVENING })).toBe(
      'hidden',
    );
    expect(
      productAvailability({
        product: product(),
        category: category({ schedule: lunch, isVisibleWhenUnavailable: true }),
        now: EVENING,
      }),
    ).toBe('disabled');
    expect(productAvailability({ product: product(), category: category({ schedule: lunch }), now: NOON })).toBe(
      'orderable',
    );
  });

  it('DST 2026-03-29: a lunch schedule opens at 11:00 local on both sides of the change', () => {
    expect(isScheduleOpen(lunch, t('2026-03-28T10:30:00Z'))).toBe(true); // 11:30 +1
    expect(isScheduleOpen(lunch, t('2026-03-29T09:30:00Z'))).toBe(true); // 11:30 +2
    expect(isScheduleOpen(lunch, t('2026-03-29T08:30:00Z'))).toBe(false); // 10:30 +2
  });
});

describe('§9 "The active menu for the selected branch is the one with the latest availableFrom not in the future."', () => {
  const menu = (id: number, availableFrom: string, branches: number[]) => ({ id, availableFrom, branches });
  const menus = [
    menu(1, '2026-01-01T00:00:00+01:00', [1, 2]),
    menu(2, '2026-03-01T00:00:00+01:00', [1]),
    menu(3, '2026-04-01T00:00:00+02:00', [1]),
    menu(4, '2026-03-01T00:00:00+01:00', [2]),
    menu(5, 'invalid', [1]),
  ];
  it('picks the latest one that has started', () => {
    expect(activeMenu(menus, 1, NOON)?.id).toBe(2);
    expect(activeMenu(menus, 1, t('2026-04-01T00:00:00+02:00'))?.id).toBe(3);
    expect(activeMenu(menus, 2, NOON)?.id).toBe(4);
    expect(activeMenu(menus, 3, NOON)).toBeNull();
    expect(activeMenu(menus, 1, t('2025-12-31T00:00:00Z'))).toBeNull();
  });
  it('ties: the higher id', () => {
    expect(
      activeMenu(
        [
          menu(7, '2026-01-01T00:00:00Z', [1]),
          menu(9, '2026-01-01T00:00:00Z', [1]),
          menu(8, '2026-01-01T00:00:00Z', [1]),
        ],
        1,
        NOON,
      )?.id,
    ).toBe(9);
  });
});

describe('§4 "Products not found in the product store are omitted from groups." and §2.5 category bar "lists only categories containing at least one non-bundle product"', () => {
  const menu: Pick<Menu, 'catalog'> = {
    catalog: {
      categories: [
        {
          id: 1,
          products: [
            { id: 10, isEnabled: true, schedule: null },
            { id: 99, isEnabled: true, schedule: null },
            { id: 11, isEnabled: true, schedule: lunch },
          ],
        },
        { id: 2, products: [{ id: 12, isEnabled: true, schedule: null }] },
        { id: 3, products: [{ id: 10, isEnabled: false, schedule: null }] },
        { id: 404, products: [{ id: 10, isEnabled: true, schedule: null }] },
      ],
    },
  };
  const categories = [category({ id: 1 }), category({ id: 2 }), category({ id: 3 })];
  const products = [
    product({ id: 10 }),
    product({ id: 11, isVisibleWhenUnavailable: true }),
    product({ id: 12, type: 'bundle' }),
  ];

  it('resolves products, drops unknown ones, hidden ones and empty groups', () => {
    const groups = menuGroups({ menu, categories, products, now: EVENING });
    expect(groups.map((g) => [g.category.id, g.products.map((p) => [p.product.id, p.availability])])).toEqual([
      [
        1,
        [
          [10, 'orderable'],
          [11, 'disabled'],
        ],
      ],
      [2, [[12, 'orderable']]],
    ]);
    expect(categoryBarCategories(groups).map((c) => c.id)).toEqual([1]);
  });
});

describe('§2.5 category bar: "A group is current when its top is above 25 percent of the viewport height."', () => {
  const groups = (tops: Array<number | null>) => tops.map((top, i) => ({ key: i + 1, top }));
  it('the last group whose top is above the line; the first before any reaches it', () => {
    expect(currentCategory(groups([300, 900, 1500]), 800)).toBe(1);
    expect(currentCategory(groups([-500, 150, 900]), 800)).toBe(2);
    expect(currentCategory(groups([-500, 199, 900]), 800)).toBe(2);
    expect(currentCategory(groups([-500, 200, 900]), 800)).toBe(1);
    expect(currentCategory(groups([-900, -300, null]), 800)).toBe(2);
    expect(currentCategory([], 800)).toBeNull();
  });
});

describe('preorder of scheduled products: orderable from the next time its schedule (and the branch) is open', () => {
  const breakfast = product({ schedule: [rule('daily', '07:00', '10:00')], isVisibleWhenUnavailable: true });
  const night = t('2026-03-30T22:00:00+02:00');

  it("tomorrow's breakfast at night: from 07:00, or from 08:00 when the branch opens then; null when orderable now", () => {
    expect(orderableFrom({ product: breakfast, now: night, timeZone: 'Europe/Vienna' })).toEqual(
      t('2026-03-31T07:00:00+02:00'),
    );
    const hours = [rule('daily', '08:00', '20:00')];
    expect(orderableFrom({ product: breakfast, now: night, timeZone: 'Europe/Vienna', openRules: hours })).toEqual(
      t('2026-03-31T08:00:00+02:00'),
    );
    expect(orderableFrom({ product: breakfast, now: t('2026-03-30T08:00:00+02:00') })).toBeNull();
    expect(orderableFrom({ product: { ...breakfast, isEnabled: false }, now: night })).toBeNull();
    expect(orderableFrom({ product: product({ schedule: [] }), now: night })).toBeNull();
  });

  it('menuGroups names the preorder time of a product shown disabled, only when the branch takes preorders', () => {
    const menu = {
      catalog: { categories: [{ id: 1, products: [{ id: breakfast.id, isEnabled: true, schedule: null }] }] },
    };
    const input = { menu, categories: [category()], products: [breakfast], now: night, timeZone: 'Europe/Vienna' };
    expect(menuGroups(input)[0]!.products[0]).toEqual({ product: breakfast, availability: 'disabled' });
    expect(menuGroups({ ...input, preorder: { openRules: null } })[0]!.products[0]!.preorderFrom).toEqual(
      t('2026-03-31T07:00:00+02:00'),
    );
  });
});

describe('the checkout time picker offers only times at which every product of the order is sold', () => {
  const vienna = 'Europe/Vienna';
  const night = t('2026-03-30T22:00:00+02:00');
  const allDay = [rule('daily', '00:00', '24:00')];
  const slots = appointmentSlots(allDay, night, { timeZone: vienna, days: 3 });
  const breakfast = product({ id: 1, name: 'Frühstücksteller', schedule: [rule('daily', '07:00', '10:00')] });
  const weekend = { isEnabled: true, schedule: [rule('saturday', '00:00', '24:00'), rule('sunday', '00:00', '24:00')] };
  const hhmm = (d: Date) => d.toLocaleTimeString('de-AT', { timeZone: vienna, hour: '2-digit', minute: '2-digit' });

  it("a breakfast product limits tomorrow's slots to 07:00-09:55; products without a schedule limit nothing", () => {
    const limited = orderableSlots(slots, [{ product: breakfast }, { product: product({ id: 2 }) }], vienna);
    expect(limited.length).toBe(3 * 36); // three mornings of 07:00-09:55 at 5 minutes
    expect(hhmm(limited[0]!)).toBe('07:00');
    expect(hhmm(limited[35]!)).toBe('09:55');
    expect(limited[0]).toEqual(t('2026-03-31T07:00:00+02:00'));
    expect(orderableSlots(slots, [{ product: product({ id: 2 }) }], vienna)).toEqual(slots);
  });

  it("the menu entry's and the category's schedules count too; a switched-off line leaves no slot", () => {
    const line = { product: breakfast, category: { isEnabled: true, schedule: weekend.schedule } };
    // Tuesday 31 March to Thursday 2 April 2026: no weekend day, so no slot
    expect(orderableSlots(slots, [line], vienna)).toEqual([]);
    const saturday = appointmentSlots(allDay, t('2026-04-03T22:00:00+02:00'), { timeZone: vienna, days: 1 });
    expect(orderableSlots(saturday, [line], vienna)[0]).toEqual(t('2026-04-04T07:00:00+02:00'));
    expect(orderableSlots(slots, [{ product: breakfast, entry: { isEnabled: false, schedule: null } }])).toEqual([]);
  });

  it('agrees with judging each slot on its own (productAvailability), across the DST change', () => {
    const dst = appointmentSlots(allDay, t('2026-03-28T05:00:00+01:00'), { timeZone: vienna, days: 2 });
    const lines = [
      { product: product({ schedule: [rule('daily', '01:30', '03:30'), rule('daily', '12:00', '13:00')] }) },
    ];
    expect(orderableSlots(dst, lines, vienna)).toEqual(
      dst.filter((s) => productAvailability({ product: lines[0]!.product, now: s, timeZone: vienna }) === 'orderable'),
    );
  });

  it('names the products the chosen time does not suit; null when it suits them all', () => {
    const lines = [{ product: breakfast }, { product: product({ id: 2, name: 'Kaffee' }) }];
    expect(appointmentProductsMessage(lines, t('2026-03-31T12:00:00+02:00'), vienna)).toBe(
      'Zum ausgewählten Zeitpunkt können wir "Frühstücksteller" leider nicht anbieten. Bitte wählen Sie einen anderen Termin.',
    );
    expect(appointmentProductsMessage(lines, t('2026-03-31T08:00:00+02:00'), vienna)).toBeNull();
  });

  it("finds a product's menu entry and its category in the menu", () => {
    const menu = { catalog: { categories: [{ id: 7, products: [{ id: 1, isEnabled: true, schedule: null }] }] } };
    expect(menuEntryOf(menu, 1)).toEqual({ categoryId: 7, entry: menu.catalog.categories[0]!.products[0] });
    expect(menuEntryOf(menu, 2)).toBeNull();
    expect(menuEntryOf(null, 1)).toBeNull();
  });
});
