import { z } from 'zod';
import {
  Email,
  FileRef,
  Id,
  IdRef,
  Identifier,
  TimeZone,
  IsoDateTime,
  Money,
  NullableText,
  OpeningHours,
  Schedule,
  TaxRate,
  Text,
  Time,
  Url,
  Weight,
} from './common.schema.js';
import { placeFields } from './place-fields.js';
import { DELIVERY_METHODS } from './units.js';
import type { EntityMeta } from './entity.js';

export type { EntityMeta } from './entity.js';
// the products' schemas (configuration steps, alternative units) live beside, in product.schema.ts
export * from './product.schema.js';

const flag = (value = false) => z.boolean().default(value);
const nullableUrl = Url.max(2048).nullable().default(null);
const longText = NullableText(100_000);

/** Address and contact fields shared by the shop configuration and each branch. */
const contactFields = {
  street: NullableText(200),
  ...placeFields,
  phone: NullableText(40),
  email: Email.nullable().default(null),
  website: nullableUrl,
};

/* ----------------------------------------------------------------- config (singleton) */
export const ConfigInput = z.object({
  shopName: Text(120).min(1),
  businessName: NullableText(200),
  title: NullableText(200),
  description: NullableText(5000),
  seoTitle: NullableText(200),
  seoDescription: NullableText(1000),
  ...contactFields,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('EUR'),
  timezone: TimeZone.default('Europe/Vienna'),
  locale: z.string().min(2).max(10).default('de-AT'),
  termsAndConditions: nullableUrl,
  termsAndConditionsText: longText,
  privacyPolicy: nullableUrl,
  privacyPolicyText: longText,
  imprint: nullableUrl,
  imprintText: longText,
  allergens: nullableUrl,
  allergensText: longText,
  mapboxZoom: z.number().min(0).max(24).default(19),
  mapboxPitch: z.number().min(0).max(85).default(55),
  mapboxBearing: z.number().min(-360).max(360).default(-85),
  mapboxToken: NullableText(500),
  socialPixelId: NullableText(100),
  tagManagerId: NullableText(100),
  logo: FileRef.nullable().default(null),
  enablePluginPWA: flag(),
  enablePluginToolbar: flag(),
  enablePluginMapbox: flag(),
  enablePluginHomePage: flag(),
  enablePluginSearch: flag(),
  enablePluginTags: flag(),
  enablePluginCategoryBar: flag(),
  enablePluginSMS: flag(),
  enablePluginDonations: flag(),
  enablePluginFrontdesk: flag(),
  enablePluginOrderReviews: flag(),
  disableTickets: flag(),
  defaultDeliveryMethod: z.enum(DELIVERY_METHODS).default('takeaway'),
  enableCash: flag(true),
  enableATMCard: flag(),
  enablePluginATMCard: flag(),
  enableHydroAGVoucher: flag(),
  enablePluginHydroAGVoucher: flag(),
  enableMollie: flag(),
  enablePluginMollie: flag(),
  enableDatatrans: flag(),
  enablePluginDatatrans: flag(),
});
export type ConfigInput = z.input<typeof ConfigInput>;
export type Config = z.output<typeof ConfigInput> & { updatedAt: string };

/* ----------------------------------------------------------------- divisions */
export const DivisionInput = z.object({
  identifier: Identifier,
  name: Text(200).min(1),
  title: NullableText(200),
  description: NullableText(5000),
  logo: FileRef.nullable().default(null),
  weight: Weight,
});
export type DivisionInput = z.input<typeof DivisionInput>;
export type Division = z.output<typeof DivisionInput> & EntityMeta;

/* ----------------------------------------------------------------- branches */
export const DeliveryArea = z.object({
  area: Text(120).min(1),
  price: Money.default(0),
  tax: TaxRate.default(20),
  free: flag(),
  freeFromOrderValue: Money.nullable().default(null),
  minimumOrderValue: Money.default(0),
});
export type DeliveryArea = z.output<typeof DeliveryArea>;

