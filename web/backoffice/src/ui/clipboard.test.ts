import { beforeEach, describe, expect, it } from 'vitest';
import { clipboard, CLIPBOARD_KEY } from './clipboard';

describe('clipboard (backoffice-platform.md §4: one item per context, session storage)', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps one item per context under one session-storage key; adding replaces the same context', () => {
    clipboard.add('products', 'Pizza', { name: 'Pizza' });
    clipboard.add('branches', 'Wien', { name: 'Wien' });
    clipboard.add('products', 'Salat', { name: 'Salat' });
    expect(clipboard.get('products')).toMatchObject({ context: 'products', label: 'Salat', data: { name: 'Salat' } });
    expect(
      clipboard
        .all()
        .map((i) => i.context)
        .sort(),
    ).toEqual(['branches', 'products']);
    expect(Object.keys(sessionStorage)).toEqual([CLIPBOARD_KEY]);
    clipboard.remove('branches');
    expect(clipboard.get('branches')).toBeNull();
  });

  it('survives broken storage content', () => {
    sessionStorage.setItem(CLIPBOARD_KEY, '{kaputt');
    expect(clipboard.get('products')).toBeNull();
    clipboard.add('products', 'Pizza', 1);
    expect(clipboard.get('products')?.data).toBe(1);
  });
});
