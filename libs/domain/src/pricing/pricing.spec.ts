import fc from 'fast-check';
import type { StepOption } from '@shop/contracts';
import { product } from '../../test/fixtures.js';
import { applyModifiers, configuredPrice, optionPriceHint, selectedOptions } from './modifiers.js';
import { itemsGross, linePrice, linePriceCents } from './line-price.js';
import { netFromGross, taxFromGross, taxRateFor } from './tax.js';
import { checkMinimumOrder, deliveryCost, freeDeliveryThreshold, isDeliveryFree } from './delivery.js';
import { calculatePricing } from './pricing-result.js';

const option = (name: string, modifier: StepOption['modifier'], value: number): StepOption => ({
  name,
  modifier,
  value,
});

describe('§3 "Option: name, modifier (add, subtract, overwrite), value."', () => {
  it('add adds, subtract subtracts, overwrite replaces the price reached so far, in order', () => {
    expect(applyModifiers(10, [option('a', 'add', 1.5)])).toBe(11.5);
    expect(applyModifiers(10, [option('s', 'subtract', 2.25)])).toBe(7.75);
    expect(applyModifiers(10, [option('o', 'overwrite', 4)])).toBe(4);
    expect(applyModifiers(10, [option('a', 'add', 1), option('o', 'overwrite', 4), option('a2', 'add', 0.5)])).toBe(
      4.5,
    );
    expect(applyModifiers(10, [option('o', 'overwrite', 4), option('a', 'add', 1)])).not.toBe(
      applyModifiers(10, [option('a', 'add', 1), option('o', 'overwrite', 4)]),
    );
  });

  it('a price below 0 becomes 0', () => {
    expect(applyModifiers(1, [option('s', 'subtract', 5)])).toBe(0);
  });

  it('takes the chosen options of select and multiselect steps in step order; other parts carry no price', () => {
    const p = product({
      type: 'configurable',
      price: 8,
      config: {
        parts: {
          size: { type: 'select', name: 'Größe', options: [option('Groß', 'overwrite', 12)] },
          extras: {
            type: 'multiselect',
            name: 'Extras',
            options: [option('Käse', 'add', 1), option('Speck', 'add', 1.5)],
          },
          note: { type: 'text', name: 'Notiz' },
          photo: { type: 'image', name: 'Foto' },
        },
      },
    });
    const parts = {
      size: option('Groß', 'overwrite', 12),
      extras: [option('Käse', 'add', 1), option('Speck', 'add', 1.5)],
      note: 'ohne Zwiebel',
      photo: [],
    };
    expect(selectedOptions(p.config.parts, parts).map((o) => o.name)).toEqual(['Groß', 'Käse', 'Speck']);
    expect(configuredPrice(p, parts)).toBe(14.5);
    expect(configuredPrice(p)).toBe(8);
    expect(selectedOptions(p.config.parts, { size: 'Groß', extras: 'x' })).toEqual([]);
  });

  it('property: add then subtract of the same value is the identity (no drift)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_00 }),
        fc.integer({ min: 0, max: 100_000 }),
        (priceCents, valueCents) => {
          const price = priceCents / 100;
          const v = valueCents / 100;
          expect(applyModifiers(price, [option('a', 'add', v), option('s', 'subtract', v)])).toBe(price);
        },
      ),
    );
  });

  it('property: overwrite makes everything before it irrelevant', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 5 }),
        fc.integer({ min: 0, max: 10_000 }),
        (adds, over) => {
          const before = adds.map((c, i) => option(`a${i}`, 'add', c / 100));
          expect(applyModifiers(3, [...before, option('o', 'overwrite', over / 100)])).toBe(over / 100);
        },
      ),
    );
  });
});

describe("§2.6 \"Option price hint: '+ value' for modifier add, '- value' for subtract, plain value for overwrite.\"", () => {
  it('formats the value as a price with its sign', () => {
    expect(optionPriceHint(option('a', 'add', 1.5))).toBe('+ EUR 1,50');
    expect(optionPriceHint(option('s', 'subtract', 0.5))).toBe('- EUR 0,50');
    expect(optionPriceHint(option('o', 'overwrite', 12))).toBe('EUR 12,00');
  });
});

