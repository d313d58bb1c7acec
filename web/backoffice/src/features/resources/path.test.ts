import { describe, expect, it } from 'vitest';
import { errorsUnder, getPath, setPath } from './path';

describe('form paths', () => {
  it('reads and writes nested values without mutating', () => {
    const product = { name: 'Pizza', config: { parts: { size: { name: 'Größe' } } }, areas: [{ price: 1 }] };
    expect(getPath(product, 'config.parts.size.name')).toBe('Größe');
    expect(getPath(product, 'areas.0.price')).toBe(1);
    expect(getPath(product, 'missing.deep')).toBeUndefined();
    const next = setPath(product, 'config.parts', {});
    expect(next.config.parts).toEqual({});
    expect(product.config.parts.size.name).toBe('Größe');
    expect(setPath(product, 'areas.0.price', 2).areas).toEqual([{ price: 2 }]);
    expect(setPath({}, 'a.0.b', 1)).toEqual({ a: [{ b: 1 }] });
  });

  it('hands nested server errors to the editor of that field', () => {
    const errors = { name: 'x', 'deliveryAreas.0.price': 'y', 'deliveryAreas.1.area': 'z', deliveryAreasX: 'no' };
    expect(errorsUnder(errors, 'deliveryAreas')).toEqual({ '0.price': 'y', '1.area': 'z' });
  });
});
