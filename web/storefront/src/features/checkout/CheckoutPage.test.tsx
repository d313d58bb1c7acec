import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createChallenge, verifySolution } from 'altcha-lib';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { Branch, Product } from '@shop/contracts';
import { localDate, zonedInstant } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../../api/init';
import { resetCartStore, setCart, updateCart } from '../../state/cart-store';
import { bowl, branch, config, initData, pizza, product } from '../../test/fixtures';
import { CheckoutErrorPage, CheckoutPage, errorFieldLabel } from './CheckoutPage';

const donatees = [
  {
    id: 1,
    identifier: 'tafel',
    name: 'Wiener Tafel',
    description: 'Lebensmittel retten',
    image: null,
    website: null,
    isEnabled: true,
    createdAt: '',
    updatedAt: '',
  },
  {
    id: 2,
    identifier: 'nasen',
    name: 'Rote Nasen',
    description: 'Clowns im Spital',
    image: null,
    website: null,
    isEnabled: true,
    createdAt: '',
    updatedAt: '',
  },
];

function renderCheckout(path = '/store/wien/checkout', data = initData({ donatees })) {
  setInitData(data);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/store/:branchIdentifier/checkout" element={<CheckoutPage />} />
        <Route path="/store/:branchIdentifier/checkout/error" element={<CheckoutErrorPage />} />
        <Route path="/status/:uid/:hash" element={<h1>Status</h1>} />
        <Route path="/store/:branchIdentifier" element={<h1>Filiale</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

function withPizza() {
  setCart('wien', {
    items: [
      {
        product: pizza,
        amount: 1,
        unit: 'piece',
        parts: { groesse: { name: 'Groß', modifier: 'overwrite', value: 17.9 } },
      },
    ],
    isDelivery: false,
    isDineIn: false,
    deliveryArea: null,
    order: { appointment: null, comment: null },
  });
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Vorname *'), 'Anna');
  await user.type(screen.getByLabelText('Nachname *'), 'Berger');
  await user.type(screen.getByLabelText('E-Mail *'), 'anna@example.at');
  await user.type(screen.getByLabelText('Telefon *'), '0043 660 123');
  await user.click(screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }));
  await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
}