describe('Line price: "price 2.90 with unit gram and pricing 100 means EUR 2,90 per 100 g"', () => {
  const ham = product({
    price: 2.9,
    unit: 'gram',
    pricing: 100,
    minimumQuantity: 50,
    alternativeUnits: [
      {
        unit: 'piece',
        ratio: 250,
        minimumQuantity: null,
        maximumQuantity: null,
        quantityStepSize: null,
        calculationModel: 'approximate',
      },
    ],
  });

  it('price × amount in the product unit / pricing, rounded to cents', () => {
    expect(linePrice({ product: ham, amount: 100, unit: 'gram' })).toBe(2.9);
    expect(linePrice({ product: ham, amount: 250, unit: 'gram' })).toBe(7.25);
    expect(linePrice({ product: ham, amount: 333, unit: 'gram' })).toBe(9.66); // 9.657
    expect(linePriceCents({ product: ham, amount: 333, unit: 'gram' })).toBe(966n);
  });

  it('converts other units of the same type by the unit table (0,5 kg = 500 g)', () => {
    expect(linePrice({ product: ham, amount: 0.5, unit: 'kilogram' })).toBe(14.5);
  });

  it('converts alternative units by their ratio (1 Stk. = 250 g)', () => {
    expect(linePrice({ product: ham, amount: 2, unit: 'piece' })).toBe(14.5);
  });

  it('applies option modifiers before multiplying', () => {
    const pizza = product({
      type: 'configurable',
      price: 9,
      config: { parts: { extra: { type: 'select', name: 'Extra', options: [option('Käse', 'add', 1.2)] } } },
    });
    expect(linePrice({ product: pizza, amount: 3, unit: 'piece', parts: { extra: option('Käse', 'add', 1.2) } })).toBe(
      30.6,
    );
  });

  it('sums rounded lines: gross of the cart', () => {
    expect(
      itemsGross([
        { product: ham, amount: 333, unit: 'gram' },
        { product: ham, amount: 333, unit: 'gram' },
      ]),
    ).toBe(19.32);
    expect(itemsGross([])).toBe(0);
  });

  it('property: 0.1-step amounts never drift (n × 0.1 kg of EUR 1 per kg)', () => {
    const perKg = product({ price: 1, unit: 'kilogram', minimumQuantity: 0.1, quantityStepSize: 0.1 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (n) => {
        const amount = Number((n / 10).toFixed(1));
        expect(linePriceCents({ product: perKg, amount, unit: 'kilogram' })).toBe(BigInt(n * 10));
      }),
    );
  });

  it('property: the line price is linear in the amount up to one cent of rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 1000 }), (priceCents, amount) => {
        const p = product({ price: priceCents / 100 });
        const line = linePriceCents({ product: p, amount, unit: 'piece' });
        expect(line).toBe(BigInt(priceCents * amount));
      }),
    );
  });
});

describe('§9 "The rate depends on order type: delivery uses tax, takeaway uses takeawayTax, dine-in uses dineInTax."', () => {
  const p = product({ tax: 20, takeawayTax: 10, dineInTax: 13 });
  it('picks the rate of the order type', () => {
    expect(taxRateFor(p, 'delivery')).toBe(20);
    expect(taxRateFor(p, 'takeaway')).toBe(10);
    expect(taxRateFor(p, 'dineIn')).toBe(13);
    expect(taxRateFor({}, 'dineIn')).toBe(0);
  });
});

describe('§9 "Tax is computed from gross: net = gross / (1 + rate/100), rounded to 4 decimals."', () => {
  it('computes net and tax', () => {
    expect(netFromGross(10, 10)).toBe(9.0909);
    expect(taxFromGross(10, 10)).toBe(0.9091);
    expect(netFromGross(12, 20)).toBe(10);
    expect(netFromGross(1, 13)).toBe(0.885); // 0.88495…
    expect(netFromGross(5, 0)).toBe(5);
  });

  it('property: net has at most 4 decimals and net + tax = gross exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(0, 5, 5.5, 7, 10, 13, 19, 20, 25),
        (cents, rate) => {
          const gross = cents / 100;
          const net = netFromGross(gross, rate);
          const tax = taxFromGross(gross, rate);
          expect(String(net)).toMatch(/^\d+(\.\d{1,4})?$/);
          expect(Math.round((net + tax) * 100)).toBe(cents);
          expect(Math.abs(net * (1 + rate / 100) - gross)).toBeLessThanOrEqual(0.0001 * (1 + rate / 100) + 1e-9);
        },
      ),
    );
  });
});

