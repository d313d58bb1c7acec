import type { Branch, Category, Config, Menu, Product } from '@shop/contracts';
import type { InitData } from '../api/types';

const meta = { createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
export const ALL_DAY = [{ type: 'daily' as const, date: null, from: '00:00', to: '24:00', isClosed: false }];

export const config = {
  shopName: 'Testladen', businessName: null, title: 'Testladen online', description: 'Beschreibung', seoTitle: null, seoDescription: null,
  street: 'Testgasse 1', zipCode: '1010', city: 'Wien', country: 'AT', phone: '+43 1 234', email: 'office@example.at', website: null,
  currency: 'EUR', timezone: 'Europe/Vienna', locale: 'de-AT', termsAndConditions: null, termsAndConditionsText: '# AGB\n\nText', privacyPolicy: null,
  privacyPolicyText: '# Datenschutz', imprint: null, imprintText: null, allergens: null, allergensText: null, mapboxZoom: 15, mapboxPitch: 0,
  mapboxBearing: 0, mapboxToken: null, socialPixelId: null, tagManagerId: null, logo: null, enablePluginPWA: false, enablePluginToolbar: true,
  enablePluginMapbox: false, enablePluginHomePage: false, enablePluginSearch: true, enablePluginTags: true, enablePluginCategoryBar: true,
  enablePluginSMS: false, enablePluginDonations: true, enablePluginFrontdesk: false, enablePluginOrderReviews: true, disableTickets: false,
  defaultDeliveryMethod: 'takeaway', enableCash: true, enableATMCard: false, enablePluginATMCard: false, enableHydroAGVoucher: false,
  enablePluginHydroAGVoucher: false, enableMollie: false, enablePluginMollie: false, enableDatatrans: false, enablePluginDatatrans: false, updatedAt: meta.updatedAt,
} as unknown as Config;

export function branch(overrides: Partial<Branch> = {}): Branch {
  return {
    id: 1, ...meta, identifier: 'wien', division: null, name: 'Filiale Wien', description: null, street: 'Hauptstraße 1', zipCode: '1010', city: 'Wien',
    country: 'AT', phone: '+43 1 111', email: 'wien@example.at', website: null, keywords: 'Zentrum', latitude: null, longitude: null,
    timezone: 'Europe/Vienna', openingHours: ALL_DAY, deliveryHours: ALL_DAY, isDeliveryHoursEnabled: false,
    deliveryAreas: [
      { area: '1010 Zentrum', price: 3.5, tax: 20, free: false, freeFromOrderValue: 40, minimumOrderValue: 15 },
      { area: '1020 Nord', price: 0, tax: 20, free: true, freeFromOrderValue: null, minimumOrderValue: 0 },
    ],
    isTakeawayEnabled: true, isDeliveryEnabled: true, isDineInEnabled: false, isTableSelectionEnabled: false, isPreorderEnabled: false,
    isAppointmentRequired: false, isQuotationRequired: false, isPublic: true, isEnabled: true, orderableFrom: null, closedMessage: null, tags: [],
    images: [], logo: null, isDeliveryEmailRequired: true, isDeliveryPhoneRequired: true, isDeliveryAddressRequired: true, isDineInEmailRequired: false,
    isDineInPhoneRequired: false, isDineInAddressRequired: false, isTakeawayEmailRequired: true, isTakeawayPhoneRequired: true,
    isTakeawayAddressRequired: false, isCashEnabled: true, isATMCardEnabled: false, isHydroAGVoucherEnabled: false, isMollieEnabled: false,
    isDatatransEnabled: false, printOn: 'confirmed', weight: 0, ...overrides,
  } as Branch;
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 10, ...meta, name: 'Suppe', description: 'Heiß', type: 'simple', allergens: null, images: [], price: 5, tax: 10, takeawayTax: 10, dineInTax: 10,
    unit: 'piece', alternativeUnits: [], minimumQuantity: 1, maximumQuantity: null, quantityStepSize: 1, defaultQuantity: null, defaultUnit: null,
    pricing: 1, calculationModel: 'fixed', isEnabled: true, schedule: null, isVisibleWhenUnavailable: false, isPriceHidden: false, isStepByStep: false,
    config: { parts: {} }, weight: 0, ...overrides,
  } as Product;
}

export const pizza = product({
  id: 11,
  name: 'Pizza',
  type: 'configurable',
  price: 9.9,
  config: {
    parts: {
      groesse: {
        type: 'select', name: 'Größe', description: null, optional: false,
        options: [
          { name: 'Klein', modifier: 'overwrite', value: 8.4 },
          { name: 'Groß', modifier: 'overwrite', value: 17.9 },
        ],
      },
      extras: { type: 'multiselect', name: 'Extras', description: null, optional: true, options: [{ name: 'Rucola', modifier: 'add', value: 1 }] },
      foto: { type: 'image', name: 'Foto', description: null, optional: true, options: [] },
    },
  },
});

export const bowl = product({
  id: 12,
  name: 'Bowl',
  type: 'configurable',
  price: 10,
  isStepByStep: true,
  config: {
    parts: {
      basis: { type: 'select', name: 'Basis', description: null, optional: false, options: [{ name: 'Reis', modifier: 'add', value: 0 }] },
      notiz: { type: 'text', name: 'Notiz', description: null, optional: false, options: [] },
    },
  },
});

export const category = { id: 1, ...meta, name: 'Speisen', description: null, image: null, isEnabled: true, schedule: null, isVisibleWhenUnavailable: false, weight: 0 } as Category;

export const menu = {
  id: 1, ...meta, name: 'Karte', availableFrom: '2020-01-01T00:00:00.000Z', branches: [1],
  catalog: { categories: [{ id: 1, products: [{ id: 10, isEnabled: true, schedule: null }, { id: 11, isEnabled: true, schedule: null }, { id: 12, isEnabled: true, schedule: null }] }] },
} as Menu;

export function initData(overrides: Partial<InitData> = {}): InitData {
  return {
    config, user: null, divisions: [], branches: [branch()], menus: [menu], categories: [category], products: [product(), pizza, bowl], tags: [],
    tables: [], sites: [], navigations: [], donatees: [], loadedAt: Date.now(), ...overrides,
  };
}
