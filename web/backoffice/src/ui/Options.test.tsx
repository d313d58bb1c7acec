import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { byId, labelled, Options, plain } from './Options';

describe('select choices (Options)', () => {
  afterEach(cleanup);

  it('names values from a text table, as themselves, or loaded entities by id', () => {
    expect(labelled(['open', 'done'] as const, { open: 'Offen', done: 'Erledigt' })).toEqual([
      { value: 'open', label: 'Offen' },
      { value: 'done', label: 'Erledigt' },
    ]);
    expect(plain(['regular', 'bold'])).toEqual([
      { value: 'regular', label: 'regular' },
      { value: 'bold', label: 'bold' },
    ]);
    expect(byId([{ id: 3, name: 'Wien' }], (b) => b.name)).toEqual([{ value: 3, label: 'Wien' }]);
    expect(byId(undefined, () => '')).toEqual([]);
  });

  it('renders an option per choice, after what the select has before them', () => {
    render(
      <select aria-label="Filiale" defaultValue="3">
        <option value="">Alle</option>
        <Options
          choices={byId(
            [
              { id: 2, name: 'Graz' },
              { id: 3, name: 'Wien' },
            ],
            (b) => b.name,
          )}
        />
      </select>,
    );
    const options = screen.getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Alle'],
      ['2', 'Graz'],
      ['3', 'Wien'],
    ]);
    expect((screen.getByLabelText('Filiale') as HTMLSelectElement).value).toBe('3');
  });
});
