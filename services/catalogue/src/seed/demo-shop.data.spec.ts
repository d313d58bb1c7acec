import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BranchInput,
  CategoryInput,
  ConfigInput,
  DivisionInput,
  DonateeInput,
  MenuInput,
  OpeningHoursRule,
  ProductInput,
  STEP_TYPES,
  MODIFIERS,
  TableInput,
  TagInput,
  UserInput,
} from '@shop/contracts';
import { demoShop } from './demo-shop.data.js';
import type { DemoImage, DemoShop } from './demo-shop.types.js';

const IMAGES_DIR = fileURLToPath(new URL('./images/', import.meta.url));
const TODAY = new Date('2026-11-22T10:00:00Z');
const SLUG = /^[a-z0-9]+(?:[-_][a-z0-9]+)*$/;
/** The 14 allergen letters used in Austria (Allergeninformationsverordnung). */
const ALLERGEN_LIST = /^[A-HL-PR](?:, [A-HL-PR])*$/;
const WEIGHT_UNITS = ['gram', 'decagram', 'kilogram'];
const VOLUME_UNITS = ['milliliter', 'centiliter', 'deciliter', 'liter'];
const LENGTH_UNITS = ['millimeter', 'centimeter', 'decimeter', 'meter', 'kilometer'];

const shop: DemoShop = demoShop(TODAY);
const menuEntryKey = (entry: string | { key: string }): string => (typeof entry === 'string' ? entry : entry.key);

function allImages(data: DemoShop): DemoImage[] {
  return [
    ...data.tags.map((t) => t.image),
    ...data.branches.flatMap((b) => [...b.images, ...(b.logo ? [b.logo] : [])]),
    ...data.categories.flatMap((c) => (c.image ? [c.image] : [])),
    ...data.products.flatMap((p) => p.images),
    ...data.donatees.flatMap((d) => (d.image ? [d.image] : [])),
  ];
}

function expectUnique(values: string[], what: string): void {
  const duplicates = values.filter((v, i) => values.indexOf(v) !== i);
  expect({ what, duplicates }).toEqual({ what, duplicates: [] });
}