describe('checkout (§2.7, §4 checkout flow)', () => {
  beforeEach(() => resetCartStore());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the empty-cart text with a link back to the branch', () => {
    renderCheckout();
    expect(screen.getByText('Keine Produkte im Warenkorb!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Zurück zur Filiale' }).getAttribute('href')).toBe('/store/wien');
  });

  it('sends the order with an idempotency key and goes to the payment page when a redirect URL comes back', async () => {
    const user = userEvent.setup();
    withPizza();
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      origin: window.location.origin,
      pathname: '/store/wien/checkout',
    });
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        new Response(
          JSON.stringify({ data: { uid: 'u', hash: 'h', paymentRedirectUrl: 'https://pay.example/checkout/1' } }),
          { status: 201 },
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderCheckout(
      '/store/wien/checkout',
      initData({
        config: { ...config, enableMollie: true, enablePluginMollie: true },
        branches: [branch({ isMollieEnabled: true })],
        donatees,
      }),
    );
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: 'Online bezahlen' }));
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/1');
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/orders')!;
    expect(url).toBe('/api/orders');
    expect((init!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    const body = JSON.parse(String(init!.body));
    expect(body).toMatchObject({
      branch: 1,
      isDelivery: false,
      isDineIn: false,
      firstName: 'Anna',
      lastName: 'Berger',
      phone: '+43660123',
      paymentMethod: 'mollie',
      legalInstructions: true,
      privacyPolicy: true,
      items: [{ product: 11, amount: 1, unit: 'piece', parts: { groesse: { name: 'Groß' } } }],
    });
  });

  it('solves the proof-of-work the server asks for and sends the order again with it (X-Altcha)', async () => {
    const user = userEvent.setup();
    withPizza();
    const assign = vi.fn();
    vi.stubGlobal('location', {
      ...window.location,
      assign,
      origin: window.location.origin,
      pathname: '/store/wien/checkout',
    });
    const hmacKey = 'test-key-of-the-gateway-0123456789abcdef';
    const challenge = await createChallenge({ hmacKey, maxNumber: 2000 });
    let orders = 0;
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async (url) => {
      if (url === '/api/orders/challenge') return new Response(JSON.stringify({ data: challenge }), { status: 200 });
      orders += 1;
      return orders === 1
        ? new Response(JSON.stringify({ code: 'CHALLENGE_REQUIRED', message: 'Sicherheitsprüfung', errors: [] }), {
            status: 429,
          })
        : new Response(
            JSON.stringify({ data: { uid: 'u', hash: 'h', paymentRedirectUrl: 'https://pay.example/checkout/2' } }),
            { status: 201 },
          );
    });
    vi.stubGlobal('fetch', fetchMock);
    renderCheckout(
      '/store/wien/checkout',
      initData({
        config: { ...config, enableMollie: true, enablePluginMollie: true },
        branches: [branch({ isMollieEnabled: true })],
        donatees,
      }),
    );
    await fillForm(user);
    await user.click(screen.getByRole('radio', { name: 'Online bezahlen' }));
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/2'));
    const sent = fetchMock.mock.calls
      .filter(([u]) => u === '/api/orders')
      .map(([, init]) => init!.headers as Record<string, string>);
    expect(sent).toHaveLength(2);
    expect(sent[0]).not.toHaveProperty('X-Altcha');
    // the same order (same key) with a solution the server accepts
    expect(sent[1]!['Idempotency-Key']).toBe(sent[0]!['Idempotency-Key']);
    expect(await verifySolution(sent[1]!['X-Altcha']!, hmacKey)).toBe(true);
  });

  it('shows server errors per field and keeps the form; a counter method goes straight to the status page', async () => {
    const user = userEvent.setup();
    withPizza();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        new Response(
          JSON.stringify({
            code: 'VALIDATION',
            message: 'Dieser Wert sollte nicht leer sein.',
            errors: [
              { field: 'lastName', message: 'Dieser Wert sollte nicht leer sein.' },
              { field: 'city', message: 'Dieser Wert sollte nicht leer sein.' },
              { field: 'deliveryZipCode', message: 'Dieser Wert sollte nicht leer sein.' },
              { field: 'legalInstructions', message: 'Bitte akzeptieren Sie diese Bedingungen.' },
              { field: 'items.0.parts', message: 'Bitte vervollständigen Sie die Auswahl für "Pizza".' },
              { field: null, message: 'Ein unbekannter Fehler ist aufgetreten.' },
            ],
          }),
          { status: 422 },
        ),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ data: { uid: 'u1', hash: 'h1', paymentRedirectUrl: null } }), { status: 201 }),
      );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderCheckout();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Bitte prüfen Sie Ihre Eingaben')).toBeTruthy();
    // the summary names each field: the same message for several fields would not say what to fix
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Nachname: Dieser Wert sollte nicht leer sein.',
      'Ort: Dieser Wert sollte nicht leer sein.',
      'Lieferadresse – PLZ: Dieser Wert sollte nicht leer sein.',
      'Allgemeine Geschäftsbedingungen: Bitte akzeptieren Sie diese Bedingungen.',
      `${pizza.name}: Bitte vervollständigen Sie die Auswahl für "Pizza".`,
      'Ein unbekannter Fehler ist aufgetreten.',
    ]);
    expect(document.getElementById('checkout-lastName-error')!.textContent).toBe('Dieser Wert sollte nicht leer sein.');
    expect(document.getElementById('item-0-error')!.textContent).toBe(
      'Bitte vervollständigen Sie die Auswahl für "Pizza".',
    );
    expect(window.scrollTo).toHaveBeenCalled();
    const firstKey = (fetchMock.mock.calls[0]![1]!.headers as Record<string, string>)['Idempotency-Key'];
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    expect(await screen.findByRole('heading', { name: 'Status' })).toBeTruthy();
    // a new attempt after a refusal carries a new key
    expect((fetchMock.mock.calls[1]![1]!.headers as Record<string, string>)['Idempotency-Key']).not.toBe(firstKey);
    expect(JSON.parse(sessionStorage.getItem('cart:wien')!).items).toEqual([]);
  });

  it('sends the order even when the phone or the appointment is known to be wrong, so one answer names every field', async () => {
    const user = userEvent.setup();
    withPizza();
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 'VALIDATION_FAILED',
          message: 'Dieser Wert sollte nicht leer sein.',
          errors: [
            { field: 'firstName', message: 'Dieser Wert sollte nicht leer sein.' },
            { field: 'appointmentDate', message: 'Bitte wählen Sie einen Termin aus.' },
            // the order service names a closed branch's missing appointment twice (now closed; branch requires one)
            { field: 'appointmentDate', message: 'Bitte wählen Sie einen Termin aus.' },
          ],
        }),
        { status: 422 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderCheckout('/store/wien/checkout', initData({ branches: [branch({ isAppointmentRequired: true })] }));
    await user.type(screen.getByLabelText('Telefon *'), '0664 123');
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    const alert = await screen.findByRole('alert');
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/orders')).toHaveLength(1);
    // the local phone message once, the server's appointment message once (not twice), the server's first name
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Telefon: Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.',
      'Vorname: Dieser Wert sollte nicht leer sein.',
      'Termin: Bitte wählen Sie einen Termin aus.',
    ]);
  });

  it("offers only the times at which the cart's products are sold, and says so at a time they are not", async () => {
    const user = userEvent.setup();
    // the pizza sold 07:00-10:00 only, like a breakfast; the branch is open all day; the cart holds tomorrow noon
    const breakfast: Product = {
      ...pizza,
      schedule: [{ type: 'daily', date: null, from: '07:00', to: '10:00', isClosed: false }],
    };
    const tomorrow = localDate(new Date(Date.now() + 86_400_000), 'Europe/Vienna');
    withPizza();
    updateCart('wien', (c) => ({
      ...c,
      order: { ...c.order, appointment: zonedInstant(tomorrow, 12 * 60, 'Europe/Vienna').toISOString() },
    }));
    renderCheckout('/store/wien/checkout', initData({ products: [product(), breakfast, bowl] }));
    const message =
      'Zum ausgewählten Zeitpunkt können wir "Pizza" leider nicht anbieten. Bitte wählen Sie einen anderen Termin.';
    expect(screen.getByText(message)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Uhrzeit wählen/ }));
    const picker = screen.getByRole('dialog', { name: 'Uhrzeit auswählen' });
    // the branch's all-day hours narrowed to the pizza's: one window, and noon cannot be saved
    expect(within(picker).getByRole('button', { name: 'Speichern' })).toHaveProperty('disabled', true);
    expect(
      within(picker)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['07:00 – 10:00']);
    await user.click(within(picker).getByRole('button', { name: '07:00 – 10:00' }));
    await user.click(within(picker).getByRole('button', { name: 'Speichern' }));
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.getByText(new RegExp(`${tomorrow.split('-').reverse().join('.')} 07:00`))).toBeTruthy();
  });

  it('shows the payment-failed message on checkout/error, the terms overlay as markdown, and the donatee search', async () => {
    const user = userEvent.setup();
    withPizza();
    // §7 "load all donatees (when the donation chooser opens)": not from the start-up batch, and not before
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        new Response(
          JSON.stringify({ data: [...donatees, { ...donatees[0]!, id: 3, name: 'Aus', isEnabled: false }] }),
          { status: 200 },
        ),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderCheckout('/store/wien/checkout/error', initData({ donatees: [] }));
    expect(
      screen.getByText(
        'Leider ist Ihre Zahlung fehlgeschlagen. Bitte überprüfen Sie Ihre Daten und versuchen Sie es erneut.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Allgemeinen Geschäftsbedingungen' }));
    const terms = screen.getByRole('dialog', { name: 'Allgemeine Geschäftsbedingungen' });
    expect(await within(terms).findByRole('heading', { name: 'AGB' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/donatees')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Organisation wählen' }));
    const chooser = screen.getByRole('dialog', { name: 'Organisation wählen' });
    await within(chooser).findByLabelText('Organisation suchen');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/donatees')).toHaveLength(1);
    // a disabled entry is not offered
    expect(within(chooser).queryByRole('button', { name: /^Aus/ })).toBeNull();
    await user.type(within(chooser).getByLabelText('Organisation suchen'), 'spital');
    expect(
      within(chooser)
        .getAllByRole('button', { pressed: false })
        .map((b) => b.textContent),
    ).toContain('Rote NasenClowns im Spital');
    await user.clear(within(chooser).getByLabelText('Organisation suchen'));
    await user.type(within(chooser).getByLabelText('Organisation suchen'), 'xyz');
    expect(within(chooser).getAllByText('Keine passende Organisation gefunden.')).toHaveLength(1);
    await user.clear(within(chooser).getByLabelText('Organisation suchen'));
    await user.click(within(chooser).getByRole('button', { name: /Wiener Tafel/ }));
    expect(screen.getByText('Wiener Tafel')).toBeTruthy();
    // the submit label of an open branch
    expect(screen.getByRole('button', { name: 'Bestellung abschicken' })).toBeTruthy();
  });

  it.each([
    ['a quotation branch', { isQuotationRequired: true, openingHours: [] }, 'Angebotsanfrage abschicken'],
    ['an open branch', {}, 'Bestellung abschicken'],
    ['a closed branch with preorder', { openingHours: [], isPreorderEnabled: true }, 'Vorbestellung abschicken'],
  ] as Array<[string, Partial<Branch>, string]>)('labels the submit button for %s (§2.7)', (_name, patch, label) => {
    withPizza();
    renderCheckout('/store/wien/checkout', initData({ branches: [branch(patch)] }));
    expect(screen.getByRole('button', { name: label })).toBeTruthy();
    for (const other of ['Angebotsanfrage abschicken', 'Bestellung abschicken', 'Vorbestellung abschicken'].filter(
      (l) => l !== label,
    )) {
      expect(screen.queryByRole('button', { name: other })).toBeNull();
    }
  });

  it('offers no submit button for a closed branch without preorder, nor for delivery below the minimum', () => {
    withPizza();
    const { unmount } = renderCheckout('/store/wien/checkout', initData({ branches: [branch({ openingHours: [] })] }));
    expect(screen.queryByRole('button', { name: /abschicken/ })).toBeNull();
    unmount();
    // delivery to an area whose minimum (EUR 40,00) the EUR 17,90 pizza does not reach
    sessionStorage.setItem('delivery-method:wien', JSON.stringify('delivery'));
    const area = {
      area: '1010 Zentrum',
      price: 3.5,
      tax: 20,
      free: false,
      freeFromOrderValue: null,
      minimumOrderValue: 40,
    };
    renderCheckout('/store/wien/checkout', initData({ branches: [branch({ deliveryAreas: [area] })] }));
    expect(
      screen.getByText('Sie haben den Mindestbestellwert in Höhe von EUR 40,00 leider noch nicht erreicht.'),
    ).toBeTruthy();
    // §5 "with a hint to add goods or choose another delivery type" here too, not only in the cart
    expect(
      screen.getByText('Bitte fügen Sie weitere Produkte hinzu oder wählen Sie eine andere Art der Lieferung.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /abschicken/ })).toBeNull();
  });

  it('with delivery closed names the checkout variant and the other modes the branch offers (§4)', () => {
    withPizza();
    sessionStorage.setItem('delivery-method:wien', JSON.stringify('delivery'));
    renderCheckout(
      '/store/wien/checkout',
      initData({ branches: [branch({ isDeliveryHoursEnabled: true, deliveryHours: [], isDineInEnabled: true })] }),
    );
    const intro = screen.getByText('Derzeit bieten wir leider keine Lieferung an.').parentElement!;
    expect(within(intro).getByText('Sie können Ihre Bestellung aber gerne abholen.')).toBeTruthy();
    expect(within(intro).getByText('Sie können aber gerne bei uns vor Ort essen.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /abschicken/ })).toBeNull();
  });
});

describe('the error summary names the field of every server message (issue 14 item 12)', () => {
  it('names the order type, the branch, the appointment, a line by its product and the delivery address', () => {
    const items = [{ product: { name: 'Pizza' } }];
    expect(errorFieldLabel('isDelivery', items)).toBe('Art der Bestellung');
    expect(errorFieldLabel('isDineIn', items)).toBe('Art der Bestellung');
    expect(errorFieldLabel('branch', items)).toBe('Ihre Filiale');
    expect(errorFieldLabel('appointmentDate', items)).toBe('Termin');
    expect(errorFieldLabel('items.0.parts', items)).toBe('Pizza');
    expect(errorFieldLabel('deliveryZipCode', items)).toBe('Lieferadresse – PLZ');
    expect(errorFieldLabel(null, items)).toBeNull();
  });
});
