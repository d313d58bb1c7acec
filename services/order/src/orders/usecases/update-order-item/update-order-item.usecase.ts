import { Injectable } from '@nestjs/common';
import {
  ItemUpdateInput,
  type Actor,
  type OrderChangedEvent,
  type OrderContext,
  type StaffOrder,
} from '@shop/contracts';
import { calculatePricing, deliveryMethodOf, linePrice, taxRateFor } from '@shop/domain';
import { ORDER_CHANGE_VERBS, t } from '@shop/i18n-de';
import { DomainException, parseOrThrow } from '@shop/server';
import { CatalogueContextCache } from '../../../catalogue-context/catalogue-context.cache.js';
import { checkLine } from '../../cart-lines.js';
import type { OrderItemEntity } from '../../order-item.entity.js';
import { isFinal } from '../../order-state.js';
import type { OrderEntity } from '../../order.entity.js';
import { OrderRepository } from '../../order.repository.js';
import { OrderChanges } from '../shared/order-changes.js';

/** PUT /orders/{id}/items/{index}: amount, unit or parts of one line, re-priced from today's catalogue. */
@Injectable()
export class UpdateOrderItem {
  constructor(
    private readonly changes: OrderChanges,
    private readonly orders: OrderRepository,
    private readonly catalogue: CatalogueContextCache,
  ) {}

  async execute(actor: Actor | null, id: number, index: number, body: unknown): Promise<StaffOrder> {
    const input = parseOrThrow(ItemUpdateInput, body);
    return this.changes.staffChange(actor, id, 'item-updated', async (o, m) => {
      if (isFinal(o))
        throw DomainException.of('CONFLICT', 'order.invalidTransition', { action: ORDER_CHANGE_VERBS['item-update'] });
      // what was paid is what the provider charged: a changed total would no longer match it
      if (o.isPaid) throw DomainException.of('CONFLICT', 'order.paidItemsLocked');
      const items = await this.orders.linesOf(m, o.id);
      const item = items.find((i) => i.position === index);
      if (!item) throw DomainException.of('NOT_FOUND', 'order.itemUnknown');
      const ctx = await this.catalogue.get(o.branchId);
      const product = ctx?.products.find((p) => p.id === item.productId);
      if (!ctx || !product)
        throw DomainException.validation([{ field: 'product', message: t('order.productUnknown') }]);
      const errors: Array<{ field: string | null; message: string }> = [];
      const line = checkLine(product, { ...input, parts: input.parts ?? item.parts }, index, errors);
      if (!line)
        throw DomainException.validation(
          errors.map((e) => ({ ...e, field: e.field?.replace(`items.${index}.`, '') ?? null })),
        );
      Object.assign(item, {
        amount: line.amount,
        unit: line.unit,
        parts: line.parts,
        gross: linePrice(line),
        taxRate: taxRateFor(product, deliveryMethodOf(o)),
      });
      await m.save(item);
      reprice(o, items, ctx.branch.deliveryAreas);
      return itemsOfEvent(items);
    });
  }
}

/** The order priced again from its lines as sold (each line: its gross at its tax rate). */
function reprice(
  o: OrderEntity,
  items: OrderItemEntity[],
  deliveryAreas: OrderContext['branch']['deliveryAreas'],
): void {
  const lines = items.map((i) => ({
    product: {
      price: i.gross,
      unit: 'piece' as const,
      alternativeUnits: [],
      pricing: 1,
      config: { parts: {} },
      tax: i.taxRate,
      takeawayTax: i.taxRate,
      dineInTax: i.taxRate,
    },
    amount: 1,
    unit: 'piece' as const,
  }));
  const area = o.isDelivery ? (deliveryAreas.find((a) => a.area === o.deliveryArea) ?? null) : null;
  const pricing = calculatePricing({ items: lines, deliveryMethod: deliveryMethodOf(o), deliveryArea: area });
  o.pricing = pricing as unknown as Record<string, unknown>;
  o.totalGross = pricing.totalGross;
}

/** The order's lines in its event, for the statistics' item counts. */
function itemsOfEvent(items: OrderItemEntity[]): Partial<OrderChangedEvent> {
  return {
    items: [...items]
      .sort((a, b) => a.position - b.position)
      .map((i) => ({
        productId: i.productId,
        name: i.name,
        quantity: Number(i.amount),
        unit: i.unit,
        grossCents: Math.round(Number(i.gross) * 100),
      })),
  };
}
