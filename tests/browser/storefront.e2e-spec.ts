import { createHash } from 'node:crypto';
import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import {
  acceptCookies,
  fillCheckoutCustomer,
  launchBrowser,
  newPage,
  openProductOverlay,
  whenHydrated,
} from '../support/browser.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/**
 * The storefront in Chromium against the real stack (issue 6, storefront-presenter.md §2–§5): a configurable
 * product ordered for takeaway and followed on the status page while staff confirm it through the API;
 * delivery below and above the minimum; the 404 page; a whole order with the keyboard alone.
 */
const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
type BranchRecord = { id: number; identifier: string } & Record<string, unknown>;

describe('storefront: ordering end to end', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  const branches: Record<string, BranchRecord> = {};

  beforeAll(async () => {
    stack = await startStack('storefront');
    await stack.seed();
    admin = await login(stack, ADMIN);
    for (const b of (await admin.get('/api/branches').expect(200)).body.data) branches[b.identifier] = b;
    const wien = branches['wien-innere-stadt']!;
    branches['wien-innere-stadt'] = (
      await admin
        .put(`/api/branches/${wien.id}`, {
          ...wien,
          openingHours: ALL_DAY,
          deliveryHours: ALL_DAY,
          orderableFrom: null,
          isAppointmentRequired: false,
        })
        .expect(200)
    ).body.data;
    // the init cache and the order service follow catalogue events: wait until both see the new hours
    await waitFor(
      async () => {
        const init = (await request(stack.baseUrl).get('/api/init').expect(200)).body.data as Array<{
          url: string;
          data: BranchRecord[];
        }>;
        const b = init.find((e) => e.url === '/api/branches')!.data.find((x) => x.identifier === 'wien-innere-stadt')!;
        const hours = b.openingHours as Array<{ from: string; to: string }>;
        return hours.length === 1 && hours[0]!.from === '00:00' && hours[0]!.to === '24:00';
      },
      10_000,
      200,
    );
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    const probe = products.find((p) => p.name === 'Tafelspitz mit Apfelkren und Schnittlauchsauce')!.id;
    await waitFor(
      async () => {
        const res = await request(stack.baseUrl)
          .post('/api/orders')
          .send({
            branch: wien.id,
            items: [{ product: probe, amount: 1 }],
            firstName: 'A',
            lastName: 'B',
            email: 'a@example.at',
            phone: '+43 660 1',
            legalInstructions: false,
            privacyPolicy: true,
          });
        return res.status === 422 && res.body.errors.length === 1 && res.body.errors[0].field === 'legalInstructions';
      },
      10_000,
      200,
    );
    browser = await launchBrowser();
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  const open = (opts: { mobile?: boolean } = {}) => newPage(browser, stack.baseUrl, { ...opts, timeoutMs: 30_000 });

  it('orders a configurable pizza for takeaway, lands on the status page and follows the staff confirmation within one poll', async () => {
    const { context, page, errors } = await open();
    const analytics: unknown[] = [];
    page.on('request', (r) => r.url().endsWith('/api/analytics-log') && analytics.push(r.postDataJSON()));
    await page.goto('/');
    await page.getByText('4 von 4 Filialen werden angezeigt.').waitFor();
    await acceptCookies(page);
    await page.getByRole('link', { name: /Donaugenuss Innere Stadt/ }).click();
    await page.waitForURL('**/store/wien-innere-stadt');
    await page.getByRole('button', { name: 'Keine Produkte im Warenkorb' }).waitFor();
    // a pushed route scrolls smoothly to the top (§2.2); clicking while the page still moves would hit another element
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.title()).toBe('Donaugenuss Innere Stadt - Donaugenuss | Online bestellen in Wien, Graz und Linz');

    const dialog = await openProductOverlay(page, errors, 'Pizza Margherita');
    const add = dialog.getByRole('button', { name: 'Zum Warenkorb hinzufügen' });
    // the size is required: nothing to add before it is chosen
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /Familienpizza \(40 cm\)/ }).click();
    await dialog.getByText('+ EUR 1,00').first().waitFor();
    await dialog.getByLabel(/Rucola/).check();
    await dialog.getByText('EUR 18,90').waitFor();
    await add.click();
    await page.getByText('Produkt zum Warenkorb hinzugefügt.').first().waitFor();
    await page.getByRole('button', { name: '1 Produkt im Warenkorb' }).click();
    await page.getByRole('button', { name: 'Warenkorb ausblenden' }).waitFor();
    await page.getByText('Größe: Familienpizza (40 cm)').waitFor();

    await page.getByRole('link', { name: 'Jetzt bestellen' }).click();
    await page.waitForURL('**/store/wien-innere-stadt/checkout');
    await page.getByRole('heading', { name: 'Bestellvorgang' }).waitFor();
    expect(await page.title()).toMatch(/^Bestellvorgang - /);
    await fillCheckoutCustomer(page);
    await page.getByRole('button', { name: 'Bestellung abschicken' }).click();

    await page.waitForURL(/\/status\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+$/);
    await page.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' }).waitFor();
    expect(await page.title()).toMatch(/^Bestellstatus - /);
    await page.getByText('Ticket', { exact: true }).waitFor();
    expect(await page.getByTestId('order-status').innerText()).toBe('Warten auf Bestätigung');
    const [, , uid, hash] = new URL(page.url()).pathname.split('/');
    const order = (await request(stack.baseUrl).get(`/api/orders/public/${uid}/${hash}`).expect(200)).body.data;
    const staff = (await admin.get(`/api/orders/${order.id}`).expect(200)).body.data;
    expect(staff.items).toEqual([expect.objectContaining({ name: 'Pizza Margherita', gross: 18.9 })]);
    expect(staff.customer.phone).toBe('+436601234567');
    // takeaway: neither delivery nor dine-in, on the status page and for the staff
    expect(
      await page
        .locator('.info > div', { has: page.getByText('Art der Lieferung', { exact: true }) })
        .locator('dd')
        .innerText(),
    ).toBe('Abholung');
    expect({ isDelivery: staff.isDelivery, isDineIn: staff.isDineIn }).toEqual({ isDelivery: false, isDineIn: false });

    await admin.post(`/api/orders/${order.id}/status/confirm`).expect(200);
    // the page polls every 10 s: the change shows with the next poll (counted in polls, not seconds: a loaded CI
    // machine delays a poll, it must not take two)
    const poll = await page.waitForRequest((r) => r.url().includes(`/api/orders/public/${uid}/${hash}`), {
      timeout: 60_000,
    });
    await poll.response();
    await page.getByTestId('order-status').getByText('Wird bearbeitet').waitFor({ timeout: 5_000 });
    // the cart was emptied after the order
    await page.goto('/store/wien-innere-stadt');
    await page.locator('.cart__toggle').waitFor();
    expect(await page.locator('.cart__toggle').innerText()).toBe('Keine Produkte im Warenkorb');
    // consent given: the queued analytics events were sent
    await waitFor(async () => analytics.length > 0, 5000, 200);
    expect(JSON.stringify(analytics)).toContain('Add to cart');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('delivers only above the minimum order value: hint and disabled button below, success above', async () => {
    const { context, page, errors } = await open({ mobile: true });
    await page.goto('/store/wien-innere-stadt');
    await acceptCookies(page);
    await page.getByLabel('Art der Lieferung').selectOption('delivery');
    await page.getByLabel('Liefergebiet').selectOption('1030 Wien – Landstraße');
    await (
      await openProductOverlay(page, errors, 'Apfelstrudel')
    )
      .getByRole('button', { name: 'Zum Warenkorb hinzufügen' })
      .click();
    await page
      .getByText('Sie haben den Mindestbestellwert in Höhe von EUR 25,00 leider noch nicht erreicht.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Jetzt bestellen' }).isDisabled()).toBe(true);

    await (
      await openProductOverlay(page, errors, 'Tafelspitz mit Apfelkren und Schnittlauchsauce')
    )
      .getByRole('button', { name: 'Zum Warenkorb hinzufügen' })
      .click();
    // 5,50 + 23,50 = 29,00 ≥ 25,00; delivery EUR 4,90 until EUR 50,00
    await page.getByText('Bei einem Bestellwert über EUR 50,00 liefern wir kostenlos.').waitFor();
    expect(await page.getByText(/Mindestbestellwert/).count()).toBe(0);
    await page.getByText('EUR 33,90').waitFor();
    await page.getByRole('link', { name: 'Jetzt bestellen' }).click();
    await page.waitForURL('**/checkout');
    await fillCheckoutCustomer(page, true);
    await page.getByRole('button', { name: 'Bestellung abschicken' }).click();
    await page.waitForURL(/\/status\//);
    await page.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' }).waitFor();
    expect(await page.getByText('Lieferung', { exact: true }).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows per-field server errors, named in the summary, and scrolls to the top when the order is refused (on a phone)', async () => {
    const { context, page, errors } = await open({ mobile: true });
    await page.goto('/store/wien-innere-stadt');
    await acceptCookies(page);
    const dialog = await openProductOverlay(page, errors, 'Apfelstrudel');
    // the notice shows for 4 s: its box is taken in the page when it appears (on a loaded machine more than 4 s passed
    // between the click and a box asked for from here, and the wait for the vanished notice ran into the test's timeout)
    type Box = { x: number; y: number; width: number; height: number };
    await page.evaluate(() => {
      (window as unknown as { toastBox: Promise<Box> }).toastBox = new Promise<Box>((resolve) => {
        const seen = new MutationObserver(() => {
          const toast = document.querySelector('.toast');
          if (!toast) return;
          seen.disconnect();
          resolve(toast.getBoundingClientRect().toJSON());
        });
        seen.observe(document.body, { childList: true, subtree: true });
      });
    });
    await dialog.getByRole('button', { name: 'Zum Warenkorb hinzufügen' }).click();
    // the notice does not cover the floating contact button (both sit at the bottom of a phone's screen)
    const [toast, contact] = await Promise.all([
      page.evaluate(() => (window as unknown as { toastBox: Promise<Box> }).toastBox),
      page.getByRole('button', { name: 'Kontakt', exact: true }).boundingBox(),
    ]);
    expect(
      toast.y + toast.height <= contact!.y ||
        contact!.x + contact!.width <= toast.x ||
        toast.x + toast.width <= contact!.x,
    ).toBe(true);
    await page.getByRole('link', { name: 'Jetzt bestellen' }).click();
    await page.getByLabel('Vorname').fill('Anna');
    await page.getByRole('button', { name: 'Bestellung abschicken' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Bitte prüfen Sie Ihre Eingaben' });
    await alert.waitFor();
    await alert.getByText('Bitte akzeptieren Sie diese Bedingungen.').first().waitFor();
    // the same message for several fields: the summary says which field each is for
    expect(await alert.locator('li').allInnerTexts()).toEqual(
      expect.arrayContaining([
        'Nachname: Dieser Wert sollte nicht leer sein.',
        'Allgemeine Geschäftsbedingungen: Bitte akzeptieren Sie diese Bedingungen.',
        'Datenschutzerklärung: Bitte akzeptieren Sie diese Bedingungen.',
      ]),
    );
    expect(await page.locator('#checkout-lastName-error').innerText()).toBe('Dieser Wert sollte nicht leer sein.');
    await waitFor(async () => (await page.evaluate(() => window.scrollY)) < 50, 3000, 100);
    // on a phone each legal checkbox stays beside the start of its label (it used to wrap onto a line of its own)
    for (const id of ['checkout-legalInstructions', 'checkout-privacyPolicy']) {
      const [box, label] = await page.evaluate(
        (i) =>
          [document.getElementById(i)!, document.querySelector(`label[for="${i}"]`)!].map((e) =>
            e.getBoundingClientRect().toJSON(),
          ),
        id,
      );
      expect(box.right).toBeLessThanOrEqual(label.left);
      expect(Math.abs(box.top - label.top)).toBeLessThan(box.height);
    }
    await context.close();
  });

  it('category bar: a click scrolls its group below the bar and marks it current (on a phone)', async () => {
    const { context, page, errors } = await open({ mobile: true });
    await page.goto('/store/wien-innere-stadt');
    await acceptCookies(page);
    const bar = page.getByRole('navigation', { name: 'Kategorien' });
    for (const name of ['Wein & Bier', 'Suppen']) {
      await bar.getByRole('link', { name, exact: true }).click();
      // centring the link in the bar used to stop the page's smooth scroll where it had begun (now a jump); the group's
      // glide-in transform moved the box the scroll aimed at, and scroll-padding plus scroll-margin left the
      // heading 128 px down: it comes to rest at the page's scroll padding, just below the bar
      await waitFor(
        async () => {
          const heading = page.getByRole('heading', { level: 2, name, exact: true });
          const { top, padding } = await heading.evaluate((h) => ({
            top: h.getBoundingClientRect().top,
            padding: parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop),
          }));
          const barBottom = await bar.evaluate((b) => b.getBoundingClientRect().bottom);
          if (Math.abs(top - padding) > 1 || top < barBottom) {
            const state = await page.evaluate(() => ({
              scrollY: window.scrollY,
              current: document.querySelector('[aria-current="true"]')?.textContent,
              focused: document.activeElement?.textContent,
            }));
            throw new Error(
              `'${name}' rests at ${top} px, not at ${padding} px below a bar ending at ${barBottom} px (${JSON.stringify(state)})`,
            );
          }
          return true;
        },
        10_000,
        100,
      );
      expect(await bar.locator('[aria-current="true"]').innerText()).toBe(name);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('category bar on a desktop: it shows that it scrolls (fade and arrow) and highlights the category on screen (issue 43)', async () => {
    const { context, page, errors } = await open();
    await page.goto('/store/wien-innere-stadt');
    await acceptCookies(page);
    await whenHydrated(page);
    const bar = page.getByRole('navigation', { name: 'Kategorien' });
    const list = bar.locator('.category-bar__list');
    // wider than its place: the end fades out and carries an arrow (a mouse has no swipe)
    expect(await list.evaluate((l) => l.scrollWidth > l.clientWidth)).toBe(true);
    await waitFor(
      async () => (await bar.getAttribute('class'))?.includes('category-bar--more-end') ?? false,
      10_000,
      100,
    );
    // the fade comes in over 0.15 s (a CSS transition): read once it has ended, not while a loaded machine is in it
    // (0.97 was read on CI)
    const fade = () => bar.evaluate((b) => Number(getComputedStyle(b, '::after').opacity));
    await waitFor(async () => (await fade()) === 1, 5_000, 50).catch(() => undefined);
    expect(await fade()).toBe(1);
    const arrow = bar.locator('.category-bar__arrow--end');
    expect(await arrow.isVisible()).toBe(true);
    expect(await bar.locator('.category-bar__arrow--start').isVisible()).toBe(false);
    await arrow.click();
    await waitFor(async () => (await list.evaluate((l) => l.scrollLeft)) > 0, 10_000, 100);
    await waitFor(
      async () => (await bar.getAttribute('class'))?.includes('category-bar--more-start') ?? false,
      10_000,
      100,
    );
    expect(await bar.locator('.category-bar__arrow--start').isVisible()).toBe(true);

    // scroll-spy: a group whose top passes above 25 % of the viewport becomes current, by the page's own scrolling
    const names = await bar.getByRole('link').allInnerTexts();
    for (const name of [names[2]!, names[names.length - 2]!, names[1]!]) {
      await page.getByRole('heading', { level: 2, name, exact: true }).evaluate((h) =>
        window.scrollTo({
          top: window.scrollY + h.closest('section')!.getBoundingClientRect().top - window.innerHeight * 0.1,
          behavior: 'instant',
        }),
      );
      await waitFor(
        async () => {
          const current = await bar.locator('[aria-current="true"]').innerText();
          if (current !== name) throw new Error(`'${current}' is marked, not '${name}'`);
          return true;
        },
        10_000,
        100,
      );
      // and the bar brings the marked link into its view
      const [link, box] = await Promise.all([bar.locator('[aria-current="true"]').boundingBox(), list.boundingBox()]);
      expect(link!.x).toBeGreaterThanOrEqual(box!.x - 1);
      expect(link!.x + link!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a visitor's branch list and branch page arrive rendered; the app takes them over with the stored cart and choices (issue 22)", async () => {
    const res = await request(stack.baseUrl).get('/store/wien-innere-stadt').expect(200);
    const html = res.text;
    const root = html.slice(html.indexOf('<div id="root"'), html.indexOf('<script type="application/json"'));
    // painted before any script: heading, the open state (open all day) and the first group's products, at a minute
    expect(root).toMatch(/^<div id="root" data-rendered-at="\d+000" data-zone-offsets="[^"]*">/);
    const renderedAt = Number(/data-rendered-at="(\d+)"/.exec(root)?.[1]);
    expect(renderedAt % 60_000).toBe(0);
    // with the UTC offsets of Vienna that its opening states used: 3 days before the render's day to 12 after
    const zones = JSON.parse(/data-zone-offsets="([^"]*)"/.exec(root)![1]!.replaceAll('&quot;', '"')) as unknown;
    expect(zones).toEqual([
      { zone: 'Europe/Vienna', firstDay: Math.floor(renderedAt / 86_400_000) - 3, offsets: expect.any(Array) },
    ]);
    for (const offset of (zones as Array<{ offsets: unknown[] }>)[0]!.offsets)
      expect([3_600_000, 7_200_000, null]).toContain(offset);
    expect(root).toContain('<h1>Donaugenuss Innere Stadt</h1>');
    expect(root).toContain('class="product__name"');
    expect(root).not.toContain('store--closed');
    // the scripts are asked for by the page's loader after the first paint, which its CSP allows by hash alone
    expect(html).not.toContain('<script type="module"');
    const loader = /<script data-hydrate>([^<]*)<\/script>/.exec(html)?.[1] as string;
    const hash = createHash('sha256').update(loader).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    const list = (await request(stack.baseUrl).get('/').expect(200)).text;
    expect(list).toMatch(
      /<div id="root" data-rendered-at="\d+" data-zone-offsets="[^"]+">[\s\S]*class="branch-card__name">Donaugenuss Innere Stadt</,
    );
    // the cookie banner as the visitor's consent cookie says: shown without an answer, not after one
    expect(list).toContain('aria-label="Cookie-Hinweis"');
    for (const answer of ['true', 'false']) {
      const answered = await request(stack.baseUrl).get('/').set('Cookie', `cookie-consent=${answer}`).expect(200);
      expect(answered.text).toContain('class="branch-card__name"');
      expect(answered.text).not.toContain('aria-label="Cookie-Hinweis"');
    }

    const { context, page, errors } = await open();
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          Object.assign(window, { serverHeading: document.querySelector('main h1') });
      });
      // counts Intl's date formats: the first costs a slow phone ~130 ms, and the page's offsets make it unneeded
      const count = () =>
        Object.assign(window, { dateFormats: ((window as { dateFormats?: number }).dateFormats ?? 0) + 1 });
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct: (target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) => (count(), new target(...args)),
        apply: (target, _this, args: Parameters<typeof Intl.DateTimeFormat>) => (count(), target(...args)),
      });
    });
    const hydrated = () =>
      page.waitForFunction(() => {
        const heading = (window as unknown as { serverHeading: Element | null }).serverHeading;
        return heading?.isConnected && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      });
    await page.goto('/store/wien-innere-stadt');
    // hydrated: React owns the server's heading (a mismatch would have replaced it by an element of its own)
    await hydrated();
    // without a time-zone format of its own: the opening states used the offsets the page came with
    expect(await page.evaluate(() => (window as { dateFormats?: number }).dateFormats ?? 0)).toBe(0);
    // the entry was requested after the first contentful paint, not by the parser
    const order = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
      entry: performance.getEntriesByType('resource').find((e) => /\/build\/assets\/index-[^/]+\.js$/.test(e.name))
        ?.startTime,
    }));
    expect(order.entry).toBeGreaterThanOrEqual(order.paint);

    // a returning visitor: a cart of two pizzas for delivery to the third area, chosen earlier in this tab
    const stored = await page.evaluate(async () => {
      const init = (await (await fetch('/api/init')).json()).data as Array<{ url: string; data: never[] }>;
      const branch = (init.find((e) => e.url === '/api/branches')!.data as Array<Record<string, never>>).find(
        (b) => b.identifier === 'wien-innere-stadt',
      )!;
      const product = (init.find((e) => e.url === '/api/products')!.data as Array<{ name: string }>).find(
        (p) => p.name === 'Pizza Margherita',
      );
      const area = (branch.deliveryAreas as Array<{ area: string }>)[2]!;
      sessionStorage.setItem('delivery-method:wien-innere-stadt', JSON.stringify('delivery'));
      const cart = { items: [{ product, amount: 2, unit: 'piece', parts: {} }], isDelivery: true, isDineIn: false };
      sessionStorage.setItem(
        'cart:wien-innere-stadt',
        JSON.stringify({ ...cart, deliveryArea: area, order: { appointment: null, comment: null } }),
      );
      return area.area;
    });
    await page.reload();
    await hydrated();
    const cartPanel = page.locator('.store__cart');
    await cartPanel.getByText('1 Produkt im Warenkorb').waitFor();
    expect(await cartPanel.getByRole('combobox').first().inputValue()).toBe('delivery');
    // the hydrating render's empty cart and default area were never written over the visitor's
    await page.waitForTimeout(500);
    expect(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('cart:wien-innere-stadt')!).deliveryArea.area),
    ).toBe(stored);
    expect(await cartPanel.getByRole('combobox').nth(1).inputValue()).toBe(stored);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows the closed-branch texts of §2.3 and §4', async () => {
    const linz = branches['linz-hauptplatz']!;
    await admin.put(`/api/branches/${linz.id}`, { ...linz, openingHours: [] }).expect(200);
    await waitFor(
      async () => {
        const init = (await request(stack.baseUrl).get('/api/init').expect(200)).body.data as Array<{
          url: string;
          data: BranchRecord[];
        }>;
        return (
          (
            init.find((e) => e.url === '/api/branches')!.data.find((x) => x.identifier === 'linz-hauptplatz')!
              .openingHours as unknown[]
          ).length === 0
        );
      },
      10_000,
      200,
    );
    const { context, page, errors } = await open();
    await page.goto('/');
    const card = page.getByRole('link', { name: /Donaugenuss Feinkost Linz/ });
    await card.getByText(linz.closedMessage as string).waitFor();
    expect(
      await page
        .getByRole('link', { name: /Donaugenuss Innere Stadt/ })
        .getByText('Offen heute 00:00 Uhr bis 24:00 Uhr')
        .count(),
    ).toBe(1);
    await card.click();
    await page.getByText('Derzeit haben wir leider geschlossen.').waitFor();
    await page
      .locator('.intro-messages')
      .getByText(linz.closedMessage as string)
      .waitFor();
    expect(await page.locator('.store--closed').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('accepts anonymous analytics batches without CSRF and refuses malformed ones with 422', async () => {
    const event = { type: 'event', action: 'Add to cart', category: 'cart', data: { product: 18 } };
    const ok = await request(stack.baseUrl)
      .post('/api/analytics-log')
      .send({ events: [event] })
      .expect(202);
    expect(ok.body).toEqual({ data: { accepted: 1 } });
    // a staff cookie does not make it a CSRF-protected write
    await admin.agent
      .post('/api/analytics-log')
      .send({ events: [event] })
      .expect(202);
    const bad = await request(stack.baseUrl)
      .post('/api/analytics-log')
      .send({ events: [{ type: '', data: { nested: { no: 1 } } }] })
      .expect(422);
    expect(bad.body.errors.length).toBeGreaterThan(0);
    await request(stack.baseUrl).post('/api/analytics-log').send({ events: [] }).expect(422);
  });

  it('answers unknown paths with the 404 page', async () => {
    const { context, page } = await open();
    const res = await page.goto('/gibt-es-nicht');
    expect(res!.status()).toBe(404);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await page.getByText('Leider wurde die angeforderte Seite nicht gefunden.').waitFor();
    // pages that depend on the data: an unknown branch and a legal page without its text are 404 pages too
    for (const path of [
      '/store/keine-filiale',
      '/store/keine-filiale/checkout',
      '/self-service/store/keine-filiale',
      '/site/gibt-es-nicht',
    ]) {
      expect((await page.goto(path))!.status()).toBe(404);
      await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    }
    expect((await page.goto('/store/wien-innere-stadt'))!.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Donaugenuss Innere Stadt' }).waitFor();
    await context.close();
  });

  it('takes a whole order with the keyboard alone', async () => {
    const { context, page, errors } = await open();
    await page.goto('/store/wien-innere-stadt');
    await page.getByRole('button', { name: 'Keine Produkte im Warenkorb' }).waitFor();
    await whenHydrated(page);

    /** Presses Tab until the focused element matches (no mouse anywhere in this test). */
    async function tabTo(match: (el: { tag: string; name: string; type: string }) => boolean, limit = 400) {
      for (let i = 0; i < limit; i++) {
        await page.keyboard.press('Tab');
        const el = await page.evaluate(() => {
          const a = document.activeElement as HTMLElement | null;
          if (!a) return { tag: '', name: '', type: '' };
          const labelled =
            a.getAttribute('aria-label') ?? (a.id ? document.querySelector(`label[for="${a.id}"]`)?.textContent : null);
          return {
            tag: a.tagName.toLowerCase(),
            name: (labelled ?? a.textContent ?? '').trim(),
            type: (a as HTMLInputElement).type ?? '',
          };
        });
        if (match(el)) return;
      }
      throw new Error('element not reached with Tab');
    }
    const named = (name: string | RegExp) => (el: { name: string }) =>
      typeof name === 'string' ? el.name === name : name.test(el.name);

    await tabTo(named('Akzeptieren'));
    await page.keyboard.press('Enter');
    await tabTo(named('Tafelspitz mit Apfelkren und Schnittlauchsauce: Auswählen'));
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await tabTo(named('Menge erhöhen'));
    await page.keyboard.press('Enter');
    await tabTo(named('Zum Warenkorb hinzufügen'));
    await page.keyboard.press('Enter');
    // one line of 2 pieces counts as one product (§9 cart item count)
    await page.getByRole('button', { name: '1 Produkt im Warenkorb' }).waitFor();
    // a configurable product: the required size (a toggle button) and an extra (a checkbox), chosen by keyboard
    await tabTo(named('Pizza Margherita: Auswählen'));
    await page.keyboard.press('Enter');
    const pizza = page.getByRole('dialog', { name: 'Pizza Margherita' });
    await pizza.waitFor();
    await tabTo(named(/^Familienpizza \(40 cm\)/));
    await page.keyboard.press('Space');
    await pizza.locator('button[aria-pressed="true"]', { hasText: 'Familienpizza (40 cm)' }).waitFor();
    await tabTo((el) => el.type === 'checkbox' && /^Rucola/.test(el.name));
    await page.keyboard.press('Space');
    await tabTo(named('Zum Warenkorb hinzufügen'));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '2 Produkte im Warenkorb' }).waitFor();
    await tabTo(named('Jetzt bestellen'));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/checkout');

    const fields: Array<[string, string]> = [
      ['Vorname', 'Karl'],
      ['Nachname', 'Tastatur'],
      ['E-Mail', 'karl@example.at'],
      ['Telefon', '+43 660 7654321'],
    ];
    for (const [label, value] of fields) {
      await tabTo((el) => el.tag === 'input' && el.name.replace(/\s*\*$/, '') === label);
      await page.keyboard.type(value);
    }
    await tabTo((el) => el.type === 'checkbox' && /Allgemeinen Geschäftsbedingungen/.test(el.name));
    await page.keyboard.press('Space');
    await tabTo((el) => el.type === 'checkbox' && /Datenschutzerklärung/.test(el.name));
    await page.keyboard.press('Space');
    await tabTo(named('Bestellung abschicken'));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/status\//);
    await page.getByRole('heading', { name: 'Vielen Dank für Ihre Bestellung!' }).waitFor();
    const [, , uid, hash] = new URL(page.url()).pathname.split('/');
    const order = (await request(stack.baseUrl).get(`/api/orders/public/${uid}/${hash}`).expect(200)).body.data;
    const staff = (await admin.get(`/api/orders/${order.id}`).expect(200)).body.data;
    expect(staff.items).toEqual([
      expect.objectContaining({ amount: 2, gross: 47 }),
      expect.objectContaining({ name: 'Pizza Margherita', amount: 1, gross: 18.9 }),
    ]);
    expect(staff.customer).toMatchObject({ firstName: 'Karl', lastName: 'Tastatur' });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