describe('§5 "Delivery is free if the area is marked free or if gross exceeds freeFromOrderValue."', () => {
  const area = { area: 'Wien', price: 3.5, tax: 20, free: false, freeFromOrderValue: 50, minimumOrderValue: 15 };

  it('charges the area price up to and including the threshold, nothing above it', () => {
    expect(deliveryCost(area, 30)).toBe(3.5);
    expect(deliveryCost(area, 50)).toBe(3.5);
    expect(deliveryCost(area, 50.01)).toBe(0);
    expect(isDeliveryFree(area, 50.01)).toBe(true);
  });

  it('a free area costs nothing; no threshold means always the price', () => {
    expect(deliveryCost({ ...area, free: true }, 1)).toBe(0);
    expect(deliveryCost({ ...area, freeFromOrderValue: null }, 10_000)).toBe(3.5);
  });

  it('§2.5 the free-delivery hint names the threshold only while the order has not passed it', () => {
    expect(freeDeliveryThreshold(area, 30)).toBe(50);
    expect(freeDeliveryThreshold(area, 50)).toBe(50);
    expect(freeDeliveryThreshold(area, 50.01)).toBeNull();
    expect(freeDeliveryThreshold({ ...area, free: true }, 1)).toBeNull();
    expect(freeDeliveryThreshold({ ...area, freeFromOrderValue: null }, 1)).toBeNull();
    expect(freeDeliveryThreshold(null, 1)).toBeNull();
  });
});

describe('§5 "Order gross must be at least the delivery area\'s minimumOrderValue, else the message …"', () => {
  it('is reached at exactly the minimum', () => {
    expect(checkMinimumOrder({ minimumOrderValue: 15 }, 15)).toEqual({ reached: true, message: null });
    expect(checkMinimumOrder(null, 0).reached).toBe(true);
  });

  it('"Sie haben den Mindestbestellwert in Höhe von {amount} leider noch nicht erreicht."', () => {
    expect(checkMinimumOrder({ minimumOrderValue: 15 }, 14.99)).toEqual({
      reached: false,
      message: 'Sie haben den Mindestbestellwert in Höhe von EUR 15,00 leider noch nicht erreicht.',
    });
  });
});

