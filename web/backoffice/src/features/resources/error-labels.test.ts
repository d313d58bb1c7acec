import { describe, expect, it } from 'vitest';
import { resourceByName } from './defs';
import { errorPlace } from './error-labels';

const products = resourceByName('products')!;
const branches = resourceByName('branches')!;
const product = {
  name: 'Poke-Bowl',
  config: { parts: { basis: { name: 'Basis', options: [{ name: 'Reis' }, { name: '' }] }, extras: { name: '' } } },
};

describe('errorPlace: the error summary names fields as the form labels them', () => {
  it('uses the field label for a plain field', () => {
    expect(errorPlace(products, product, 'name')).toBe('Name');
    expect(errorPlace(products, product, 'price')).toBe('Preis');
  });

  it('names configuration steps and their options like the step editor', () => {
    expect(errorPlace(products, product, 'config.parts.basis.name')).toBe(
      'Konfigurationsschritte – Schritt 1: Basis – Name',
    );
    expect(errorPlace(products, product, 'config.parts.basis.options.1.name')).toBe(
      'Konfigurationsschritte – Schritt 1: Basis – Option 2',
    );
    expect(errorPlace(products, product, 'config.parts.basis.options.0.value')).toBe(
      'Konfigurationsschritte – Schritt 1: Basis – Betrag 1',
    );
    expect(errorPlace(products, product, 'config.parts.extras.type')).toBe('Konfigurationsschritte – Schritt 2 – Typ');
    expect(errorPlace(products, product, 'config.parts')).toBe('Konfigurationsschritte');
  });

  it('names rows of the list editors by column and number', () => {
    expect(errorPlace(branches, {}, 'deliveryAreas.1.price')).toBe('Liefergebiete – Preis 2');
    expect(errorPlace(branches, {}, 'openingHours.0.from')).toBe('Öffnungszeiten – Von 1');
  });

  it('leaves the message alone when no field of the form matches', () => {
    expect(errorPlace(products, product, 'unbekannt')).toBeNull();
  });
});
