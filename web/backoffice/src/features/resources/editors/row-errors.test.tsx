import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlternativeUnitsEditor } from './AlternativeUnitsEditor';
import { DeliveryAreasEditor } from './DeliveryAreasEditor';
import { RulesEditor } from './RulesEditor';

/** The control named `label` is marked invalid and described by the server's message. */
function expectInvalid(label: string, message: string) {
  const control = screen.getByLabelText(label);
  expect(control.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(control.getAttribute('aria-describedby')!)?.textContent).toBe(message);
}

describe("the server's errors inside the row editors reach the control they are about", () => {
  afterEach(cleanup);

  it('opening-hour rules', () => {
    render(
      <RulesEditor
        id="f-openingHours"
        label="Öffnungszeiten"
        nullable={false}
        onChange={() => undefined}
        value={[{ type: 'once', date: null, from: '18:00', to: '25:00', isClosed: false }]}
        errors={{
          '0.to': 'Dieser Wert entspricht keiner gültigen Zeitangabe.',
          '0.date': 'Dieser Wert sollte nicht leer sein.',
        }}
      />,
    );
    expectInvalid('Bis 1', 'Dieser Wert entspricht keiner gültigen Zeitangabe.');
    expectInvalid('Datum 1', 'Dieser Wert sollte nicht leer sein.');
    expect(screen.getByLabelText('Von 1').getAttribute('aria-invalid')).toBeNull();
  });

  it('delivery areas and alternative units', () => {
    render(
      <DeliveryAreasEditor
        id="f-deliveryAreas"
        onChange={() => undefined}
        value={[{ area: '', price: -1, tax: 20, free: false, freeFromOrderValue: null, minimumOrderValue: 0 }]}
        errors={{ '0.area': 'Dieser Wert sollte nicht leer sein.', '0.price': 'Dieser Wert sollte 0 oder mehr sein.' }}
      />,
    );
    expectInvalid('Gebiet 1', 'Dieser Wert sollte nicht leer sein.');
    expectInvalid('Preis 1', 'Dieser Wert sollte 0 oder mehr sein.');
    cleanup();
    render(
      <AlternativeUnitsEditor
        id="f-alternativeUnits"
        label="Alternative Einheiten"
        onChange={() => undefined}
        value={[{ unit: 'gram', ratio: 0 }]}
        errors={{ '0.ratio': 'Dieser Wert sollte größer als 0 sein.' }}
      />,
    );
    expectInvalid('Verhältnis zur Produkteinheit 1', 'Dieser Wert sollte größer als 0 sein.');
  });
});