describe('§3 "Pricing result: net, tax, gross, deliveryNet, deliveryTax, deliveryGross, totalNet, totalTax, totalGross, and taxes keyed by tax rate."', () => {
  const food = product({ id: 1, price: 9.9, tax: 10, takeawayTax: 10, dineInTax: 10 });
  const drink = product({ id: 2, price: 3.5, tax: 20, takeawayTax: 20, dineInTax: 20 });
  const area = { area: 'Wien', price: 3.5, tax: 20, free: false, freeFromOrderValue: 50, minimumOrderValue: 0 };

  it('takeaway: no delivery values, taxes per rate', () => {
    const r = calculatePricing({
      items: [
        { product: food, amount: 2, unit: 'piece' },
        { product: drink, amount: 1, unit: 'piece' },
      ],
      deliveryMethod: 'takeaway',
      deliveryArea: area,
    });
    expect(r).toEqual({
      net: 20.9167,
      tax: 2.3833,
      gross: 23.3,
      deliveryNet: 0,
      deliveryTax: 0,
      deliveryGross: 0,
      totalNet: 20.9167,
      totalTax: 2.3833,
      totalGross: 23.3,
      taxes: {
        '10': { rate: 10, net: 18, tax: 1.8, gross: 19.8 },
        '20': { rate: 20, net: 2.9167, tax: 0.5833, gross: 3.5 },
      },
    });
  });

  it('delivery: the area price at the area rate, merged into taxes of the same rate', () => {
    const r = calculatePricing({
      items: [{ product: drink, amount: 2, unit: 'piece' }],
      deliveryMethod: 'delivery',
      deliveryArea: area,
    });
    expect(r.deliveryGross).toBe(3.5);
    expect(r.deliveryNet).toBe(2.9167);
    expect(r.deliveryTax).toBe(0.5833);
    expect(r.totalGross).toBe(10.5);
    expect(r.taxes['20']).toEqual({ rate: 20, net: 8.75, tax: 1.75, gross: 10.5 }); // 5.8333 + 2.9167
  });

  it('delivery above freeFromOrderValue is free; a delivery area without tax uses 20', () => {
    const r = calculatePricing({
      items: [{ product: food, amount: 6, unit: 'piece' }],
      deliveryMethod: 'delivery',
      deliveryArea: area,
    });
    expect(r.deliveryGross).toBe(0);
    expect(Object.keys(r.taxes)).toEqual(['10']);
    const noTax = calculatePricing({
      items: [{ product: product({ price: 0 }), amount: 1, unit: 'piece' }],
      deliveryMethod: 'delivery',
      deliveryArea: { price: 2.4, free: false, freeFromOrderValue: null },
    });
    expect(noTax.taxes['20']).toEqual({ rate: 20, net: 2, tax: 0.4, gross: 2.4 });
  });

  it('an empty delivery cart costs nothing: no delivery fee without goods', () => {
    const r = calculatePricing({ items: [], deliveryMethod: 'delivery', deliveryArea: area });
    expect([r.deliveryGross, r.totalGross, r.taxes]).toEqual([0, 0, {}]);
  });

  it('dine-in uses dineInTax', () => {
    const r = calculatePricing({
      items: [{ product: product({ price: 11.3, dineInTax: 13 }), amount: 1, unit: 'piece' }],
      deliveryMethod: 'dineIn',
    });
    expect(Object.keys(r.taxes)).toEqual(['13']);
    expect(r.net).toBe(10);
  });

  it('property: totals = items + delivery, taxes add up to totals, net + tax = gross', () => {
    const line = fc.record({
      priceCents: fc.integer({ min: 0, max: 50_000 }),
      amount: fc.integer({ min: 1, max: 20 }),
      rate: fc.constantFrom(0, 10, 13, 20),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 8 }),
        fc.constantFrom('takeaway', 'delivery', 'dineIn' as const),
        fc.integer({ min: 0, max: 1000 }),
        (lines, method, deliveryCents) => {
          const items = lines.map((l, i) => ({
            product: product({
              id: i + 1,
              price: l.priceCents / 100,
              tax: l.rate,
              takeawayTax: l.rate,
              dineInTax: l.rate,
            }),
            amount: l.amount,
            unit: 'piece' as const,
          }));
          const r = calculatePricing({
            items,
            deliveryMethod: method,
            deliveryArea: {
              area: 'A',
              price: deliveryCents / 100,
              tax: 20,
              free: false,
              freeFromOrderValue: null,
              minimumOrderValue: 0,
            },
          });
          const c = (x: number) => Math.round(x * 10_000);
          expect(c(r.gross)).toBe(lines.reduce((s, l) => s + l.priceCents * l.amount, 0) * 100);
          expect(c(r.net) + c(r.tax)).toBe(c(r.gross));
          expect(c(r.deliveryNet) + c(r.deliveryTax)).toBe(c(r.deliveryGross));
          expect(c(r.totalNet)).toBe(c(r.net) + c(r.deliveryNet));
          expect(c(r.totalTax)).toBe(c(r.tax) + c(r.deliveryTax));
          expect(c(r.totalGross)).toBe(c(r.gross) + c(r.deliveryGross));
          const taxes = Object.values(r.taxes);
          expect(taxes.reduce((s, t) => s + c(t.net), 0)).toBe(c(r.totalNet));
          expect(taxes.reduce((s, t) => s + c(t.tax), 0)).toBe(c(r.totalTax));
          expect(taxes.reduce((s, t) => s + c(t.gross), 0)).toBe(c(r.totalGross));
          if (method !== 'delivery') expect(r.deliveryGross).toBe(0);
        },
      ),
    );
  });
});
