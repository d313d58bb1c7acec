import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../../api/init';
import { resetCartStore, setCart } from '../../state/cart-store';
import { branch, initData, pizza } from '../../test/fixtures';
import { CheckoutPage } from './CheckoutPage';
import { checkoutSchema } from './checkout-schema';
import { acceptConsent, pendingAnalytics, resetAnalytics } from '@shop/web-shared';

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

function renderCheckout(data = initData()) {
  setInitData(data);
  return render(
    <MemoryRouter initialEntries={['/store/wien/checkout']}>
      <Routes>
        <Route path="/store/:branchIdentifier/checkout" element={<CheckoutPage />} />
        <Route path="/status/:uid/:hash" element={<h1>Status</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function acceptBoth(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }));
  await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
}

const summary = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the checkout form (useCheckoutForm)', () => {
  beforeEach(() => resetCartStore());
  afterEach(() => {
    vi.unstubAllGlobals();
    resetAnalytics();
  });

  it("checks the contract's OrderInput plus the browser's rules, which speak even when the contract's checks fail", () => {
    const schema = checkoutSchema({ branch: branch({ isAppointmentRequired: true }), method: 'takeaway', lines: [] });
    const result = schema.safeParse({
      branch: 1,
      items: [{ product: 11, amount: 1 }],
      email: 'keine-adresse',
      phone: '0664 123',
    });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.code]);
    expect(issues).toEqual([
      ['email', 'invalid_format'],
      ['appointmentDate', 'custom'],
      ['phone', 'custom'],
    ]);
    expect(result.error!.issues.find((i) => i.path[0] === 'phone')!.message).toBe(
      'Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.',
    );
    // a complete order passes as it is
    expect(
      checkoutSchema({ branch: branch(), method: 'takeaway', lines: [] }).safeParse({
        branch: 1,
        items: [{ product: 11, amount: 1 }],
        phone: '+43664123',
      }).success,
    ).toBe(true);
  });

  it('keeps a draft per branch without the consent boxes and restores it', async () => {
    const user = userEvent.setup();
    withPizza();
    const { unmount } = renderCheckout();
    await user.type(screen.getByLabelText('Vorname *'), 'Anna');
    await user.click(screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Ich bestelle für eine Firma' }));
    await user.type(screen.getByLabelText('Firmenname'), 'Beispiel GmbH');
    const draft = JSON.parse(sessionStorage.getItem('checkout:wien')!);
    expect(draft).toMatchObject({
      firstName: 'Anna',
      isCompany: true,
      companyName: 'Beispiel GmbH',
      legalInstructions: false,
      privacyPolicy: false,
    });
    unmount();
    renderCheckout();
    expect((screen.getByLabelText('Vorname *') as HTMLInputElement).value).toBe('Anna');
    expect((screen.getByLabelText('Firmenname') as HTMLInputElement).value).toBe('Beispiel GmbH');
    expect(
      (screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('sends the form events of a refused order: submit, the local rule, the failed submission', async () => {
    const user = userEvent.setup();
    acceptConsent();
    withPizza();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(
          JSON.stringify({
            code: 'VALIDATION_FAILED',
            message: 'Dieser Wert sollte nicht leer sein.',
            errors: [{ field: 'lastName', message: 'Dieser Wert sollte nicht leer sein.' }],
          }),
          { status: 422 },
        ),
      ),
    );
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderCheckout();
    await user.type(screen.getByLabelText('Telefon *'), '0664 123');
    await acceptBoth(user);
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Telefon: Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.',
      'Nachname: Dieser Wert sollte nicht leer sein.',
    ]);
    expect(
      pendingAnalytics()
        .filter((e) => e.type === 'form')
        .map((e) => e.action),
    ).toEqual(['Submit: Bestellung', 'Validation Failed: Bestellung', 'Submission Failed: Bestellung']);
  });

  it('names the phone rule also when the contract refuses the same field (too long)', async () => {
    const user = userEvent.setup();
    withPizza();
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response(
        JSON.stringify({
          code: 'VALIDATION_FAILED',
          message: 'Diese Zeichenkette ist zu lang. Sie sollte höchstens 40 Zeichen haben.',
          errors: [
            { field: 'phone', message: 'Diese Zeichenkette ist zu lang. Sie sollte höchstens 40 Zeichen haben.' },
          ],
        }),
        { status: 422 },
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderCheckout();
    await user.type(screen.getByLabelText('Telefon *'), '6'.repeat(45));
    await acceptBoth(user);
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    const alert = await screen.findByRole('alert');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Telefon: Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.',
      'Telefon: Diese Zeichenkette ist zu lang. Sie sollte höchstens 40 Zeichen haben.',
    ]);
  });

  it('checks a named field again when it changes: a ticked consent box and a corrected phone lose their messages', async () => {
    const user = userEvent.setup();
    withPizza();
    const mustAccept = 'Bitte akzeptieren Sie diese Bedingungen.';
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(
          JSON.stringify({
            code: 'VALIDATION_FAILED',
            message: mustAccept,
            errors: [
              { field: 'legalInstructions', message: mustAccept },
              { field: 'privacyPolicy', message: mustAccept },
              { field: 'lastName', message: 'Dieser Wert sollte nicht leer sein.' },
            ],
          }),
          { status: 422 },
        ),
      ),
    );
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderCheckout();
    await user.type(screen.getByLabelText('Telefon *'), '0664 123');
    await user.click(screen.getByRole('button', { name: 'Bestellung abschicken' }));
    await screen.findByRole('alert');
    expect(summary()).toEqual([
      'Telefon: Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.',
      `Allgemeine Geschäftsbedingungen: ${mustAccept}`,
      `Datenschutzerklärung: ${mustAccept}`,
      'Nachname: Dieser Wert sollte nicht leer sein.',
    ]);
    const terms = screen.getByRole('checkbox', { name: /Allgemeinen Geschäftsbedingungen/ });
    expect(document.getElementById('checkout-legalInstructions-error')!.textContent).toBe(mustAccept);

    await user.click(terms);
    await vi.waitFor(() => expect(summary()).not.toContain(`Allgemeine Geschäftsbedingungen: ${mustAccept}`));
    expect(document.getElementById('checkout-legalInstructions-error')?.textContent ?? '').toBe('');
    expect(terms.getAttribute('aria-invalid')).toBeNull();
    // the other box keeps its message until it is ticked
    expect(summary()).toContain(`Datenschutzerklärung: ${mustAccept}`);

    await user.clear(screen.getByLabelText('Telefon *'));
    await user.type(screen.getByLabelText('Telefon *'), '+43 664 123');
    await vi.waitFor(() =>
      expect(summary()).not.toContain('Telefon: Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.'),
    );
    expect(summary()).toEqual([`Datenschutzerklärung: ${mustAccept}`, 'Nachname: Dieser Wert sollte nicht leer sein.']);
    // once its message is gone the field waits for the next submit: no message while it is typed
    await user.type(screen.getByLabelText('Telefon *'), 'x');
    await user.clear(screen.getByLabelText('Telefon *'));
    await user.type(screen.getByLabelText('Telefon *'), '0664');
    expect(summary()).toEqual([`Datenschutzerklärung: ${mustAccept}`, 'Nachname: Dieser Wert sollte nicht leer sein.']);
  });
});
