import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { NoticeProvider } from '../../ui/notices';
import { ItemEditDialog } from './ItemEditDialog';
import type { StaffOrder } from './order-api';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const item = {
  position: 0,
  product: 58,
  name: 'Grüner Veltliner',
  amount: 2.5,
  unit: 'piece',
  parts: {},
  gross: 60,
  taxRate: 20,
};
const order = { id: 7, ticketNumber: 7, items: [item] } as unknown as StaffOrder;

describe('ItemEditDialog', () => {
  beforeEach(() => setCsrfToken('token-1'));
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("shows the server's refusal inside the modal dialog, next to the field (the page behind it is inert)", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        return json(422, {
          code: 'VALIDATION_FAILED',
          message: 'Dieser Wert sollte größer als 0 sein.',
          errors: [{ field: 'amount', message: 'Dieser Wert sollte größer als 0 sein.' }],
        });
      }
      return json(200, { data: { id: 58, unit: 'piece', alternativeUnits: [], config: { parts: {} } } });
    });
    const onClose = vi.fn();
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <NoticeProvider>
          <ItemEditDialog order={order} item={item} onClose={onClose} onChanged={() => undefined} />
        </NoticeProvider>
      </SWRConfig>,
    );
    const dialog = screen.getByRole('dialog', { hidden: true });
    const amount = within(dialog).getByLabelText('Menge');
    expect((amount as HTMLInputElement).value).toBe('2,5');
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern', hidden: true }));
    expect((await within(dialog).findByRole('alert', { hidden: true })).textContent).toBe(
      'Bestellung konnte nicht aktualisiert werden. Dieser Wert sollte größer als 0 sein.',
    );
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Dieser Wert sollte größer als 0 sein.',
    );
    expect(JSON.parse(String(fetchSpy.mock.calls.find(([, i]) => i?.method === 'PUT')![1]!.body))).toMatchObject({
      amount: 0,
    });
    expect(onClose).not.toHaveBeenCalled();
    // no second copy of the message outside the dialog, where nothing can be clicked
    expect(document.querySelector('.notices')?.textContent).toBe('');
  });

  it("keeps the customer's upload step: the file is shown for download and sent back with the line", async () => {
    const photo = {
      id: 21,
      version: 1,
      extension: 'png',
      publicHash: 'AbCdEfGhIjKlMnOpQrStUv',
      mimeType: 'image/png',
      filename: 'motiv.png',
    };
    const withUpload = { ...item, parts: { foto: [photo] } };
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? json(200, { data: order })
        : json(200, {
            data: {
              id: 58,
              unit: 'piece',
              alternativeUnits: [],
              config: { parts: { foto: { name: 'Motiv', type: 'image', options: [] } } },
            },
          }),
    );
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <NoticeProvider>
          <ItemEditDialog order={order} item={withUpload} onClose={() => undefined} onChanged={() => undefined} />
        </NoticeProvider>
      </SWRConfig>,
    );
    const dialog = screen.getByRole('dialog', { hidden: true });
    const link = await within(dialog).findByRole('link', { name: 'motiv.png herunterladen', hidden: true });
    expect(link.getAttribute('href')).toBe('/upload/AbCdEfGhIjKlMnOpQrStUv/21-1.png');
    expect(within(dialog).getByText('Motiv')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern', hidden: true }));
    const put = fetchSpy.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body)).parts).toEqual({ foto: [photo] });
  });
});
