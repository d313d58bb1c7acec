import { columnsDto } from './columns-dto.js';

describe('columnsDto', () => {
  it('shows the meta fields and then the named columns as stored, in their order', () => {
    const at = new Date('2026-03-01T10:00:00.000Z');
    const row = { id: 4, createdAt: at, updatedAt: at, name: 'Pizza', weight: 2, secret: 'x' };
    const dto = columnsDto(row, ['weight', 'name']);
    expect(dto).toEqual({ id: 4, createdAt: at.toISOString(), updatedAt: at.toISOString(), weight: 2, name: 'Pizza' });
    expect(Object.keys(dto)).toEqual(['id', 'createdAt', 'updatedAt', 'weight', 'name']);
  });
});