export const BranchInput = z.object({
  identifier: Identifier,
  division: IdRef.nullable().default(null),
  name: Text(200).min(1),
  description: NullableText(5000),
  ...contactFields,
  keywords: NullableText(1000),
  latitude: z.number().min(-90).max(90).nullable().default(null),
  longitude: z.number().min(-180).max(180).nullable().default(null),
  timezone: TimeZone.default('Europe/Vienna'),
  openingHours: OpeningHours,
  deliveryHours: OpeningHours,
  isDeliveryHoursEnabled: flag(),
  deliveryAreas: z.array(DeliveryArea).max(100).default([]),
  isTakeawayEnabled: flag(true),
  isDeliveryEnabled: flag(),
  isDineInEnabled: flag(),
  isTableSelectionEnabled: flag(),
  isPreorderEnabled: flag(),
  isAppointmentRequired: flag(),
  isQuotationRequired: flag(),
  isPublic: flag(true),
  isEnabled: flag(true),
  orderableFrom: Time.nullable().default(null),
  closedMessage: NullableText(1000),
  tags: z.array(IdRef).max(100).default([]),
  images: z.array(FileRef).max(50).default([]),
  logo: FileRef.nullable().default(null),
  isDeliveryEmailRequired: flag(true),
  isDeliveryPhoneRequired: flag(true),
  isDeliveryAddressRequired: flag(true),
  isDineInEmailRequired: flag(),
  isDineInPhoneRequired: flag(),
  isDineInAddressRequired: flag(),
  isTakeawayEmailRequired: flag(true),
  isTakeawayPhoneRequired: flag(true),
  isTakeawayAddressRequired: flag(),
  isCashEnabled: flag(true),
  isATMCardEnabled: flag(),
  isHydroAGVoucherEnabled: flag(),
  isMollieEnabled: flag(),
  isDatatransEnabled: flag(),
  /** When receipts print: on order creation or on confirmation (issue: print workers). */
  printOn: z.enum(['created', 'confirmed']).default('confirmed'),
  /** issue 42: which status e-mails the customer gets (ORDER_STATUS_MAIL_FLAGS); each on unless turned off */
  isConfirmedEmailEnabled: flag(true),
  isReadyForPickupEmailEnabled: flag(true),
  isInDeliveryEmailEnabled: flag(true),
  isCounterProposalEmailEnabled: flag(true),
  isRejectedEmailEnabled: flag(true),
  isCanceledEmailEnabled: flag(true),
  weight: Weight,
});
export type BranchInput = z.input<typeof BranchInput>;
/**
 * apiKey (staff of the branch only): the key of the front-desk and back-office order views. The server generates
 * it (192 random bits) and only an administrator replaces it (`POST /api/branches/{id}/rotate-screen-key`); a
 * key in a branch body is ignored.
 */
export type Branch = z.output<typeof BranchInput> & EntityMeta & { apiKey?: string };

/* ----------------------------------------------------------------- menus */
export const MenuProductEntry = z.object({
  id: Id,
  isEnabled: flag(true),
  schedule: Schedule,
});
export const MenuCategoryEntry = z.object({
  id: Id,
  products: z.array(MenuProductEntry).max(1000).default([]),
});
export const MenuInput = z.object({
  name: Text(200).min(1),
  availableFrom: IsoDateTime,
  branches: z.array(Id).max(500).default([]),
  catalog: z.object({ categories: z.array(MenuCategoryEntry).max(500).default([]) }).default({ categories: [] }),
});
export type MenuInput = z.input<typeof MenuInput>;
export type Menu = z.output<typeof MenuInput> & EntityMeta;

/* ----------------------------------------------------------------- categories */
export const CategoryInput = z.object({
  name: Text(200).min(1),
  description: NullableText(5000),
  image: FileRef.nullable().default(null),
  isEnabled: flag(true),
  schedule: Schedule,
  isVisibleWhenUnavailable: flag(),
  weight: Weight,
});
export type CategoryInput = z.input<typeof CategoryInput>;
export type Category = z.output<typeof CategoryInput> & EntityMeta;

/* ----------------------------------------------------------------- tags */
export const TagInput = z.object({
  name: Text(120).min(1),
  image: FileRef.nullable().default(null),
  weight: Weight,
});
export type TagInput = z.input<typeof TagInput>;
export type Tag = z.output<typeof TagInput> & EntityMeta;

/* ----------------------------------------------------------------- tables, donatees */
export const TableInput = z.object({
  identifier: Identifier,
  name: Text(120).min(1),
  branch: Id,
  seats: z.number().int().min(1).max(500).nullable().default(null),
});
export type TableInput = z.input<typeof TableInput>;
export type Table = z.output<typeof TableInput> & EntityMeta;

export const DonateeInput = z.object({
  identifier: Identifier,
  name: Text(200).min(1),
  description: NullableText(5000),
  image: FileRef.nullable().default(null),
  website: nullableUrl,
  isEnabled: flag(true),
});
export type DonateeInput = z.input<typeof DonateeInput>;
export type Donatee = z.output<typeof DonateeInput> & EntityMeta;
