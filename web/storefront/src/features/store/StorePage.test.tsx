import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../../api/init';
import { resetCartStore } from '../../state/cart-store';
import { branch, category, config, initData, menu, pizza, product } from '../../test/fixtures';
import { StorePage } from './StorePage';

function renderStore(data = initData()) {
  setInitData(data);
  return render(
    <MemoryRouter initialEntries={['/store/wien']}>
      <Routes>
        <Route path="/store/:branchIdentifier" element={<StorePage />} />
        <Route path="/store/:branchIdentifier/checkout" element={<p>Checkout</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('branch page (§2.5, §2.6)', () => {
  beforeEach(() => resetCartStore());

  it('adds a configured product only once the required step is chosen, with the option price hints and the running price', async () => {
    const user = userEvent.setup();
    renderStore();
    await user.click(screen.getByRole('button', { name: 'Pizza: Auswählen' }));
    const dialog = screen.getByRole('dialog', { name: 'Pizza' });
    const add = within(dialog).getByRole('button', { name: 'Zum Warenkorb hinzufügen' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    // overwrite shows the plain value, add shows '+ value' (§2.6)
    expect(within(dialog).getByRole('button', { name: /Groß/ }).textContent).toContain('EUR 17,90');
    expect(within(dialog).getByText('+ EUR 1,00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: /Groß/ }));
    await user.click(within(dialog).getByLabelText(/Rucola/));
    expect(within(dialog).getByText('EUR 18,90')).toBeTruthy();
    expect((add as HTMLButtonElement).disabled).toBe(false);
    await user.click(add);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByText('Produkt zum Warenkorb hinzugefügt.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '1 Produkt im Warenkorb' })).toBeTruthy();
    expect(JSON.parse(sessionStorage.getItem('cart:wien')!).items[0].parts.groesse.name).toBe('Groß');
  });

  it('walks step by step: next only when the current step is valid', async () => {
    const user = userEvent.setup();
    renderStore();
    await user.click(screen.getByRole('button', { name: 'Bowl: Auswählen' }));
    const dialog = screen.getByRole('dialog', { name: 'Bowl' });
    const next = within(dialog).getByRole('button', { name: 'Zum nächsten Schritt' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: /Reis/ }));
    expect(next.disabled).toBe(false);
    await user.click(next);
    expect(within(dialog).getByText('Schritt 2 von 2')).toBeTruthy();
    const add = within(dialog).getByRole('button', { name: 'Zum Warenkorb hinzufügen' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.type(within(dialog).getByLabelText(/Notiz/), 'ohne Zwiebel');
    expect(add.disabled).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    expect(within(dialog).getByText('Schritt 1 von 2')).toBeTruthy();
  });

  it('refuses an upload of the wrong type for an image step with the §5 alert', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderStore();
    await user.click(screen.getByRole('button', { name: 'Pizza: Auswählen' }));
    const input = document.getElementById('upload-foto') as HTMLInputElement;
    expect(input.accept).toBe('.jpg,.jpeg,.png,.gif');
    expect(input.multiple).toBe(false);
    await user.upload(input, new File(['x'], 'menu.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Die ausgewählte Datei "menu.pdf" kann nicht verarbeitet werden. Möglicherweise ist die Datei zu groß oder der Dateityp wird nicht erkannt.',
    );
  });

  it('keeps delivery below the minimum: hint and disabled order button; free-delivery hint above', async () => {
    const user = userEvent.setup();
    renderStore();
    await user.selectOptions(screen.getByLabelText('Art der Lieferung'), 'delivery');
    expect((screen.getByLabelText('Liefergebiet') as HTMLSelectElement).value).toBe('1010 Zentrum');
    await user.click(screen.getByRole('button', { name: 'Suppe: Auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Zum Warenkorb hinzufügen' }));
    expect(
      screen.getByText('Sie haben den Mindestbestellwert in Höhe von EUR 15,00 leider noch nicht erreicht.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Jetzt bestellen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Lieferkosten')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /1 Produkt im Warenkorb/ }));
    await user.click(screen.getByRole('button', { name: 'Suppe: Bearbeiten' }));
    const dialog = screen.getByRole('dialog', { name: 'Suppe' });
    const quantity = within(dialog).getByLabelText('Menge');
    await user.clear(quantity);
    await user.type(quantity, '3,4{Enter}');
    expect((quantity as HTMLInputElement).value).toBe('3');
    await user.click(within(dialog).getByRole('button', { name: 'Zum Warenkorb hinzufügen' }));
    expect(screen.queryByText(/Mindestbestellwert/)).toBeNull();
    expect(screen.getByText('Bei einem Bestellwert über EUR 40,00 liefern wir kostenlos.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jetzt bestellen' })).toBeTruthy();
    // 3 × 5,00 + 3,50 delivery
    expect(screen.getByText('EUR 18,50')).toBeTruthy();
    // §5 free only when the gross exceeds the threshold: at exactly EUR 40,00 the hint must not promise it
    const setAmount = async (n: string) => {
      await user.click(screen.getByRole('button', { name: 'Suppe: Bearbeiten' }));
      const field = within(screen.getByRole('dialog', { name: 'Suppe' })).getByLabelText('Menge');
      await user.clear(field);
      await user.type(field, `${n}{Enter}`);
      await user.click(
        within(screen.getByRole('dialog', { name: 'Suppe' })).getByRole('button', { name: 'Zum Warenkorb hinzufügen' }),
      );
    };
    await setAmount('8');
    expect(screen.getByText('Bei einem Bestellwert über EUR 40,00 liefern wir kostenlos.')).toBeTruthy();
    expect(screen.getByText('EUR 43,50')).toBeTruthy();
    await setAmount('9');
    expect(screen.queryByText(/liefern wir kostenlos/)).toBeNull();
    expect(screen.getByText('Kostenlos')).toBeTruthy();
  });

  it("'Entfernen' takes the line out and leaves the keyboard on the cart toggle, not on the page's start", async () => {
    const user = userEvent.setup();
    renderStore();
    await user.click(screen.getByRole('button', { name: 'Suppe: Auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Zum Warenkorb hinzufügen' }));
    await user.click(screen.getByRole('button', { name: /1 Produkt im Warenkorb/ }));
    await user.click(screen.getByRole('button', { name: 'Suppe: Entfernen' }));
    expect(screen.queryByRole('button', { name: 'Suppe: Entfernen' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Warenkorb ausblenden' }));
  });

  it('shows the closed intro of §4 for a closed branch', () => {
    renderStore(initData({ branches: [branch({ openingHours: [], closedMessage: 'Betriebsurlaub bis Montag.' })] }));
    expect(screen.getByText('Derzeit haben wir leider geschlossen.')).toBeTruthy();
    expect(screen.getByText('Betriebsurlaub bis Montag.')).toBeTruthy();
  });

  it('an empty delivery cart costs nothing: no delivery line, total EUR 0,00', async () => {
    const user = userEvent.setup();
    renderStore();
    await user.selectOptions(screen.getByLabelText('Art der Lieferung'), 'delivery');
    const cart = screen.getByRole('region', { name: 'Warenkorb' });
    expect(within(cart).queryByText('Lieferkosten')).toBeNull();
    expect(within(cart).getByText('Gesamt').nextElementSibling!.textContent).toBe('EUR 0,00');
  });

  it('delivery closed without preorder: the cart says so instead of leading to a form without a submit, and switches to takeaway in one click', async () => {
    const user = userEvent.setup();
    renderStore(initData({ branches: [branch({ isDeliveryHoursEnabled: true, deliveryHours: [] })] }));
    await user.selectOptions(screen.getByLabelText('Art der Lieferung'), 'delivery');
    await user.click(screen.getByRole('button', { name: 'Suppe: Auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Zum Warenkorb hinzufügen' }));
    const cart = screen.getByRole('region', { name: 'Warenkorb' });
    expect(within(cart).queryByRole('link', { name: 'Jetzt bestellen' })).toBeNull();
    expect((within(cart).getByRole('button', { name: 'Jetzt bestellen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(cart).getByText('Derzeit ist leider keine Lieferung möglich.')).toBeTruthy();
    // the delivery minimum is moot while delivery is closed
    expect(within(cart).queryByText(/Mindestbestellwert/)).toBeNull();
    await user.click(within(cart).getByRole('button', { name: 'Stattdessen abholen' }));
    expect((screen.getByLabelText('Art der Lieferung') as HTMLSelectElement).value).toBe('takeaway');
    expect(within(cart).getByRole('link', { name: 'Jetzt bestellen' })).toBeTruthy();
    expect(within(cart).queryByText('Derzeit ist leider keine Lieferung möglich.')).toBeNull();
  });

  it("delivery closed until later: the cart's hint says when delivery resumes (§4 'Wir liefern wieder …')", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-30T10:00:00+02:00'));
    const user = userEvent.setup();
    const evening = [{ type: 'daily', date: null, from: '17:00', to: '21:00', isClosed: false }] as const;
    const { unmount } = renderStore(
      initData({ branches: [branch({ isDeliveryHoursEnabled: true, deliveryHours: [...evening] })] }),
    );
    await user.selectOptions(screen.getByLabelText('Art der Lieferung'), 'delivery');
    await user.click(screen.getByRole('button', { name: 'Suppe: Auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Zum Warenkorb hinzufügen' }));
    const hint = within(screen.getByRole('region', { name: 'Warenkorb' }))
      .getByText('Derzeit ist leider keine Lieferung möglich.')
      .closest('.hint')!;
    expect([...hint.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'Derzeit ist leider keine Lieferung möglich.',
      'Wir liefern wieder ab 17:00 Uhr.',
    ]);
    unmount();
    // after today's shift: the day is named
    vi.setSystemTime(new Date('2026-03-30T22:00:00+02:00'));
    renderStore(initData({ branches: [branch({ isDeliveryHoursEnabled: true, deliveryHours: [...evening] })] }));
    expect(
      within(screen.getByRole('region', { name: 'Warenkorb' })).getByText(/^Wir liefern wieder am .+ ab 17:00 Uhr\.$/),
    ).toBeTruthy();
    vi.useRealTimers();
  });

  it('a closed branch without preorder lets no product into the cart; with preorder it does', () => {
    const first = renderStore(initData({ branches: [branch({ openingHours: [] })] }));
    expect((screen.getByRole('button', { name: 'Suppe: Auswählen' }) as HTMLButtonElement).disabled).toBe(true);
    first.unmount();
    renderStore(initData({ branches: [branch({ openingHours: [], isPreorderEnabled: true })] }));
    expect((screen.getByRole('button', { name: 'Suppe: Auswählen' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the weekly opening and delivery hours, address and phone on the branch page (home-page plugin off)', async () => {
    const user = userEvent.setup();
    renderStore(initData({ branches: [branch({ isDeliveryHoursEnabled: true })] }));
    const info = screen.getByRole('region', { name: 'Öffnungszeiten und Kontakt' });
    expect(within(info).getByRole('table', { name: 'Öffnungszeiten' })).toBeTruthy();
    await user.click(within(info).getByRole('button', { name: 'Lieferzeiten anzeigen' }));
    expect(within(info).getByRole('table', { name: 'Lieferzeiten' })).toBeTruthy();
    expect(info.querySelector('address')!.textContent).toContain('Hauptstraße 11010 Wien');
    expect(within(info).getByRole('link', { name: '+43 1 111' }).getAttribute('href')).toMatch(/^tel:/);
  });

  it("with preorder, tomorrow's breakfast can be preordered at night: the page says from when, adding sets the appointment", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-30T22:00:00+02:00'));
    try {
      const user = userEvent.setup();
      const breakfast = product({
        schedule: [{ type: 'daily', date: null, from: '07:00', to: '10:00', isClosed: false }],
        isVisibleWhenUnavailable: true,
      });
      renderStore(initData({ branches: [branch({ isPreorderEnabled: true })], products: [breakfast, pizza] }));
      expect(screen.getByText('Vorbestellbar ab 31.03.2026 07:00 Uhr')).toBeTruthy();
      expect(screen.queryByText('Derzeit nicht verfügbar')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Suppe: Auswählen' }));
      // the product's own dialog says it too
      expect(within(screen.getByRole('dialog')).getByText('Vorbestellbar ab 31.03.2026 07:00 Uhr')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Zum Warenkorb hinzufügen' }));
      const stored = JSON.parse(sessionStorage.getItem('cart:wien')!);
      expect([stored.items.length, stored.order.appointment]).toEqual([1, '2026-03-31T05:00:00.000Z']);
      // judged at the appointment now: orderable there, so no preorder line any more
      expect(screen.queryByText(/Vorbestellbar ab/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('remembers the chosen delivery method per branch (the config default applies until the customer chooses)', async () => {
    const user = userEvent.setup();
    const first = renderStore(initData({ config: { ...config, defaultDeliveryMethod: 'takeaway' } }));
    expect((screen.getByLabelText('Art der Lieferung') as HTMLSelectElement).value).toBe('takeaway');
    await user.selectOptions(screen.getByLabelText('Art der Lieferung'), 'delivery');
    first.unmount();
    resetCartStore();
    // a new page of the same session: the choice, not the default
    renderStore(initData({ config: { ...config, defaultDeliveryMethod: 'takeaway' } }));
    expect((screen.getByLabelText('Art der Lieferung') as HTMLSelectElement).value).toBe('delivery');
    expect(screen.getByLabelText('Liefergebiet')).toBeTruthy();
  });

  /**
   * An IntersectionObserver of the test: `cross(ids)` reports, as the browser would, which observed groups lie in
   * its root (from far above down to the line at 25 % of the viewport: their tops are above the line).
   */
  class FakeObserver {
    static all: FakeObserver[] = [];
    targets: Element[] = [];
    constructor(
      private readonly callback: IntersectionObserverCallback,
      readonly options: IntersectionObserverInit = {},
    ) {
      FakeObserver.all.push(this);
    }
    observe(target: Element) {
      this.targets.push(target);
    }
    disconnect() {
      this.targets = [];
    }
    static cross(above: string[]) {
      for (const o of FakeObserver.all.filter((x) => x.targets.length > 0))
        o.callback(
          o.targets.map(
            (target) => ({ target, isIntersecting: above.includes(target.id) }) as IntersectionObserverEntry,
          ),
          o as unknown as IntersectionObserver,
        );
    }
  }

  /** two groups, Speisen and Getränke, in the category bar */
  function renderCategoryBar() {
    FakeObserver.all = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const drinks = { ...category, id: 2, name: 'Getränke' };
    const lemonade = product({ id: 14, name: 'Limonade', price: 3 });
    renderStore(
      initData({
        categories: [category, drinks],
        products: [product(), pizza, lemonade],
        menus: [
          {
            ...menu,
            catalog: {
              categories: [
                ...menu.catalog.categories,
                { id: 2, products: [{ id: 14, isEnabled: true, schedule: null }] },
              ],
            },
          },
        ],
      }),
    );
    const bar = screen.getByRole('navigation', { name: 'Kategorien' });
    const link = (name: string) => within(bar).getByRole('link', { name });
    // the bar scrolls itself sideways to the current link; it never scrolls the page (that stopped a click's smooth scroll)
    const pageScroll = vi.fn();
    within(bar)
      .getAllByRole('link')
      .forEach((a) => (a.scrollIntoView = pageScroll));
    const barScroll = vi.fn();
    const list = bar.querySelector('ul')!;
    list.scrollTo = barScroll;
    const scrolled = (above: string[]) => act(() => FakeObserver.cross(above));
    return { bar, list, link, pageScroll, barScroll, scrolled };
  }

  it('category bar: the current category follows the scroll (top above 25 % of the viewport), a click scrolls to its group', async () => {
    const user = userEvent.setup();
    const { link, pageScroll, barScroll, scrolled } = renderCategoryBar();
    // the observer's root ends at the line at 25 % of the viewport; it reaches far above the page
    const observer = FakeObserver.all.find((o) => o.targets.length > 0)!;
    expect(observer.options.rootMargin).toBe('100000px 0px -75% 0px');
    expect(observer.targets.map((t) => t.id)).toEqual(['category-1', 'category-2']);
    scrolled([]);
    expect(link('Speisen').getAttribute('aria-current')).toBe('true');
    expect(link('Getränke').getAttribute('aria-current')).toBeNull();
    scrolled(['category-1']);
    expect(link('Speisen').getAttribute('aria-current')).toBe('true');
    scrolled(['category-1', 'category-2']);
    expect(link('Getränke').getAttribute('aria-current')).toBe('true');
    expect(link('Speisen').getAttribute('aria-current')).toBeNull();
    // the click scrolls the page itself so the group rests at the page's scroll padding (below the bar)
    const windowScroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    vi.spyOn(document.getElementById('category-1')!, 'getBoundingClientRect').mockReturnValue({ top: -800 } as DOMRect);
    document.documentElement.style.scrollPaddingTop = '64px';
    await user.click(link('Speisen'));
    expect(windowScroll).toHaveBeenCalledWith({ top: window.scrollY - 800 - 64, behavior: 'instant' });
    document.documentElement.style.scrollPaddingTop = '';
    windowScroll.mockRestore();
    expect(link('Speisen').getAttribute('aria-current')).toBe('true');
    expect(pageScroll).not.toHaveBeenCalled();
    expect(barScroll).toHaveBeenCalled();
    // the jump's verdict takes over
    scrolled(['category-1']);
    expect(link('Speisen').getAttribute('aria-current')).toBe('true');
    scrolled(['category-1', 'category-2']);
    expect(link('Getränke').getAttribute('aria-current')).toBe('true');
  });

  it('category bar: an end that hides links is marked (fade, arrow) and the arrow turns the bar on', async () => {
    const { bar, list } = renderCategoryBar();
    const size = (scrollLeft: number) => {
      Object.defineProperty(list, 'clientWidth', { configurable: true, value: 300 });
      Object.defineProperty(list, 'scrollWidth', { configurable: true, value: 900 });
      Object.defineProperty(list, 'scrollLeft', { configurable: true, value: scrollLeft });
      fireEvent.scroll(list);
    };
    const arrow = (end: string) => bar.querySelector<HTMLButtonElement>(`.category-bar__arrow--${end}`)!;
    size(0);
    expect(bar.className).toBe('category-bar category-bar--more-end');
    expect(arrow('end').hidden).toBe(false);
    expect(arrow('start').hidden).toBe(true);
    const scrollBy = vi.fn();
    list.scrollBy = scrollBy;
    fireEvent.click(arrow('end'));
    expect(scrollBy).toHaveBeenCalledWith({ left: 240, behavior: 'smooth' });
    size(300);
    expect(bar.className).toBe('category-bar category-bar--more-start category-bar--more-end');
    size(600);
    expect(bar.className).toBe('category-bar category-bar--more-start');
    fireEvent.click(arrow('start'));
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -240, behavior: 'smooth' });
    // the arrows are for a mouse: not in the tab order, not read out (every link is)
    expect(arrow('start').tabIndex).toBe(-1);
    expect(arrow('start').getAttribute('aria-hidden')).toBe('true');
  });

  it('category bar: it does not slide under a pressed pointer, so the click keeps the link it was pressed on', () => {
    vi.useFakeTimers();
    const { link, barScroll, scrolled } = renderCategoryBar();
    scrolled([]);
    barScroll.mockClear();
    // pressed on Speisen while the page still glides on: Getränke becomes current, the bar stays where it is
    fireEvent.pointerDown(link('Speisen'));
    scrolled(['category-1', 'category-2']);
    expect(link('Getränke').getAttribute('aria-current')).toBe('true');
    expect(barScroll).not.toHaveBeenCalled();
    // released: after the click that follows, the bar centres the current link again
    fireEvent.pointerUp(link('Speisen'));
    expect(barScroll).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(barScroll).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
  });
});
