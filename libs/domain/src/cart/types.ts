/** Shapes of §3 "Cart item" (the Upload type comes from @shop/contracts). */
import type { DeliveryArea, Product, StepOption, UnitName, Upload } from '@shop/contracts';

/** §3 "Upload: id, version, extension, publicHash, mimeType." (declared in @shop/contracts) */
export type { Upload };

export type OptionLike = Pick<StepOption, 'name' | 'modifier' | 'value'>;

/**
 * §3 "parts (per step: chosen option for select, list of options for multiselect, text or uploads
 * otherwise)". image and file parts hold a list of at most one upload (a single upload is accepted too).
 */
export type PartValue = OptionLike | readonly OptionLike[] | string | Upload | readonly Upload[] | null | undefined;
export type CartParts = Readonly<Record<string, PartValue>>;

export type PricedProduct = Pick<Product, 'price' | 'unit' | 'alternativeUnits' | 'pricing' | 'config'> &
  Partial<Pick<Product, 'tax' | 'takeawayTax' | 'dineInTax'>>;

/** §3 "Cart item: product, amount, unit, parts" */
export interface CartItem<P = PricedProduct> {
  product: P;
  amount: number;
  unit: UnitName;
  parts?: CartParts;
}

/** §3 "The cart also holds isDelivery, isDineIn, deliveryArea and an order object (appointment, comment)" */
export interface Cart<P = PricedProduct> {
  items: CartItem<P>[];
  isDelivery: boolean;
  isDineIn: boolean;
  deliveryArea: DeliveryArea | null;
  order: { appointment: string | null; comment: string | null };
}
