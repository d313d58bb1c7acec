import { describe, expect, it } from 'vitest';
import { products, unitOptionLabel, unitOptions } from './products';

/** issue 42 item 5: German unit names, one money format */
describe('the products screen speaks German', () => {
  it("names units in German with their short name ('Stück (Stk.)'), never the contract's English name", () => {
    expect(unitOptionLabel('piece')).toBe('Stück (Stk.)');
    expect(unitOptionLabel('gram')).toBe('Gramm (g)');
    expect(unitOptionLabel('pair')).toBe('Paar');
    for (const { value, label } of unitOptions) expect(label).not.toContain(`(${value})`);
  });

  it("shows prices as the back office's orders do ('EUR 12,50'), not '12,50 €'", () => {
    const price = products.columns.find((c) => c.name === 'price')!;
    expect(price.render!({ price: 12.5 } as never)).toBe('EUR 12,50');
  });
});
