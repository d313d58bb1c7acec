import { describe, expect, it } from 'vitest';
import { incompleteText, serviceName } from './privacy-format';

/** Issue 44: the record names the services an erasure waits for by key; the screen says them in German. */
describe('issue 44: the services of an incomplete erasure', () => {
  it('are named as the server names them in its 503', () => {
    expect(['content', 'order', 'identity', 'statistics', 'payment'].map(serviceName)).toEqual([
      'Website-Inhalte',
      'Bestellungen',
      'Kundenstammdaten',
      'Statistik und Protokolle',
      'Zahlungen',
    ]);
    expect(incompleteText(['statistics', 'order'])).toBe(
      'unvollständig, nicht bestätigt von: Statistik und Protokolle, Bestellungen',
    );
  });

  it('a service this screen does not know yet keeps its key rather than vanishing', () => {
    expect(serviceName('loyalty')).toBe('loyalty');
  });
});
