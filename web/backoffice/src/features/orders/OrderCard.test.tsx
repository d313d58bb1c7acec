import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCsrfToken } from '../../api/client';
import { NoticeProvider } from '../../ui/notices';
import { amountLabel, appointmentLabel, OrderCard, paymentLabel } from './OrderCard';
import { ViewSettings } from './ViewSettings';
import type { StaffOrder } from './order-api';

describe('order facts in German', () => {
  it('names the payment method and its state', () => {
    expect(paymentLabel({ paymentMethod: 'cash', isPaid: false, isRefunded: false })).toBe('Barzahlung, nicht bezahlt');
    expect(paymentLabel({ paymentMethod: 'atm-card', isPaid: true, isRefunded: false })).toBe('Bankomatkarte, bezahlt');
    expect(paymentLabel({ paymentMethod: 'hydro-ag-voucher', isPaid: true, isRefunded: false })).toBe(
      'Hydro-AG-Gutschein, bezahlt',
    );
    expect(paymentLabel({ paymentMethod: 'mollie', isPaid: true, isRefunded: true })).toMatch(/^Mollie, /);
  });

  it('writes amounts with a decimal comma and the unit', () => {
    expect(amountLabel({ amount: 2.5, unit: 'piece' })).toBe('2,5 Stk.');
    expect(amountLabel({ amount: 0.25, unit: 'kilogram' })).toBe('0,25 kg');
    expect(amountLabel({ amount: 1500, unit: 'gram' })).toBe('1.500 g');
  });
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
const PIZZA = {
  id: 58,
  name: 'Bowl nach Wahl',
  config: {
    parts: {
      basis: { name: 'Basis', type: 'select', options: [] },
      toppings: { name: 'Toppings', type: 'multiselect', options: [] },
      notiz: { name: 'Anmerkung', type: 'textarea', options: [] },
      foto: { name: 'Foto', type: 'image', options: [] },
    },
  },
};
const base = {
  id: 7,
  uid: 'u',
  hash: 'h',
  ticketNumber: 12,
  status: 'confirmed',
  isConfirmed: true,
  isRejected: false,
  isCanceled: false,
  isCompleted: false,
  isInDelivery: false,
  isDelivered: false,
  isFailed: false,
  isReadyForPickup: false,
  isDelivery: true,
  isDineIn: false,
  tableIdentifier: null,
  paymentMethod: 'cash',
  isPaid: false,
  isRefunded: false,
  appointmentDate: null,
  appointment: '2026-11-25T11:00:00.000Z',
  counterAppointment: null,
  counterAnswer: 'accepted',
  answeredCounterAppointment: '2026-11-25T11:00:00.000Z',
  rejectionMessage: null,
  receipt: null,
  branch: { id: 1 },
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
  customer: {
    firstName: 'Anna',
    lastName: 'Berger',
    street: 'Rechnungsweg 1',
    zipCode: '1010',
    city: 'Wien',
    isDeliveryAddressDifferent: true,
    deliveryStreet: 'Landstraßer Hauptstraße 1',
    deliveryFloor: '2',
    deliveryDoor: '5',
    deliveryZipCode: '1030',
    deliveryCity: 'Wien',
    deliveryArea: '1030 Wien – Landstraße',
    comment: 'Bitte läuten',
  },
  items: [
    {
      position: 0,
      product: 58,
      name: 'Bowl nach Wahl',
      amount: 1,
      unit: 'piece',
      parts: {
        basis: { name: 'Reis', modifier: 'add', value: 0 },
        toppings: [
          { name: 'Lachs', modifier: 'add', value: 2 },
          { name: 'Avocado', modifier: 'add', value: 1 },
        ],
        notiz: 'ohne Sesam',
        foto: [
          { id: 21, version: 1, extension: 'jpg', publicHash: HASH, mimeType: 'image/jpeg', filename: 'torte.jpg' },
        ],
      },
      gross: 14.9,
      taxRate: 10,
    },
  ],
  pricing: { deliveryGross: 3.5, totalGross: 18.4 },
} as unknown as StaffOrder;

/** The API as the card sees it: products and branches, and a print refused for a branch without a printer. */
function mockApi() {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST' && url.endsWith('/print'))
      return new Response(
        JSON.stringify({
          code: 'CONFLICT',
          message: 'Für die Filiale „Innere Stadt“ ist kein Drucker eingerichtet.',
          errors: [{ field: null, message: 'Für die Filiale „Innere Stadt“ ist kein Drucker eingerichtet.' }],
        }),
        { status: 409, headers: { 'content-type': 'application/json' } },
      );
    if (url.startsWith('/api/products')) return json({ data: [PIZZA] });
    if (url.startsWith('/api/branches')) return json({ data: [{ id: 1, name: 'Innere Stadt' }] });
    return json({ data: null });
  });
}
function renderCard(order: StaffOrder) {
  mockApi();
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <NoticeProvider>
        <MemoryRouter>
          <OrderCard order={order} onChanged={() => undefined} />
        </MemoryRouter>
      </NoticeProvider>
    </SWRConfig>,
  );
}