describe('demo shop seed data', () => {
  describe('parses with the @shop/contracts input schemas', () => {
    it('config', () => {
      const config = ConfigInput.parse(shop.config);
      expect(config).toMatchObject({
        currency: 'EUR',
        country: 'AT',
        timezone: 'Europe/Vienna',
        defaultDeliveryMethod: 'takeaway',
      });
      expect(config.phone).toMatch(/^\+43/);
      for (const text of [
        config.termsAndConditionsText,
        config.privacyPolicyText,
        config.imprintText,
        config.allergensText,
      ]) {
        expect((text ?? '').length).toBeGreaterThan(400);
      }
      for (const letter of 'ABCDEFGHLMNOPR') expect(config.allergensText).toContain(`**${letter}**`);
      expect(config).toMatchObject({
        // issue 43: the demo's websites are installable
        enablePluginPWA: true,
        enablePluginToolbar: true,
        enablePluginSearch: true,
        enablePluginTags: true,
        enablePluginCategoryBar: true,
        enablePluginDonations: true,
        enablePluginOrderReviews: true,
        enablePluginMapbox: true,
        mapboxToken: null,
        enableCash: true,
        enableMollie: true,
        enablePluginMollie: true,
        enableDatatrans: true,
        enablePluginDatatrans: true,
        enableATMCard: true,
        enablePluginATMCard: true,
      });
    });

    it('divisions, tags, categories, tables, donatees', () => {
      expect(shop.divisions).toHaveLength(2);
      for (const division of shop.divisions) DivisionInput.parse(division);
      for (const tag of shop.tags) TagInput.parse({ ...tag, image: null });
      for (const category of shop.categories) CategoryInput.parse({ ...category, image: null });
      for (const table of shop.tables) TableInput.parse({ ...table, branch: 1 });
      for (const donatee of shop.donatees) DonateeInput.parse({ ...donatee, image: null });
    });

    it('branches', () => {
      for (const branch of shop.branches) {
        const parsed = BranchInput.parse({ ...branch, division: null, tags: [], images: [], logo: null });
        expect(parsed).toMatchObject({ isPublic: true, isEnabled: true, isQuotationRequired: false, country: 'AT' });
        expect(parsed.phone).toMatch(/^\+43/);
        expect(branch.images).toHaveLength(2);
        expect(branch.logo).not.toBeNull();
      }
    });

    it('products', () => {
      for (const product of shop.products) {
        const parsed = ProductInput.parse({ ...product, images: [] });
        expect(Number.isInteger(Math.round(parsed.price * 100))).toBe(true);
        expect(Math.abs(parsed.price * 100 - Math.round(parsed.price * 100))).toBeLessThan(1e-9);
      }
    });

    it('menus and users', () => {
      for (const menu of shop.menus) {
        MenuInput.parse({
          name: menu.name,
          availableFrom: menu.availableFrom,
          branches: menu.branchIdentifiers.map((_, i) => i + 1),
          catalog: {
            categories: menu.catalog.map((group, i) => ({
              id: i + 1,
              products: group.products.map((entry, j) =>
                typeof entry === 'string'
                  ? { id: j + 1 }
                  : { id: j + 1, isEnabled: entry.isEnabled, schedule: entry.schedule },
              ),
            })),
          },
        });
        expect(Date.parse(menu.availableFrom)).toBeLessThan(TODAY.getTime());
      }
      for (const user of shop.users) {
        UserInput.parse({ ...user, branches: user.branchIdentifiers.map((_, i) => ({ id: i + 1 })) });
      }
    });
  });

  describe('references resolve', () => {
    it('keys and identifiers are unique slugs', () => {
      const keys: Array<[string, string[]]> = [
        ['division', shop.divisions.map((d) => d.identifier)],
        ['branch', shop.branches.map((b) => b.identifier)],
        ['tag', shop.tags.map((t) => t.key)],
        ['category', shop.categories.map((c) => c.key)],
        ['product', shop.products.map((p) => p.key)],
        ['menu', shop.menus.map((m) => m.key)],
        ['table', shop.tables.map((t) => t.identifier)],
        ['donatee', shop.donatees.map((d) => d.identifier)],
        ['user', shop.users.map((u) => u.username)],
      ];
      for (const [what, values] of keys) {
        expectUnique(values, what);
        for (const value of values) expect(value).toMatch(SLUG);
      }
    });

    it('branches, tables, menus and users point at existing entities', () => {
      const divisions = new Set(shop.divisions.map((d) => d.identifier));
      const branches = new Set(shop.branches.map((b) => b.identifier));
      const tags = new Set(shop.tags.map((t) => t.key));
      const categories = new Set(shop.categories.map((c) => c.key));
      const products = new Set(shop.products.map((p) => p.key));
      for (const branch of shop.branches) {
        expect(divisions).toContain(branch.divisionIdentifier);
        for (const tag of branch.tagKeys) expect(tags).toContain(tag);
      }
      for (const table of shop.tables) expect(branches).toContain(table.branchIdentifier);
      for (const user of shop.users) for (const b of user.branchIdentifiers) expect(branches).toContain(b);
      for (const menu of shop.menus) {
        for (const b of menu.branchIdentifiers) expect(branches).toContain(b);
        expectUnique(
          menu.catalog.map((group) => group.category),
          `categories of ${menu.key}`,
        );
        for (const group of menu.catalog) {
          expect(categories).toContain(group.category);
          expectUnique(group.products.map(menuEntryKey), `${menu.key}/${group.category}`);
          for (const entry of group.products) expect(products).toContain(menuEntryKey(entry));
        }
      }
      for (const division of divisions) expect(shop.branches.some((b) => b.divisionIdentifier === division)).toBe(true);
    });

    it('every product appears in a menu and every branch has a menu', () => {
      const inMenus = new Set(shop.menus.flatMap((m) => m.catalog.flatMap((g) => g.products.map(menuEntryKey))));
      expect(shop.products.map((p) => p.key).filter((key) => !inMenus.has(key))).toEqual([]);
      const menuBranches = new Set(shop.menus.flatMap((m) => m.branchIdentifiers));
      expect(shop.branches.map((b) => b.identifier).filter((b) => !menuBranches.has(b))).toEqual([]);
    });

    it('every referenced image is a small valid SVG in ./images, and every file there is used', () => {
      const referenced = new Set(allImages(shop).map((image) => image.file));
      const files = readdirSync(IMAGES_DIR);
      expect(files.length).toBeLessThan(60);
      expect(files.filter((file) => !referenced.has(file))).toEqual([]);
      for (const file of referenced) {
        const path = `${IMAGES_DIR}${file}`;
        expect({ file, exists: existsSync(path) }).toEqual({ file, exists: true });
        expect(statSync(path).size).toBeLessThan(2048);
        const svg = readFileSync(path, 'utf8').trim();
        expect(svg).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+"/,
        );
        expect(svg.endsWith('</svg>')).toBe(true);
        expect(svg).toMatch(/<text[^>]*>[^<]+<\/text>/);
        expect(svg).not.toMatch(/&(?!amp;|lt;|gt;|quot;)/);
      }
    });
  });

  describe('coverage of the storefront features', () => {
    const steps = shop.products.flatMap((p) => Object.values(p.config?.parts ?? {}));

    it('has enough entities', () => {
      expect(shop.branches).toHaveLength(4);
      expect(shop.tags.length).toBeGreaterThanOrEqual(6);
      expect(shop.categories.length).toBeGreaterThanOrEqual(10);
      expect(shop.products.length).toBeGreaterThanOrEqual(64);
      expect(shop.menus.length).toBeGreaterThanOrEqual(2);
      expect(shop.donatees).toHaveLength(3);
      expect(shop.categories.filter((c) => c.image).length).toBeGreaterThan(0);
    });

    it('products are German, with Austrian allergen letters and Austrian tax rates', () => {
      for (const product of shop.products) {
        if (product.allergens !== null && product.allergens !== undefined)
          expect(product.allergens).toMatch(ALLERGEN_LIST);
        expect([product.tax, product.takeawayTax, product.dineInTax].every((t) => t === 10 || t === 20)).toBe(true);
        expect(product.description?.length ?? 0).toBeGreaterThan(20);
      }
      expect(shop.products.some((p) => p.tax === 20)).toBe(true);
      expect(shop.products.some((p) => p.tax === 10 && p.dineInTax === 20)).toBe(true);
      expect(shop.products.some((p) => /[äöüß]/.test(p.name))).toBe(true);
    });

    it('uses every step type and every modifier; options only on select steps', () => {
      expect(new Set(steps.map((s) => s.type))).toEqual(new Set(STEP_TYPES));
      expect(new Set(steps.flatMap((s) => (s.options ?? []).map((o) => o.modifier)))).toEqual(new Set(MODIFIERS));
      for (const step of steps) {
        const isSelect = step.type === 'select' || step.type === 'multiselect';
        expect((step.options ?? []).length > 0).toBe(isSelect);
      }
      const configurable = shop.products.filter((p) => Object.keys(p.config?.parts ?? {}).length > 0);
      for (const product of configurable) expect(['configurable', 'bundle']).toContain(product.type);
      for (const product of shop.products.filter((p) => p.type !== 'simple')) {
        expect(Object.keys(product.config?.parts ?? {}).length).toBeGreaterThan(0);
      }
    });

    it('has step-by-step products, a bundle, and the product flags', () => {
      expect(
        shop.products.filter((p) => p.isStepByStep && Object.keys(p.config?.parts ?? {}).length > 1).length,
      ).toBeGreaterThanOrEqual(2);
      const bundles = shop.products.filter((p) => p.type === 'bundle');
      expect(bundles.length).toBeGreaterThan(0);
      expect(
        bundles.some((b) => Object.values(b.config?.parts ?? {}).filter((s) => s.type === 'select').length >= 2),
      ).toBe(true);
      expect(shop.products.some((p) => p.isPriceHidden)).toBe(true);
      expect(shop.products.some((p) => p.isVisibleWhenUnavailable)).toBe(true);
      expect(shop.products.some((p) => p.isEnabled === false)).toBe(true);
      expect(shop.products.some((p) => (p.schedule ?? []).length > 0)).toBe(true);
      expect(shop.categories.some((c) => (c.schedule ?? []).length > 0)).toBe(true);
      const entries = shop.menus
        .flatMap((m) => m.catalog.flatMap((g) => g.products))
        .filter((e) => typeof e !== 'string');
      expect(entries.some((e) => typeof e !== 'string' && e.isEnabled === false)).toBe(true);
      expect(entries.some((e) => typeof e !== 'string' && (e.schedule ?? []).length > 0)).toBe(true);
    });

    it('has weight, volume and length products with alternative units', () => {
      const withAlternatives = (units: string[]) =>
        shop.products.filter((p) => units.includes(p.unit ?? 'piece') && (p.alternativeUnits ?? []).length > 0);
      const cheese = withAlternatives(['gram']).find((p) => p.pricing === 100 && p.calculationModel === 'approximate');
      expect(cheese).toMatchObject({ minimumQuantity: 100, quantityStepSize: 50, defaultUnit: 'gram' });
      expect(cheese?.alternativeUnits).toContainEqual(
        expect.objectContaining({ unit: 'piece', calculationModel: 'approximate' }),
      );
      expect(withAlternatives(['kilogram']).length).toBeGreaterThan(0);
      expect(withAlternatives(VOLUME_UNITS).length).toBeGreaterThan(0);
      expect(shop.products.some((p) => LENGTH_UNITS.includes(p.unit ?? 'piece'))).toBe(true);
      for (const product of shop.products.filter((p) => WEIGHT_UNITS.includes(p.unit ?? 'piece'))) {
        expect(product.defaultQuantity).not.toBeNull();
        expect(product.defaultUnit).not.toBeNull();
      }
      for (const product of shop.products.filter((p) => p.defaultUnit)) {
        const units = [product.unit ?? 'piece', ...(product.alternativeUnits ?? []).map((u) => u.unit)];
        expect(units).toContain(product.defaultUnit);
      }
    });
  });

  describe('branch special cases', () => {
    const byFlag = (predicate: (b: DemoShop['branches'][number]) => boolean) => shop.branches.filter(predicate);

    it('exactly one branch is closed today (Europe/Vienna), via a once rule and a closed message', () => {
      const closedToday = (data: DemoShop, date: string) =>
        data.branches.filter((b) =>
          (b.openingHours ?? []).some(
            (r) => r.type === 'once' && r.date === date && r.isClosed && r.from === '00:00' && r.to === '24:00',
          ),
        );
      const closed = closedToday(shop, '2026-11-22');
      expect(closed).toHaveLength(1);
      expect(closed[0]?.closedMessage).toBeTruthy();
      // 23:30 UTC is already the next day in Vienna (winter and summer time)
      expect(closedToday(demoShop(new Date('2026-03-15T23:30:00Z')), '2026-03-16')).toHaveLength(1);
      expect(closedToday(demoShop(new Date('2026-07-31T22:30:00Z')), '2026-08-01')).toHaveLength(1);
      expect(closedToday(demoShop(new Date('2026-07-31T21:30:00Z')), '2026-07-31')).toHaveLength(1);
    });

    it('opening hours are valid rules; Sunday has no rule', () => {
      for (const branch of shop.branches) {
        for (const r of [...(branch.openingHours ?? []), ...(branch.deliveryHours ?? [])]) {
          OpeningHoursRule.parse(r);
          expect(r.from < r.to).toBe(true);
          expect(r.type).not.toBe('sunday');
        }
      }
    });

    it('preorder, dine-in with tables, delivery, payment variety', () => {
      const preorder = byFlag((b) => b.isPreorderEnabled === true);
      expect(preorder).toHaveLength(1);
      expect(preorder[0]?.isAppointmentRequired).toBe(true);

      const dineIn = byFlag((b) => b.isDineInEnabled === true && b.isTableSelectionEnabled === true);
      expect(dineIn).toHaveLength(1);
      expect(shop.tables.filter((t) => t.branchIdentifier === dineIn[0]?.identifier).length).toBeGreaterThanOrEqual(8);
      expect(new Set(shop.tables.map((t) => t.branchIdentifier)).size).toBeGreaterThanOrEqual(2);

      const delivery = byFlag((b) => b.isDeliveryEnabled === true);
      expect(delivery.length).toBeGreaterThanOrEqual(2);
      for (const branch of delivery) {
        expect((branch.deliveryAreas ?? []).length).toBeGreaterThanOrEqual(2);
        expect((branch.deliveryAreas ?? []).length).toBeLessThanOrEqual(3);
      }
      expect(delivery.some((b) => b.isDeliveryHoursEnabled && (b.deliveryHours ?? []).length > 0)).toBe(true);
      expect(delivery.flatMap((b) => b.deliveryAreas ?? []).some((a) => a.free)).toBe(true);
      expect(byFlag((b) => typeof b.orderableFrom === 'string')).toHaveLength(1);

      const paymentProfiles = new Set(
        shop.branches.map((b) =>
          [b.isCashEnabled, b.isATMCardEnabled, b.isMollieEnabled, b.isDatatransEnabled].map(String).join(),
        ),
      );
      expect(paymentProfiles.size).toBeGreaterThan(1);
    });

    it('has an admin for all branches and an employee for one', () => {
      const admin = shop.users.find((u) => u.username === 'admin');
      expect(admin?.roles).toEqual(['ROLE_ADMIN']);
      expect(new Set(admin?.branchIdentifiers)).toEqual(new Set(shop.branches.map((b) => b.identifier)));
      const employee = shop.users.find((u) => u.username === 'mitarbeiter');
      expect(employee?.roles).toEqual(['ROLE_EMPLOYEE']);
      expect(employee?.branchIdentifiers).toHaveLength(1);
    });
  });

  it('is deterministic for the same day', () => {
    expect(JSON.stringify(demoShop(TODAY))).toBe(JSON.stringify(shop));
  });
});
