import { describe, expect, it } from 'vitest';
import { product } from '../test/fixtures';
import { getCart, migrateAllCarts, resetCartStore, saveItem } from './cart-store';

describe('cart store (§4 cart, §9 catalogue reload)', () => {
  it('keeps one cart per branch in sessionStorage and drops items whose product changed after a reload', () => {
    resetCartStore();
    const soup = product();
    const bread = product({ id: 20, name: 'Brot', price: 3 });
    saveItem('wien', { product: soup, amount: 1, unit: 'piece', parts: {} });
    saveItem('wien', { product: bread, amount: 2, unit: 'piece', parts: {} });
    saveItem('graz', { product: bread, amount: 1, unit: 'piece', parts: {} });
    expect(JSON.parse(sessionStorage.getItem('cart:wien')!).items).toHaveLength(2);
    resetCartStore();
    expect(getCart('wien').items).toHaveLength(2);
    // the bread now costs more: removed from every cart; the soup stays
    migrateAllCarts([soup, { ...bread, price: 3.2 }]);
    expect(getCart('wien').items.map((i) => i.product.name)).toEqual(['Suppe']);
    expect(getCart('graz').items).toEqual([]);
  });
});