describe('the board card shows what to cook, where to drive and the time in force', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('the accepted counter-proposal is the appointment, marked as agreed through the proposal', async () => {
    const { container } = renderCard(base);
    const facts = container.querySelector('.order-facts')!.textContent!;
    expect(facts).toContain('Termin25.11.2026 12:00 (per Gegenvorschlag vereinbart)');
    expect(facts).not.toContain('So bald wie möglich');
    expect(appointmentLabel({ appointment: null, counterAnswer: null })).toBe('So bald wie möglich');
  });

  it('lists options, texts and uploads per step, the delivery address and the delivery fee', async () => {
    const { container } = renderCard(base);
    const items = within(screen.getByRole('list', { name: 'Positionen' }));
    expect(await items.findByText('Basis:')).toBeTruthy();
    const text = container.querySelector('.order-items')!.textContent!;
    for (const expected of ['Basis: Reis', 'Toppings: Lachs, Avocado', 'Anmerkung: ohne Sesam', 'Foto: torte.jpg'])
      expect(text).toContain(expected);
    expect(text).toContain('LieferkostenEUR 3,50');
    expect(text).not.toContain('[object Object]');
    const download = screen.getByRole('link', { name: 'torte.jpg herunterladen' });
    expect(download.getAttribute('href')).toBe(`/upload/${HASH}/21-1.jpg`);
    // the thumbnail is the content service's small preview, the link downloads the original
    expect(download.querySelector('img')?.getAttribute('src')).toBe(`/upload/${HASH}/preview/21-1.jpg`);
    expect(container.querySelector('.order-facts')!.textContent).toContain(
      'LieferadresseLandstraßer Hauptstraße 1, Stock 2, Tür 5, 1030 Wien (1030 Wien – Landstraße)',
    );
  });

  it("offers 'Abholbereit' for a confirmed takeaway order", () => {
    renderCard({ ...base, isDelivery: false, customer: { ...base.customer, isDeliveryAddressDifferent: false } });
    expect(screen.getByRole('button', { name: 'Abholbereit: Ticket 12' })).toBeTruthy();
    expect(document.querySelector('.order-facts')!.textContent).not.toContain('Lieferadresse');
  });

  it('says why a canceled order was canceled when the customer declined the proposed time', () => {
    renderCard({ ...base, status: 'canceled', isCanceled: true, appointment: null, counterAnswer: 'declined' });
    expect(screen.getByText('Der Kunde hat den vorgeschlagenen Termin (25.11.2026 12:00) abgelehnt.')).toBeTruthy();
  });

  it('shows whether the receipt printed, and offers to print a failed one again', () => {
    const { container } = renderCard({ ...base, receipt: 'failed' });
    expect(container.querySelector('.order-facts')!.textContent).toContain('Belegnicht gedruckt');
    expect(screen.getByRole('button', { name: 'Erneut drucken: Ticket 12' })).toBeTruthy();
  });

  it('says that the branch has no printer instead of a print job that is lost', async () => {
    setCsrfToken('token-1');
    renderCard(base);
    await userEvent.click(screen.getByRole('button', { name: 'Drucken: Ticket 12' }));
    const notices = document.querySelector('.notices')!;
    await waitFor(() =>
      expect(notices.textContent).toContain(
        'Beleg konnte nicht gedruckt werden. Für die Filiale „Innere Stadt“ ist kein Drucker eingerichtet.',
      ),
    );
    expect(notices.textContent).not.toContain('Druckauftrag wurde erstellt.');
  });

  it("hides product and customer data by the local settings (stored as '1' or '0', both on by default)", async () => {
    localStorage.removeItem('backoffice.showProductData');
    localStorage.removeItem('backoffice.showCustomerData');
    mockApi();
    render(
      <SWRConfig value={{ provider: () => new Map() }}>
        <NoticeProvider>
          <MemoryRouter>
            <ViewSettings />
            <OrderCard order={base} onChanged={() => undefined} />
          </MemoryRouter>
        </NoticeProvider>
      </SWRConfig>,
    );
    const items = screen.getByRole('list', { name: 'Positionen' });
    expect(items.hidden).toBe(false);
    expect(document.querySelector('.order-facts')!.textContent).toContain('Anna Berger');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Produktdaten anzeigen' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Kundendaten anzeigen' }));
    expect(localStorage.getItem('backoffice.showProductData')).toBe('0');
    expect(localStorage.getItem('backoffice.showCustomerData')).toBe('0');
    expect(items.hidden).toBe(true);
    const facts = document.querySelector('.order-facts')!.textContent!;
    expect(facts).not.toContain('Anna Berger');
    expect(facts).not.toContain('Landstraßer');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Produktdaten anzeigen' }));
    expect(localStorage.getItem('backoffice.showProductData')).toBe('1');
    expect(items.hidden).toBe(false);
    localStorage.clear();
  });
});
