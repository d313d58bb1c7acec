import { waitFor } from '@shop/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { cookieLifetime, launchBrowser, newPage, whenHydrated } from '../support/browser.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/**
 * The storefront's shared layout in Chromium against the real stack (storefront-presenter.md §2.2, §4 cookie
 * consent, §6; backoffice-platform.md §2 page shell, titles and meta tags, staff toolbar): header and mobile
 * menu, floating contact button, footer legal links, cookie banner, open-branches toolbar, lightbox, title and
 * meta tags per route, staff toolbar and admin tools, draft pages, scroll animation, and the consent-gated map.
 */
const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
const VERSION = '1.7.2-dev';
type Entity = { id: number } & Record<string, unknown>;
type InitEntry = { url: string; data: unknown };

describe('storefront: shared layout', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  const branches: Record<string, Entity> = {};
  let seoTitle: string;

  async function init(): Promise<InitEntry[]> {
    return (await request(stack.baseUrl).get('/api/init').expect(200)).body.data;
  }
  const entry = <T>(batch: InitEntry[], url: string) => batch.find((e) => e.url === url)!.data as T;

  /** Changes the configuration and waits until the public start-up batch shows it. */
  async function updateConfig(patch: Record<string, unknown>) {
    const config = (await admin.get('/api/config').expect(200)).body.data;
    await admin.post('/api/config', { ...config, ...patch }).expect(200);
    await waitFor(
      async () => {
        const shown = entry<Record<string, unknown>>(await init(), '/api/config');
        return Object.entries(patch).every(([k, v]) => JSON.stringify(shown[k]) === JSON.stringify(v));
      },
      10_000,
      200,
    );
  }

  async function updateBranch(identifier: string, patch: Record<string, unknown>) {
    branches[identifier] = (
      await admin.put(`/api/branches/${branches[identifier]!.id}`, { ...branches[identifier], ...patch }).expect(200)
    ).body.data;
  }

  beforeAll(async () => {
    stack = await startStack('storefront-layout');
    await stack.seed();
    admin = await login(stack, ADMIN);
    for (const b of (await admin.get('/api/branches').expect(200)).body.data) branches[b.identifier] = b;
    // two branches open all day, two closed: the toolbar's count does not depend on the time of the run
    await updateBranch('wien-innere-stadt', {
      openingHours: ALL_DAY,
      deliveryHours: ALL_DAY,
      orderableFrom: null,
      isAppointmentRequired: false,
    });
    await updateBranch('wien-neubau', { openingHours: ALL_DAY, deliveryHours: ALL_DAY, orderableFrom: null });
    await updateBranch('graz-lend', { openingHours: [], deliveryHours: [] });
    await updateBranch('linz-hauptplatz', { openingHours: [], deliveryHours: [] });
    // a product with two images for the lightbox
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Entity[];
    const pizza = products.find((p) => p.name === 'Pizza Margherita')!;
    const burger = products.find((p) => (p.name as string).includes('Burger') && (p.images as unknown[]).length > 0)!;
    await admin
      .put(`/api/products/${pizza.id}`, {
        ...pizza,
        images: [...(pizza.images as unknown[]), (burger.images as unknown[])[0]],
      })
      .expect(200);
    // the legal links of the footer: texts (internal pages), a URL (new tab), nothing (no link)
    await updateConfig({
      imprintText: null,
      imprint: 'https://example.at/impressum',
      allergensText: null,
      allergens: null,
    });
    await waitFor(
      async () => {
        const batch = await init();
        const closed = entry<Entity[]>(batch, '/api/branches').filter(
          (b) => (b.openingHours as unknown[]).length === 0,
        ).length;
        const images = entry<Entity[]>(batch, '/api/products').find((p) => p.id === pizza.id)!.images as unknown[];
        return closed === 2 && images.length === 2;
      },
      10_000,
      200,
    );
    seoTitle = entry<{ seoTitle: string }>(await init(), '/api/config').seoTitle;
    browser = await launchBrowser();
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  const open = (opts: { mobile?: boolean } = {}) => newPage(browser, stack.baseUrl, { ...opts, timeoutMs: 10_000 });

  /** the branch list, rendered by the gateway, once the app has hydrated it (a click before that does nothing) */
  async function home(page: Page) {
    await page.goto('/');
    await page.getByText(/Filialen werden angezeigt\./).waitFor();
    await whenHydrated(page);
  }

  it('a narrow phone (320 px) never scrolls sideways: branch list, branch page, contact page', async () => {
    const { context, page, errors } = await open({ mobile: true });
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/store/wien-innere-stadt', '/kontakt']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      // the search field's intrinsic width pushed the 'Suchen' button 39 px out of the list page
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('header and mobile menu: contact links, a modal menu that fixes the page, keeps focus inside and closes with Escape', async () => {
    const { context, page, errors } = await open({ mobile: true });
    await home(page);
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'office@donaugenuss.at' }).getAttribute('href')).toBe(
      'mailto:office@donaugenuss.at',
    );
    expect(await header.getByRole('link', { name: 'Kontaktieren Sie uns' }).getAttribute('href')).toBe('/kontakt');
    expect(await header.getByRole('link', { name: 'Donaugenuss', exact: true }).getAttribute('href')).toBe('/');

    const burger = page.getByRole('button', { name: 'Menü', exact: true });
    await burger.click();
    const menu = page.getByRole('dialog', { name: 'Menü' });
    await menu.waitFor();
    expect(await burger.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    const focusedInMenu = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menü schließen');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await focusedInMenu()).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusedInMenu()).toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Menü');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await burger.click();
    await menu.getByRole('button', { name: 'Menü schließen' }).click();
    await menu.waitFor({ state: 'detached' });
    await burger.click();
    await menu.getByRole('link', { name: 'Kontaktieren Sie uns' }).click();
    await page.waitForURL('**/kontakt');
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Kontakt', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('footer legal links: a text opens the internal page, a URL a new tab, nothing configured no link; cookie banner stores consent for 365 days', async () => {
    const { context, page, errors } = await open();
    await home(page);
    const footer = page.getByRole('contentinfo');
    const link = async (name: string) => {
      const l = footer.getByRole('link', { name, exact: true });
      return { href: await l.getAttribute('href'), target: await l.getAttribute('target') };
    };
    expect(await link('Startseite')).toEqual({ href: '/', target: null });
    expect(await link('AGB')).toEqual({ href: '/site/terms-and-conditions', target: null });
    expect(await link('Datenschutz')).toEqual({ href: '/site/privacy', target: null });
    expect(await link('Impressum')).toEqual({ href: 'https://example.at/impressum', target: '_blank' });
    expect(await footer.getByRole('link', { name: 'Allergene' }).count()).toBe(0);
    expect(await link('Kontakt')).toEqual({ href: '/kontakt', target: null });
    expect(await link('Kontaktieren Sie uns!')).toEqual({ href: '/kontakt', target: null });
    // four branches: no single-branch link
    expect(await footer.getByRole('link', { name: 'Online bestellen' }).count()).toBe(0);
    await footer.getByRole('link', { name: 'AGB' }).click();
    await page.waitForURL('**/site/terms-and-conditions');
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    const banner = page.getByRole('region', { name: 'Cookie-Hinweis' });
    expect(await banner.getByRole('link', { name: 'Mehr erfahren' }).getAttribute('href')).toBe('/site/privacy');
    await banner.getByRole('button', { name: 'Akzeptieren' }).click();
    await banner.waitFor({ state: 'detached' });
    const { value, days } = await cookieLifetime(context, 'cookie-consent');
    expect(value).toBe('true');
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    await home(page);
    expect(await page.getByRole('region', { name: 'Cookie-Hinweis' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('floating contact button: only from 500 px of scrolling; Abbrechen while open; Anrufen and Anfahrt/Anfrage senden', async () => {
    const { context, page, errors } = await open();
    await page.goto('/store/wien-innere-stadt');
    await whenHydrated(page);
    await page.locator('.product-group').nth(3).waitFor();
    const button = page.getByRole('button', { name: 'Kontakt', exact: true });
    await page.evaluate(() => window.scrollTo(0, 499));
    await page.waitForTimeout(300);
    expect(await button.count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 500));
    await button.click();
    await page.getByRole('button', { name: 'Abbrechen' }).waitFor();
    expect(await page.getByRole('link', { name: 'Anrufen' }).getAttribute('href')).toBe('tel:+4315324810');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('link', { name: 'Anrufen' }).waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await button.waitFor({ state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 800));
    await button.click();
    await page.getByRole('link', { name: 'Anfahrt/Anfrage senden' }).click();
    await page.waitForURL('**/kontakt#contact-form');
    // the hash target is scrolled to after 750 ms: to the top, below the page's scroll padding (4rem + 1rem margin)
    await waitFor(
      async () =>
        page.evaluate(() => Math.abs(document.getElementById('contact-form')!.getBoundingClientRect().top - 80) < 2),
      4000,
      100,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toolbar: the number of open branches, or the selected branch with its state', async () => {
    const { context, page, errors } = await open();
    await home(page);
    const toolbar = page.getByRole('status', { name: 'Standortstatus' });
    expect(await toolbar.innerText()).toBe('2 Standorte geöffnet');
    await page.getByRole('link', { name: /Donaugenuss Innere Stadt/ }).click();
    await page.waitForURL('**/store/wien-innere-stadt');
    await waitFor(
      async () => /^Donaugenuss Innere Stadt: Geöffnet bis \d\d:\d\d$/.test(await toolbar.innerText()),
      5000,
      100,
    );
    await page.goBack();
    await waitFor(async () => (await toolbar.innerText()) === '2 Standorte geöffnet', 5000, 100);
    await page.getByRole('link', { name: /Donaugenuss Feinkost Linz/ }).click();
    await waitFor(async () => (await toolbar.innerText()) === 'Donaugenuss Feinkost Linz: Geschlossen', 5000, 100);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lightbox: arrows move, moving past either end closes, Escape closes and focus returns', async () => {
    const { context, page, errors } = await open();
    await page.goto('/store/wien-innere-stadt');
    await whenHydrated(page);
    const opener = page.getByRole('button', { name: 'Bilder von Pizza Margherita anzeigen' });
    const lightbox = page.getByRole('dialog', { name: 'Bildergalerie' });
    const shown = () => lightbox.getByRole('img').getAttribute('alt');
    await opener.click();
    expect(await shown()).toBe('Pizza aus dem Steinofen');
    await page.keyboard.press('ArrowRight');
    expect(await shown()).toBe('Burger');
    await page.keyboard.press('ArrowDown');
    expect(await shown()).toBe('Pizza aus dem Steinofen');
    await page.keyboard.press('ArrowUp');
    expect(await shown()).toBe('Burger');
    await page.keyboard.press('ArrowUp');
    await lightbox.waitFor({ state: 'detached' });
    await opener.click();
    await page.keyboard.press('ArrowLeft');
    await lightbox.waitFor({ state: 'detached' });
    await opener.click();
    await lightbox.getByRole('button', { name: 'Weiter' }).click();
    expect(await shown()).toBe('Burger');
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lightbox on a phone (375 px): both arrows lie wholly on screen', async () => {
    const { context, page, errors } = await open({ mobile: true });
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/store/wien-innere-stadt');
    await whenHydrated(page);
    await page.getByRole('button', { name: 'Bilder von Pizza Margherita anzeigen' }).click();
    const lightbox = page.getByRole('dialog', { name: 'Bildergalerie' });
    for (const name of ['Zurück', 'Weiter']) {
      const box = (await lightbox.getByRole('button', { name }).boundingBox())!;
      // they sat half off-screen beside an image 90 % of the viewport wide
      expect({ name, left: box.x >= 0, right: box.x + box.width <= 375 }).toEqual({ name, left: true, right: true });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('title, description, canonical and og:/twitter: tags follow every route while navigating', async () => {
    const batch = await init();
    const config = entry<{ seoDescription: string }>(batch, '/api/config');
    const wien = entry<Entity[]>(batch, '/api/branches').find((b) => b.identifier === 'wien-innere-stadt')!;
    const image = wien.images as Array<{ id: number; version: number; extension: string }>;
    // an order for the status page (the order service follows the catalogue by events: retried until it sees the hours)
    const products = entry<Entity[]>(batch, '/api/products');
    const tafelspitz = products.find((p) => p.name === 'Tafelspitz mit Apfelkren und Schnittlauchsauce')!;
    let order: { uid: string; hash: string } | null = null;
    await waitFor(
      async () => {
        const res = await request(stack.baseUrl)
          .post('/api/orders')
          .send({
            branch: wien.id,
            items: [{ product: tafelspitz.id, amount: 1 }],
            firstName: 'Meta',
            lastName: 'Test',
            email: 'meta@example.at',
            phone: '+43 660 1',
            legalInstructions: true,
            privacyPolicy: true,
          });
        if (res.status === 201) order = res.body.data;
        return order !== null;
      },
      10_000,
      200,
    );

    const { context, page, errors } = await open();
    const tags = () =>
      page.evaluate(() => {
        const meta = (key: string) =>
          document.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
        return {
          title: document.title,
          description: meta('description'),
          canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
          ogUrl: meta('og:url'),
          twitterUrl: meta('twitter:url'),
          ogTitle: meta('og:title'),
          twitterTitle: meta('twitter:title'),
          ogDescription: meta('og:description'),
          twitterDescription: meta('twitter:description'),
          ogImage: meta('og:image'),
          twitterImage: meta('twitter:image'),
        };
      });
    const expected = (path: string, title: string, description: string, img: string | null = null) => ({
      title,
      description,
      canonical: stack.baseUrl + path,
      ogUrl: stack.baseUrl + path,
      twitterUrl: stack.baseUrl + path,
      ogTitle: title,
      twitterTitle: title,
      ogDescription: description,
      twitterDescription: description,
      ogImage: img && stack.baseUrl + img,
      twitterImage: img && stack.baseUrl + img,
    });
    const settle = async (want: ReturnType<typeof expected>) => {
      await waitFor(async () => JSON.stringify(await tags()) === JSON.stringify(want), 5000, 100).catch(
        () => undefined,
      );
      expect(await tags()).toEqual(want);
    };

    await home(page);
    // two divisions in the demo: no division title in front
    await settle(expected('/', seoTitle, config.seoDescription));
    await page.getByRole('link', { name: /Donaugenuss Innere Stadt/ }).click();
    const imagePath = `/image/medium/${image[0]!.id}-${image[0]!.version}.${image[0]!.extension}`;
    await settle(
      expected(
        '/store/wien-innere-stadt',
        `Donaugenuss Innere Stadt - ${seoTitle}`,
        wien.description as string,
        imagePath,
      ),
    );
    await page.getByRole('contentinfo').getByRole('link', { name: 'AGB' }).click();
    await settle(
      expected('/site/terms-and-conditions', `Allgemeine Geschäftsbedingungen - ${seoTitle}`, config.seoDescription),
    );
    await page.getByRole('banner').getByRole('link', { name: 'Kontaktieren Sie uns' }).click();
    await settle(expected('/kontakt', `Kontakt - ${seoTitle}`, config.seoDescription));
    await page.goBack();
    await settle(
      expected('/site/terms-and-conditions', `Allgemeine Geschäftsbedingungen - ${seoTitle}`, config.seoDescription),
    );
    await page.goBack();
    await settle(
      expected(
        '/store/wien-innere-stadt',
        `Donaugenuss Innere Stadt - ${seoTitle}`,
        wien.description as string,
        imagePath,
      ),
    );
    await page.goto('/store/wien-innere-stadt/checkout');
    await settle(
      expected('/store/wien-innere-stadt/checkout', `Bestellvorgang - ${seoTitle}`, wien.description as string),
    );
    await page.goto(`/status/${order!.uid}/${order!.hash}`);
    await settle(
      expected(`/status/${order!.uid}/${order!.hash}`, `Bestellstatus - ${seoTitle}`, config.seoDescription),
    );
    await page.goto('/gibt-es-nicht');
    await settle(expected('/gibt-es-nicht', `404 Not Found - ${seoTitle}`, config.seoDescription));
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('visitors load no staff toolbar; staff get the versioned toolbar element, administrators also the tools panel; never in self-service', async () => {
    const visitor = await open();
    const requested: string[] = [];
    visitor.page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await home(visitor.page);
    await visitor.page.waitForTimeout(500);
    expect(requested.filter((p) => /staff|StaffLayer|users\/me/i.test(p))).toEqual([]);
    expect(await visitor.page.locator('staff-toolbar').count()).toBe(0);
    await visitor.context.close();

    const staff = await open();
    const { page } = staff;
    await page.request.post('/backend/login', { data: ADMIN });
    const me = (await (await page.request.get('/api/users/me')).json()).data as { displayName: string };
    const script = page.waitForResponse((r) => r.url().endsWith(`/backend/assets/staff-toolbar-${VERSION}.js`));
    await home(page);
    expect((await script).status()).toBe(200);
    const toolbar = page.locator('staff-toolbar');
    expect(await toolbar.getAttribute('display-name')).toBe(me.displayName);
    // the element renders itself (shadow DOM): name, version and the back-office links
    const bar = page.getByRole('region', { name: 'Mitarbeiter-Leiste' });
    await bar.getByText(me.displayName).waitFor();
    await bar.getByText(VERSION).waitFor();
    expect(await bar.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/backend#/sites',
      '/backend#/dashboard',
      '/backend#/navigations',
      '/backend',
      '/backend/logout',
    ]);
    // the page's floating pieces stay above the toolbar
    const barBox = (await toolbar.boundingBox())!;
    const bannerBox = (await page.getByRole('region', { name: 'Cookie-Hinweis' }).boundingBox())!;
    expect(bannerBox.y + bannerBox.height).toBeLessThanOrEqual(barBox.y);

    const tools = page.getByRole('complementary', { name: 'Werkzeuge für Administratoren' });
    await tools.getByRole('button', { name: 'Werkzeuge' }).click();
    expect(await tools.getByRole('link', { name: 'Im Backend bearbeiten' }).getAttribute('href')).toBe(
      '/backend#/config',
    );
    await page.getByRole('link', { name: /Donaugenuss Innere Stadt/ }).click();
    await page.locator('.cart__toggle').waitFor();
    const edit = `/backend#/branches/${branches['wien-innere-stadt']!.id}`;
    await waitFor(
      async () => (await tools.getByRole('link', { name: 'Im Backend bearbeiten' }).getAttribute('href')) === edit,
      5000,
      100,
    );
    const reload = page.waitForRequest((r) => r.url().endsWith('/api/init'));
    await tools.getByRole('button', { name: 'Daten neu laden' }).click();
    await reload;
    await tools.getByText('Die Daten wurden neu geladen.').waitFor();

    await page.goto('/self-service');
    await page.getByText(/Filialen werden angezeigt\./).waitFor();
    await page.waitForTimeout(300);
    expect(await page.locator('staff-toolbar').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Werkzeuge' }).count()).toBe(0);
    expect(staff.errors).toEqual([]);
    await staff.context.close();

    const employee = await open();
    await employee.page.request.post('/backend/login', { data: EMPLOYEE });
    await home(employee.page);
    await employee.page.locator('staff-toolbar').waitFor({ state: 'attached' });
    await employee.page.getByRole('region', { name: 'Mitarbeiter-Leiste' }).waitFor();
    expect(await employee.page.getByRole('button', { name: 'Werkzeuge' }).count()).toBe(0);
    await employee.context.close();
  }, 60_000);

  it('a non-public branch is a draft: staff see it with the draft style, visitors get the 404 page', async () => {
    await updateBranch('linz-hauptplatz', { isPublic: false });
    await waitFor(
      async () => !entry<Entity[]>(await init(), '/api/branches').some((b) => b.identifier === 'linz-hauptplatz'),
      10_000,
      200,
    );
    try {
      const visitor = await open();
      await visitor.page.goto('/store/linz-hauptplatz');
      await visitor.page.getByRole('heading', { name: '404 Not Found' }).waitFor();
      await visitor.context.close();

      const staff = await open();
      await staff.page.request.post('/backend/login', { data: ADMIN });
      await staff.page.goto('/store/linz-hauptplatz');
      await staff.page.getByText('Entwurf: Diese Seite ist nicht öffentlich.').waitFor();
      expect(await staff.page.locator('.store.page--draft').count()).toBe(1);
      // the branch list shows it to staff as inactive
      await home(staff.page);
      expect(await staff.page.locator('.branch-card--inactive').count()).toBe(1);
      expect(staff.errors).toEqual([]);
      await staff.context.close();
    } finally {
      await updateBranch('linz-hauptplatz', { isPublic: true });
      await waitFor(
        async () => entry<Entity[]>(await init(), '/api/branches').some((b) => b.identifier === 'linz-hauptplatz'),
        10_000,
        200,
      );
    }
  }, 60_000);

  it('scroll animation marks the cards future, visible or past; parallax shifts the card images', async () => {
    const { context, page, errors } = await open({ mobile: true });
    await home(page);
    const cards = page.locator('.branch-list > li');
    const states = () => cards.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.scroll ?? null));
    await waitFor(async () => (await states())[0] === 'visible', 3000, 100);
    expect((await states()).at(-1)).toBe('future');
    const shiftOf = () =>
      page
        .locator('.branch-card__image img')
        .first()
        .evaluate((el) => (el as HTMLElement).style.transform);
    const before = await shiftOf();
    expect(before).toMatch(/^translate3d\(0px, -?[\d.]+px, 0px\)$/);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // checked every 500 ms
    await waitFor(async () => (await states()).at(-1) === 'visible', 2000, 100);
    expect((await states())[0]).toBe('past');
    await waitFor(async () => (await shiftOf()) !== before, 2000, 100);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the HTML description (§2.3) and the markdown legal texts are rendered sanitised: markup kept, scripts and handlers dropped', async () => {
    const before = (await admin.get('/api/config').expect(200)).body.data as Record<string, unknown>;
    await updateConfig({
      description:
        '<p>Beste <strong>Wiener Küche</strong></p><img src="/gibt-es-nicht.png" onerror="window.__hacked = 1" alt=""><a href="javascript:window.__hacked = 2">Trick</a>',
      imprintText:
        '# Impressum\n\n<img src="/gibt-es-nicht.png" onerror="window.__hacked = 3" alt="">\n\n**Donaugenuss** GmbH',
    });
    try {
      const { context, page, errors } = await open();
      await page.goto('/');
      await page.locator('.lead strong', { hasText: 'Wiener Küche' }).waitFor();
      expect(await page.locator('.lead [onerror]').count()).toBe(0);
      expect(await page.locator('.lead a').getAttribute('href')).toBeNull();
      await page.goto('/site/imprint');
      await page.getByRole('heading', { name: 'Impressum' }).waitFor();
      await page.locator('.prose strong', { hasText: 'Donaugenuss' }).waitFor();
      expect(await page.locator('.prose [onerror]').count()).toBe(0);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await updateConfig({ description: before.description, imprintText: before.imprintText });
    }
  }, 60_000);

  it('map: only with the plugin, a token and cookie consent; no token, no map and no errors', async () => {
    await updateConfig({
      enablePluginHomePage: true,
      enablePluginMapbox: true,
      mapboxToken: 'pk.eyJ1IjoidGVzdCIsImEiOiJ0ZXN0In0.dGVzdA',
    });
    try {
      const { context, page, errors } = await open();
      // the map service is not reachable from tests: its requests fail, which the page must tolerate by showing the
      // branches' addresses with directions links instead of an empty box (issue 43; tests/browser/csp-map draws the
      // map from a local style server)
      await page.route(/^https:\/\/([a-z0-9-]+\.)*mapbox\.com\//, (route) => route.abort());
      const chunks: string[] = [];
      page.on('request', (r) => /mapbox-gl/.test(r.url()) && chunks.push(r.url()));
      await page.goto('/');
      await whenHydrated(page);
      await page.locator('.home-branch').first().waitFor();
      await page.waitForTimeout(500);
      const map = page.getByRole('region', { name: 'Karte unserer Standorte' });
      expect(await map.count()).toBe(0);
      expect(chunks).toEqual([]);
      await page.getByRole('button', { name: 'Akzeptieren' }).click();
      // the map's box is there only until its failure is known, which can be within the same frame (its style aborted
      // at once, no WebGL): waiting for the box missed it (seen with Debian's full Chromium), so the test waits for
      // what follows it, the addresses in its place
      const fallback = page.locator('.map--fallback');
      await fallback.getByRole('link', { name: 'Route berechnen' }).first().waitFor({ timeout: 15_000 });
      expect(await map.count()).toBe(0);
      expect(await fallback.locator('address').count()).toBeGreaterThan(0);
      expect(chunks.length).toBeGreaterThan(0);
      // a terminal (self-service context) shows no third-party map, consent or not
      await page.goto('/self-service');
      await page.locator('.home-branch').first().waitFor();
      await page.waitForTimeout(800);
      expect(await map.count()).toBe(0);
      expect(await fallback.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();

      await updateConfig({ mapboxToken: null });
      const second = await open();
      await second.page.goto('/');
      await whenHydrated(second.page);
      await second.page.locator('.home-branch').first().waitFor();
      await second.page.getByRole('button', { name: 'Akzeptieren' }).click();
      await second.page.waitForTimeout(800);
      expect(await second.page.getByRole('region', { name: 'Karte unserer Standorte' }).count()).toBe(0);
      expect(second.errors).toEqual([]);
      await second.context.close();
    } finally {
      await updateConfig({ enablePluginHomePage: false, mapboxToken: null });
    }
  }, 60_000);
});
