import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StepsEditor } from './StepsEditor';

type Parts = Record<string, unknown> | null;

/** The editor as the product form uses it: controlled, with the server's field errors below config.parts. */
function Harness({ initial, errors = {}, seen }: { initial: Parts; errors?: Record<string, string>; seen: Parts[] }) {
  const [value, setValue] = useState<Parts>(initial);
  return (
    <StepsEditor
      id="f-config-parts"
      value={value as never}
      errors={errors}
      onChange={(v) => {
        seen.push(v as Parts);
        setValue(v as Parts);
      }}
    />
  );
}
const last = (seen: Parts[]) => seen[seen.length - 1];

describe('StepsEditor', () => {
  afterEach(cleanup);

  it('builds steps with options, modifiers and German decimal values, keyed and in order', async () => {
    const seen: Parts[] = [];
    render(<Harness initial={null} seen={seen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Schritt hinzufügen' }));
    const first = screen.getByRole('group', { name: 'Schritt 1' });
    await userEvent.clear(within(first).getByLabelText('Schlüssel'));
    await userEvent.type(within(first).getByLabelText('Schlüssel'), 'groesse');
    await userEvent.type(within(first).getByLabelText('Name'), 'Größe');
    const step = screen.getByRole('group', { name: 'Schritt 1: Größe' });
    await userEvent.click(within(step).getByRole('button', { name: /Option hinzufügen/ }));
    await userEvent.click(within(step).getByRole('button', { name: /Option hinzufügen/ }));
    await userEvent.type(within(step).getByLabelText('Option 1 (Schritt 1: Größe)'), 'Klein');
    await userEvent.type(within(step).getByLabelText('Option 2 (Schritt 1: Größe)'), 'Groß');
    await userEvent.clear(within(step).getByLabelText('Betrag 2 (Schritt 1: Größe)'));
    await userEvent.type(within(step).getByLabelText('Betrag 2 (Schritt 1: Größe)'), '2,5');
    await userEvent.selectOptions(within(step).getByLabelText('Preisänderung 1 (Schritt 1: Größe)'), 'subtract');

    await userEvent.click(screen.getByRole('button', { name: 'Schritt hinzufügen' }));
    const second = screen.getByRole('group', { name: 'Schritt 2' });
    await userEvent.selectOptions(within(second).getByLabelText('Typ'), 'text');
    await userEvent.type(within(second).getByLabelText('Name'), 'Wunschtext');
    await userEvent.click(within(second).getByLabelText('Optional'));
    // a text step has no options
    expect(
      within(screen.getByRole('group', { name: 'Schritt 2: Wunschtext' })).queryByRole('button', {
        name: /Option hinzufügen/,
      }),
    ).toBeNull();

    expect(last(seen)).toEqual({
      groesse: {
        type: 'select',
        name: 'Größe',
        description: null,
        optional: false,
        options: [
          { name: 'Klein', modifier: 'subtract', value: 0 },
          { name: 'Groß', modifier: 'add', value: 2.5 },
        ],
      },
      'schritt-2': { type: 'text', name: 'Wunschtext', description: null, optional: true, options: [] },
    });

    // moving the second step up changes the order of the keys (the storefront asks in this order)
    await userEvent.click(screen.getByRole('button', { name: 'Nach oben (Schritt 2: Wunschtext)' }));
    expect(Object.keys(last(seen)!)).toEqual(['schritt-2', 'groesse']);
    await userEvent.click(screen.getByRole('button', { name: 'Entfernen (Schritt 1: Wunschtext)' }));
    expect(Object.keys(last(seen)!)).toEqual(['groesse']);
  });

  it("shows the server's German errors at the step and option they belong to", () => {
    const seen: Parts[] = [];
    const initial = {
      basis: { type: 'select', name: '', optional: false, options: [{ name: '', modifier: 'add', value: 'viel' }] },
    };
    render(
      <Harness
        initial={initial}
        seen={seen}
        errors={{
          'basis.name': 'Dieser Wert sollte nicht leer sein.',
          'basis.options.0.name': 'Dieser Wert sollte nicht leer sein.',
          'basis.options.0.value': 'Dieser Wert sollte vom Typ number sein.',
        }}
      />,
    );
    const step = screen.getByRole('group', { name: 'Schritt 1' });
    expect(within(step).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(step.querySelector('#f-config-parts-0-name-error')!.textContent).toBe('Dieser Wert sollte nicht leer sein.');
    expect(within(step).getByLabelText('Option 1 (Schritt 1)')).toHaveProperty('value', '');
    expect(step.querySelector('#f-config-parts-0-o0-name-error')!.textContent).toBe(
      'Dieser Wert sollte nicht leer sein.',
    );
    expect(step.querySelector('#f-config-parts-0-o0-value-error')!.textContent).toBe(
      'Dieser Wert sollte vom Typ number sein.',
    );
    // each error is announced with its input
    expect(within(step).getByLabelText('Name').getAttribute('aria-describedby')).toBe('f-config-parts-0-name-error');
    expect(within(step).getByLabelText('Betrag 1 (Schritt 1)').getAttribute('aria-describedby')).toBe(
      'f-config-parts-0-o0-value-error',
    );
    expect(within(step).getByLabelText('Betrag 1 (Schritt 1)')).toHaveProperty('value', 'viel');
    expect(seen).toEqual([]);
  });
});
