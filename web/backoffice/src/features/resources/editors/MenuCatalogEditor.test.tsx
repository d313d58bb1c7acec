import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MenuCatalogEditor } from './MenuCatalogEditor';

vi.mock('../use-options', () => ({
  useResourceOptions: (resource: string) =>
    resource === 'categories'
      ? [{ value: '1', label: 'Pizza' }]
      : [
          { value: '7', label: 'Margherita' },
          { value: '8', label: 'Diavola' },
        ],
}));

type Catalog = Array<{ id: number; products: Array<{ id: number; isEnabled?: boolean; schedule?: unknown }> }>;

function Harness({
  initial,
  errors = {},
  seen,
}: {
  initial: Catalog;
  errors?: Record<string, string>;
  seen: Catalog[];
}) {
  const [value, setValue] = useState<Catalog>(initial);
  return (
    <MenuCatalogEditor
      id="f-categories"
      value={value}
      errors={errors}
      onChange={(v) => {
        seen.push(v as Catalog);
        setValue(v as Catalog);
      }}
    />
  );
}

describe('MenuCatalogEditor', () => {
  afterEach(cleanup);

  it('gives a product its own schedule inside the menu, and takes it away again', async () => {
    const seen: Catalog[] = [];
    render(
      <Harness
        initial={[
          {
            id: 1,
            products: [
              { id: 7, isEnabled: true, schedule: null },
              { id: 8, isEnabled: true, schedule: null },
            ],
          },
        ]}
        seen={seen}
      />,
    );
    await userEvent.click(screen.getAllByText(/Zeitplan in diesem Menü/)[0]!);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Zeitplan verwenden (Margherita)' }));
    expect(seen.at(-1)![0]!.products[0]!.schedule).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Regel hinzufügen (Margherita)' }));
    expect(seen.at(-1)![0]!.products).toEqual([
      {
        id: 7,
        isEnabled: true,
        schedule: [{ type: 'daily', date: null, from: '09:00', to: '18:00', isClosed: false }],
      },
      { id: 8, isEnabled: true, schedule: null },
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Zeitplan verwenden (Margherita)' }));
    expect(seen.at(-1)![0]!.products[0]!.schedule).toBeNull();
  });

  it("shows the server's error of a product's schedule rule next to it", () => {
    render(
      <Harness
        initial={[
          { id: 1, products: [{ id: 7, schedule: [{ type: 'daily', from: '18:00', to: '09:00', isClosed: false }] }] },
        ]}
        errors={{ '0.products.0.schedule.0.to': 'Die Endzeit muss nach der Startzeit liegen.' }}
        seen={[]}
      />,
    );
    expect(screen.getByText('Die Endzeit muss nach der Startzeit liegen.')).toBeTruthy();
  });
});
