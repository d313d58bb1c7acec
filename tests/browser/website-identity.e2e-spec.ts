import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { startMailCatcher, waitFor } from '@shop/testing';
import type { Browser, Page } from 'playwright-core';
import request from 'supertest';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

/**
 * Issue 43: each website speaks as itself, on the demo's seeded content. The estate site (the presenter) shows the
 * estate agency of its home page's identity in title, description, header and footer, without a word of the
 * restaurant the shop configuration describes (no 'Allergene' link); the storefront shows the shop and not a word of
 * the agency; both as the gateway renders the page and as the app shows it. The shop's /kontakt has the shop's own
 * form, and what a visitor sends there reaches the shop's address (a local SMTP server).
 */
const ESTATE_TITLE = 'Donau Wohnbau | Neubauwohnungen in Wien';
const SHOP_TITLE = 'Donaugenuss | Online bestellen in Wien, Graz und Linz';
/** what the restaurant says, which no estate page may say */
const SHOP_WORDING = /Donaugenuss|Gastronomie|Allergen|Online bestellen|Speisekarte|532 48 10/;
/** what the estate agency says, which no shop page may say */
const ESTATE_WORDING = /Donau Wohnbau|Immobilien|Kaufanfrage|Mietanfrage|Wohnprojekt|donau-wohnbau/;

const PRESENTER_PAGES = [
  '/',
  '/kontakt',
  '/aktuelle-projekte',
  '/referenzen',
  '/ueber-uns',
  '/projekte/wohnen-am-donaupark',
  '/projekte/wohnen-am-donaupark/donaupark-top-1',
  '/referenzen/villa-grinzing',
  '/site/imprint',
  '/site/privacy',
  '/site/terms-and-conditions',
];
const STOREFRONT_PAGES = ['/', '/kontakt', '/store/wien-innere-stadt', '/site/imprint', '/site/allergens'];

interface Shown {
  title: string;
  description: string;
  ogTitle: string;
  text: string;
  footer: string;
}

describe('issue 43: the storefront and the estate site each speak as themselves (Chromium)', () => {
  let stack: Stack;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let workers: INestApplicationContext;
  let presenterUrl: string;

  beforeAll(async () => {
    requireBuiltApp('storefront');
    requireBuiltApp('presenter');
    smtp = await startMailCatcher();
    stack = await startStack('website-identity');
    await stack.seedContent(await stack.seed());
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(loadWorkersConfig({ ...stack.env, SMTP_URL: smtp.url })),
      { logger: false },
    );
    await workers.init();
    presenterUrl = stack.baseUrl.replace('127.0.0.1', 'immobilien.localhost');
    browser = await launchBrowser();
  }, STACK_START_MS);

  afterAll(async () => {
    await browser?.close();
    await workers?.close();
    await stack?.close();
    await smtp?.close();
  }, STACK_CLOSE_MS);

  /** The page's head as the gateway sends it, before any script ran. */
  async function servedHead(host: string, path: string): Promise<{ title: string; description: string }> {
    const html = (await request(stack.baseUrl).get(path).set('Host', host).expect(200)).text;
    return {
      title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
      description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '',
    };
  }

  /** What the app shows at a path once its footer (a later layer) is there and its title is the page's. */
  async function shown(page: Page, path: string, titleEnd: string): Promise<Shown> {
    await page.goto(path);
    await page.locator('footer.footer').waitFor();
    await page.waitForFunction((end) => document.title.endsWith(end), titleEnd);
    return page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
      text: document.body.innerText,
      footer: document.querySelector('footer.footer')?.textContent ?? '',
    }));
  }

  it("every estate page is the agency's: title, description, header and footer, no restaurant wording", async () => {
    const host = new URL(presenterUrl).host;
    const { context, page, errors } = await newPage(browser, presenterUrl, { timeoutMs: 15_000 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    for (const path of PRESENTER_PAGES) {
      const served = await servedHead(host, path);
      expect([path, served.title]).toEqual([
        path,
        expect.stringMatching(new RegExp(`${ESTATE_TITLE.replace('|', '\\|')}$`)),
      ]);
      expect([path, served.title + served.description]).toEqual([path, expect.not.stringMatching(SHOP_WORDING)]);
      const seen = await shown(page, path, ESTATE_TITLE);
      // (a hero name's line break is a space in the document's title)
      expect([path, seen.ogTitle.replace(/\s+/g, ' ')]).toEqual([path, seen.title]);
      for (const said of [seen.title, seen.description, seen.text])
        expect([path, said]).toEqual([path, expect.not.stringMatching(SHOP_WORDING)]);
      expect([path, seen.footer]).toEqual([path, expect.stringContaining('Donau Wohnbau GmbH')]);
    }
    // the home page's description is the agency's; the header names the agency
    await page.goto('/');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Donau Wohnbau GmbH');
    expect(await page.locator('.header__logo').innerText()).toBe('Donau Wohnbau');
    // the legal links: the agency's pages, no allergens
    const legal = page.getByRole('navigation', { name: 'Rechtliches und Kontakt' });
    expect(await legal.getByRole('link', { name: 'Impressum' }).getAttribute('href')).toBe('/site/imprint');
    expect(await legal.getByRole('link', { name: 'Allergene' }).count()).toBe(0);
    await request(stack.baseUrl).get('/site/allergens').set('Host', host).expect(404);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("every shop page is the shop's, with its allergens link, and says nothing of the estate agency", async () => {
    const host = new URL(stack.baseUrl).host;
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Ablehnen' }).click();
    for (const path of STOREFRONT_PAGES) {
      const served = await servedHead(host, path);
      expect([path, served.title + served.description]).toEqual([path, expect.not.stringMatching(ESTATE_WORDING)]);
      const seen = await shown(page, path, SHOP_TITLE);
      for (const said of [seen.title, seen.description, seen.text])
        expect([path, said]).toEqual([path, expect.not.stringMatching(ESTATE_WORDING)]);
      expect([path, seen.footer]).toEqual([path, expect.stringContaining('Donaugenuss Gastronomie GmbH')]);
      expect([path, seen.footer]).toEqual([path, expect.stringContaining('Allergene')]);
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("the shop's /kontakt has the shop's form, and a visitor's message reaches the shop's address", async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto('/kontakt');
    const form = page.locator('#contact-form');
    await form.getByRole('button', { name: 'Datenschutzerklärung akzeptieren' }).click();
    await form.getByLabel('Name *').fill('Anna Berger');
    await form.getByLabel('E-Mail *').fill('anna@example.at');
    expect(await form.getByRole('option').allInnerTexts()).toEqual(
      expect.arrayContaining(['Reservierung', 'Catering']),
    );
    expect(await form.innerText()).not.toMatch(ESTATE_WORDING);
    await form.getByLabel('Anliegen *').selectOption('Reservierung');
    await form.getByLabel('Nachricht *').fill('Ein Tisch für vier am Freitag, bitte.');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Absenden' }).click();
    await page.getByText('Vielen Dank für Ihre Nachricht!').waitFor();

    const mail = await waitFor(() => smtp.inbox.find((m) => m.to.includes('office@donaugenuss.at')) ?? null, 15_000);
    expect(mail.subject).toBe('Neue Anfrage von Anna Berger: Reservierung');
    expect(smtp.inbox.filter((m) => m.to.some((to) => to.includes('donau-wohnbau')))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
