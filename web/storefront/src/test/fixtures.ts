import type { Branch, Category, Menu, Product } from '@shop/contracts';
import { configFixture, fixtureMeta } from '@shop/web-shared';
import type { InitData } from '../api/types';

const meta = fixtureMeta;
export const ALL_DAY = [{ type: 'daily' as const, date: null, from: '00:00', to: '24:00', isClosed: false }];

export const config = configFixture;

export function branch(overrides: Partial<Branch> = {}): Branch {
  return {
    id: 1,
    ...meta,
    identifier: 'wien',
    division: null,
    name: 'Filiale Wien',
    description: null,
    street: 'Hauptstraße 1',
    zipCode: '1010',
    city: 'Wien',
    country: 'AT',
    phone: '+43 1 111',
    email: 'wien@example.at',
    website: null,
    keywords: 'Zentrum',
    latitude: null,
    longitude: null,
    timezone: 'Europe/Vienna',
    openingHours: ALL_DAY,
    deliveryHours: ALL_DAY,
    isDeliveryHoursEnabled: false,
    deliveryAreas: [
      { area: '1010 Zentrum', price: 3.5, tax: 20, free: false, freeFromOrderValue: 40, minimumOrderValue: 15 },
      { area: '1020 Nord', price: 0, tax: 20, free: true, freeFromOrderValue: null, minimumOrderValue: 0 },
    ],
    isTakeawayEnabled: true,
    isDeliveryEnabled: true,
    isDineInEnabled: false,
    isTableSelectionEnabled: false,
    isPreorderEnabled: false,
    isAppointmentRequired: false,
    isQuotationRequired: false,
    isPublic: true,
    isEnabled: true,
    orderableFrom: null,
    closedMessage: null,
    tags: [],
    images: [],
    logo: null,
    isDeliveryEmailRequired: true,
    isDeliveryPhoneRequired: true,
    isDeliveryAddressRequired: true,
    isDineInEmailRequired: false,
    isDineInPhoneRequired: false,
    isDineInAddressRequired: false,
    isTakeawayEmailRequired: true,
    isTakeawayPhoneRequired: true,
    isTakeawayAddressRequired: false,
    isCashEnabled: true,
    isATMCardEnabled: false,
    isHydroAGVoucherEnabled: false,
    isMollieEnabled: false,
    isDatatransEnabled: false,
    printOn: 'confirmed',
    weight: 0,
    ...overrides,
  } as Branch;
}

export function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 10,
    ...meta,
    name: 'Suppe',
    description: 'Heiß',
    type: 'simple',
    allergens: null,
    images: [],
    price: 5,
    tax: 10,
    takeawayTax: 10,
    dineInTax: 10,
    unit: 'piece',
    alternativeUnits: [],
    minimumQuantity: 1,
    maximumQuantity: null,
    quantityStepSize: 1,
    defaultQuantity: null,
    defaultUnit: null,
    pricing: 1,
    calculationModel: 'fixed',
    isEnabled: true,
    schedule: null,
    isVisibleWhenUnavailable: false,
    isPriceHidden: false,
    isStepByStep: false,
    config: { parts: {} },
    weight: 0,
    ...overrides,
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
        type: 'select',
        name: 'Größe',
        description: null,
        optional: false,
        options: [
          { name: 'Klein', modifier: 'overwrite', value: 8.4 },
          { name: 'Groß', modifier: 'overwrite', value: 17.9 },
        ],
      },
      extras: {
        type: 'multiselect',
        name: 'Extras',
        description: null,
        optional: true,
        options: [{ name: 'Rucola', modifier: 'add', value: 1 }],
      },
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
      basis: {
        type: 'select',
        name: 'Basis',
        description: null,
        optional: false,
        options: [{ name: 'Reis', modifier: 'add', value: 0 }],
      },
      notiz: { type: 'text', name: 'Notiz', description: null, optional: false, options: [] },
    },
  },
});

export const category = {
  id: 1,
  ...meta,
  name: 'Speisen',
  description: null,
  image: null,
  isEnabled: true,
  schedule: null,
  isVisibleWhenUnavailable: false,
  weight: 0,
} as Category;

export const menu = {
  id: 1,
  ...meta,
  name: 'Karte',
  availableFrom: '2020-01-01T00:00:00.000Z',
  branches: [1],
  catalog: {
    categories: [
      {
        id: 1,
        products: [
          { id: 10, isEnabled: true, schedule: null },
          { id: 11, isEnabled: true, schedule: null },
          { id: 12, isEnabled: true, schedule: null },
        ],
      },
    ],
  },
} as Menu;

export function initData(overrides: Partial<InitData> = {}): InitData {
  return {
    config,
    user: null,
    divisions: [],
    branches: [branch()],
    menus: [menu],
    categories: [category],
    products: [product(), pizza, bowl],
    tags: [],
    tables: [],
    sites: [],
    navigations: [],
    donatees: [],
    blocks: [],
    nodes: [],
    loadedAt: Date.now(),
    ...overrides,
  };
}
