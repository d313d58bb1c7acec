import { de, format, isMessageKey, resourceFailure, t, tooManyAttempts } from './index.js';

describe('German catalogue', () => {
  it('fills placeholders and keeps unknown ones', () => {
    expect(format('a {x} b {y}', { x: 1 })).toBe('a 1 b {y}');
  });

  it('uses the storefront wording verbatim (storefront-presenter.md §5)', () => {
    expect(t('shop.minimumOrderNotReached', { amount: 'EUR 15,00' })).toBe(
      'Sie haben den Mindestbestellwert in Höhe von EUR 15,00 leider noch nicht erreicht.',
    );
    expect(t('shop.phoneFormat', { phone: '+43 664 1234567' })).toBe(
      'Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.',
    );
    expect(de.shop.appointmentRequired).toBe('Bitte wählen Sie einen Termin aus.');
  });

  it('builds the load/create/update/delete family of backoffice-platform.md §8', () => {
    expect(resourceFailure('products', 'load')).toBe('Produkte konnten nicht geladen werden.');
    expect(resourceFailure('tables', 'delete')).toBe('Tisch konnte nicht gelöscht werden.');
    expect(resourceFailure('donatees', 'create')).toBe('Spendenempfänger konnte nicht erstellt werden.');
    expect(resourceFailure('digital-signage-devices', 'update')).toBe('TV konnte nicht aktualisiert werden.');
  });

  it('says "in N Minuten" with the right number form (§8 too many failed attempts)', () => {
    expect(tooManyAttempts(1)).toContain('in 1 Minute noch einmal');
    expect(tooManyAttempts(15)).toContain('in 15 Minuten noch einmal');
  });

  it('recognises message keys', () => {
    expect(isMessageKey('validation.required')).toBe(true);
    expect(isMessageKey('validation.nope')).toBe(false);
    expect(isMessageKey('nope')).toBe(false);
  });
});
