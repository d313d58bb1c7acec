import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicOrder, Table } from '@shop/contracts';
import { setInitData } from '../../api/init';
import { config, initData } from '../../test/fixtures';
import { StatusPage } from './StatusPage';

const ORDER: PublicOrder = {
  id: 7,
  uid: 'u1',
  hash: 'h1',
  ticketNumber: 42,
  isRejected: false,
  rejectionMessage: null,
  isConfirmed: false,
  isInDelivery: false,
  isDelivered: false,
  isCompleted: false,
  isCanceled: false,
  isFailed: false,
  isReadyForPickup: false,
  isDelivery: false,
  isDineIn: false,
  tableIdentifier: null,
  paymentMethod: 'cash',
  isPaid: false,
  isRefunded: false,
  appointment: null,
  appointmentDate: null,
  counterAppointment: null,
  questionnaireRating: null,
  branch: { id: 1 },
  paymentRedirectUrl: null,
};

function renderStatus(order: PublicOrder, data = initData()) {
  setInitData(data);
  const fetchMock = vi.fn<typeof fetch>(
    async (_url, init) =>
      new Response(JSON.stringify({ data: init?.method === 'POST' ? { ...order, questionnaireRating: 5 } : order }), {
        status: 200,
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <MemoryRouter initialEntries={['/status/u1/h1']}>
        <Routes>
          <Route path="/status/:uid/:hash" element={<StatusPage />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
  return fetchMock;
}

describe('status page (§2.8, §4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('thanks, shows the ticket, the timeline and the status label', async () => {
    renderStatus(ORDER);
    await screen.findByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' });
    expect(screen.getByText('Ticket').nextElementSibling?.textContent).toBe('42');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Warten auf Bestätigung',
      'Wird bearbeitet',
      'Abholbereit',
      'Abgeschlossen',
    ]);
    expect(screen.getByTestId('order-status').textContent).toBe('Warten auf Bestätigung');
  });

  it('reads Bestellnummer when tickets are disabled, and shows a cancelled order with its message', async () => {
    renderStatus(
      { ...ORDER, isRejected: true, rejectionMessage: 'Leider ausgebucht.' },
      initData({ config: { ...config, disableTickets: true } }),
    );
    await screen.findByRole('heading', { name: 'Ihre Bestellung wurde storniert.' });
    expect(screen.getByText('Leider ausgebucht.')).toBeTruthy();
    expect(screen.getByText('Bestellnummer').nextElementSibling?.textContent).toBe('42');
    const step = screen.getByText('Bestellung storniert');
    // no green tick of a step done: the cancelled style
    expect(step.className).toContain('timeline__step--canceled');
    expect(step.className).not.toContain('timeline__step--done');
  });

  it("lights up 'Abholbereit' when staff marked a takeaway order ready", async () => {
    renderStatus({ ...ORDER, isConfirmed: true, isReadyForPickup: true });
    await screen.findByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' });
    const ready = screen.getByText('Abholbereit', { selector: 'li' });
    expect(ready.getAttribute('aria-current')).toBe('step');
    expect(ready.className).toContain('timeline__step--done');
    expect(screen.getByTestId('order-status').textContent).toBe('Abholbereit');
  });

  it("says 'Bewertung konnte nicht gesendet werden.' when the rating fails", async () => {
    const user = userEvent.setup();
    renderStatus({ ...ORDER, isConfirmed: true, isCompleted: true });
    await screen.findByRole('heading', { name: 'Wie zufrieden waren Sie?' });
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ code: 'INTERNAL' }), { status: 500 })),
    );
    for (const group of ['Gesamteindruck', 'Essen', 'Service', 'Bestellablauf']) {
      await user.click(screen.getByRole('group', { name: group }).querySelectorAll('input')[3]!);
    }
    await user.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Bewertung konnte nicht gesendet werden.');
  });

  it("puts the server's German field errors of the questionnaire on their fields", async () => {
    const user = userEvent.setup();
    renderStatus({ ...ORDER, isConfirmed: true, isCompleted: true });
    await screen.findByRole('heading', { name: 'Wie zufrieden waren Sie?' });
    const answer = {
      code: 'VALIDATION',
      message: 'Ungültige Eingabe.',
      errors: [{ field: 'comment', message: 'Dieser Wert ist zu lang.' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => new Response(JSON.stringify(answer), { status: 422 })),
    );
    for (const group of ['Gesamteindruck', 'Essen', 'Service', 'Bestellablauf']) {
      await user.click(screen.getByRole('group', { name: group }).querySelectorAll('input')[2]!);
    }
    await user.type(screen.getByLabelText('Ihr Kommentar'), 'Lang');
    await user.click(screen.getByRole('button', { name: 'Bewertung senden' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Bewertung konnte nicht gesendet werden. Ungültige Eingabe.',
    );
    const comment = screen.getByLabelText('Ihr Kommentar');
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(comment.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Dieser Wert ist zu lang.',
    );
  });

  it('asks for all four ratings before sending the questionnaire of a completed order', async () => {
    const user = userEvent.setup();
    const fetchMock = renderStatus({ ...ORDER, isConfirmed: true, isCompleted: true });
    await screen.findByRole('heading', { name: 'Wie zufrieden waren Sie?' });
    const send = screen.getByRole('button', { name: 'Bewertung senden' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.queryByLabelText('Ihr Kommentar')).toBeNull();
    for (const group of ['Gesamteindruck', 'Essen', 'Service', 'Bestellablauf']) {
      await user.click(screen.getByRole('group', { name: group }).querySelectorAll('input')[4]!);
    }
    expect(send.disabled).toBe(false);
    await user.type(screen.getByLabelText('Ihr Kommentar'), 'Top');
    await user.click(send);
    await screen.findByText('Vielen Dank für Ihre Bewertung!');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/orders/public/u1/h1/questionnaire');
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      rating: 5,
      foodRating: 5,
      serviceRating: 5,
      processRating: 5,
      comment: 'Top',
    });
  });

  it('offers the counter-proposed appointment while unconfirmed and sends the answer', async () => {
    const user = userEvent.setup();
    const fetchMock = renderStatus({ ...ORDER, counterAppointment: '2026-12-03T13:30:00.000Z' });
    const prompt = await screen.findByRole('heading', {
      name: 'Die Filiale schlägt Ihnen einen neuen Termin vor: 03.12.2026 um 14:30 Uhr.',
    });
    expect(prompt).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nein, Bestellung stornieren' }));
    // one tap does not cancel: the customer confirms first (and may go back)
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.getByRole('alertdialog').textContent).toContain('Möchten Sie Ihre Bestellung wirklich stornieren?');
    await user.click(screen.getByRole('button', { name: 'Zurück' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Nein, Bestellung stornieren' }));
    await user.click(screen.getByRole('button', { name: 'Ja, stornieren' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(post[0]).toBe('/api/orders/public/u1/h1/reject-counter-appointment');
  });

  it('names the table of a dine-in order in a row of its own (its name often says Tisch already)', async () => {
    const table: Table = {
      id: 3,
      identifier: 'tisch-3',
      name: 'Tisch 3',
      branch: 1,
      seats: 4,
      createdAt: '',
      updatedAt: '',
    };
    renderStatus({ ...ORDER, isDineIn: true, tableIdentifier: 'tisch-3' }, initData({ tables: [table] }));
    expect((await screen.findByTestId('order-table')).textContent).toBe('Tisch 3');
    expect(screen.getByTestId('order-table').previousElementSibling!.textContent).toBe('Tisch');
    expect(screen.getByText('Vor Ort essen').textContent).toBe('Vor Ort essen');
  });

  it('shows the appointment in force: the accepted counter-proposal, not the one first asked for', async () => {
    renderStatus({ ...ORDER, appointmentDate: '2026-11-25T06:30:00.000Z', appointment: '2026-11-26T09:00:00.000Z' });
    expect((await screen.findByTestId('order-appointment')).textContent).toBe('26.11.2026 10:00');
  });
});
