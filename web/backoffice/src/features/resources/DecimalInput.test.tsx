import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DecimalInput } from './DecimalInput';

function Price({ initial, seen }: { initial: unknown; seen: unknown[] }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DecimalInput
        aria-label="Preis"
        value={value}
        nullable
        onValue={(v) => {
          seen.push(v);
          setValue(v);
        }}
      />
      <button type="button" onClick={() => setValue(7.25)}>
        Einfügen
      </button>
    </>
  );
}

describe('DecimalInput', () => {
  afterEach(cleanup);

  it('keeps the comma while a German decimal is typed and reports the number', async () => {
    const seen: unknown[] = [];
    render(<Price initial={11.5} seen={seen} />);
    const input = screen.getByLabelText('Preis') as HTMLInputElement;
    expect(input.value).toBe('11,5');
    await userEvent.clear(input);
    await userEvent.type(input, '12,90');
    expect(input.value).toBe('12,90');
    expect(seen).toEqual([null, 1, 12, 12, 12.9, 12.9]);
  });

  it('shows changes from outside, and leaves what cannot be parsed for the server to name', async () => {
    const seen: unknown[] = [];
    render(<Price initial={null} seen={seen} />);
    const input = screen.getByLabelText('Preis') as HTMLInputElement;
    expect(input.value).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Einfügen' }));
    expect(input.value).toBe('7,25');
    await userEvent.clear(input);
    await userEvent.type(input, 'zwölf');
    expect(seen[seen.length - 1]).toBe('zwölf');
    expect(input.value).toBe('zwölf');
  });
});
