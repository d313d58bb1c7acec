/// <reference lib="dom" />
import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { ContentNode, Site } from '@shop/contracts';
import { startMailCatcher, waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import { resolve } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { axeViolations } from '../../scripts/quality/backoffice-screens.mjs';
import { loadWorkersConfig } from '../../services/workers/src/config/workers-config.js';
import { WorkersModule } from '../../services/workers/src/workers.module.js';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import { loginViaUi } from './backoffice-support.js';

const PRESENTER = 'immobilien.localhost';

/**
 * issue 18: the content builder in Chromium against the stack: a project node built in #/nodes (its title picture
 * chosen from the media library, a text field and an objects overview), then a site of the presenter built in the
 * generated form (a text field with rich text, a carousel with two images uploaded in place, an objects overview, a
 * hero slider, and teaser tiles referring to the project), published and seen on the presenter's host, also through
 * 'Vorschau', where its tile leads to the project's page with the project's content; its path renamed, and the old
 * address redirects; rich text typed with a script tag shows no script on the public page. The contact form's recipient
 * edited in the form builder: the presenter's form sends its mail there (a local SMTP server), and the submission
 * is listed with the form and deleted.
 */
describe('back office: content builder', () => {
  let stack: Stack;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let workers: INestApplicationContext;
  let contactForm: ContentNode;
  let admin: StaffClient;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    requireBuiltApp('presenter');
    smtp = await startMailCatcher();
    stack = await startStack('bo-content');
    await stack.seed();
    workers = await NestFactory.createApplicationContext(
      WorkersModule.forRoot(loadWorkersConfig({ ...stack.env, SMTP_URL: smtp.url })),
      { logger: false },
    );
    await workers.init();
    browser = await launchBrowser();
    // the presenter's contact page with its form, as an editor found it: the mail goes to the old recipient
    admin = await login(stack, ADMIN);
    contactForm = (
      await admin
        .post('/api/nodes', {
          type: 'form',
          isPublic: true,
          content: {
            name: 'Kontakt',
            fields: [
              { kind: 'text', fieldId: 'name', type: 'text', label: 'Name', isRequired: true },
              { kind: 'text', fieldId: 'message', type: 'textarea', label: 'Nachricht' },
            ],
            actions: [
              { kind: 'sendMail', recipient: 'alt@example.at', subject: 'Anfrage', message: 'Nachricht: {message}' },
            ],
          },
        })
        .expect(201)
    ).body.data as ContentNode;
    await admin
      .post('/api/sites', {
        website: 'presenter',
        path: '/kontakt',
        name: 'Kontakt',
        layout: 'subpage',
        isPublic: true,
        content: { body: [{ type: 'form', form: { id: contactForm.id, type: 'node' } }] },
      })
      .expect(201);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await workers?.close();
    await stack?.close();
    await smtp?.close();
  }, STACK_CLOSE_MS);

  it('builds a project and a page for it, publishes them, shows them on the presenter, and redirects the old path after a rename', async () => {
    // a picture the media library already has, for the project's title picture
    const seeblick = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2f7f6f' } })
      .png()
      .toBuffer();
    const libraryImage = (
      await admin
        .post('/api/images', { data: `data:image/png;base64,${seeblick.toString('base64')}`, name: 'Seeblick' })
        .expect(201)
    ).body.data as { id: number };
    await admin.put(`/api/images/${libraryImage.id}`, { name: 'Seeblick', alt: 'Seeblick am Morgen' }).expect(200);
    const files = await Promise.all(
      ['#c8873a', '#3a7bc8'].map(async (background, i) => {
        const file = resolve(stack.filesDir, `see-${i + 1}.png`);
        await sharp({ create: { width: 320, height: 240, channels: 3, background } })
          .png()
          .toFile(file);
        return file;
      }),
    );
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    const addBlock = async (label: string) => {
      await page.getByLabel('Blocktyp').selectOption({ label });
      await page.getByRole('button', { name: 'Block hinzufügen' }).click();
    };

    // the project: #/nodes, 'Neu: Projekt', its page title, a title picture from the media library, a body
    await page.goto('/backend/login?next=%23%2Fnodes');
    await loginViaUi(page, ADMIN, { here: true });
    await page.getByRole('heading', { name: 'Inhalte' }).waitFor();
    await page.getByRole('link', { name: 'Neu: Projekt' }).click();
    await page.getByRole('heading', { name: 'Projekt anlegen' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Wohnen am See');
    await page.getByLabel('Seitentitel').fill('Wohnen am See: Ihr Zuhause am Wasser');
    const opener = page.getByRole('button', { name: 'Aus der Mediathek wählen (Titelbild)' });
    await opener.click();
    const library = page.getByRole('dialog', { name: 'Bild aus der Mediathek wählen: Titelbild' });
    const librarySearch = library.getByLabel('Name');
    // the dialog opens with the focus in its search box
    await waitFor(async () => librarySearch.evaluate((el) => el === document.activeElement), 10_000, 100);
    await librarySearch.fill('Seeblick');
    await librarySearch.press('Enter');
    expect(await axeViolations(page)).toEqual([]);
    await library.getByRole('button', { name: 'Seeblick' }).click();
    await library.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole('img', { name: 'Seeblick am Morgen' }).waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('available');
    await addBlock('Textfeld');
    await page
      .getByRole('group', { name: /Block 1: Textfeld/ })
      .getByRole('textbox', { name: 'Text' })
      .click();
    await page.keyboard.type('Das Projekt am Seeufer: zwölf Wohnungen mit Blick aufs Wasser.');
    await addBlock('Objektübersicht');
    await page.getByLabel('Öffentlich').check();
    const projectSaved = page.waitForResponse((r) => r.url().endsWith('/api/nodes') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await projectSaved).status()).toBe(201);
    const project = ((await (await projectSaved).json()) as { data: ContentNode }).data;
    await page.getByRole('heading', { name: 'Projekt bearbeiten: Wohnen am See' }).waitFor();
    expect(project).toMatchObject({ type: 'project', isPublic: true });
    expect(project.content).toMatchObject({
      name: 'Wohnen am See',
      status: 'available',
      site_data: { image: { id: libraryImage.id, alt: 'Seeblick am Morgen' } },
      body: [{ type: 'text_field' }, { type: 'objects_overview' }],
    });
    // an object of the project (its own editor is not part of this journey)
    await admin
      .post('/api/nodes', {
        type: 'object',
        isPublic: true,
        content: {
          name: 'Seeblick Top 1',
          projects: [{ project: { id: project.id, type: 'node' } }],
          object_data: { floor: 'EG', top: '1', room_count: 3, area: 72, type: 'buy', status: 'available' },
        },
      })
      .expect(201);

    await page.goto('/backend#/sites');
    await page.getByRole('heading', { name: 'Seiten' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Neue Seite' }).click();

    await page.getByLabel('Seitenart').selectOption({ label: 'Unterseite' });
    await page.getByLabel('Website').selectOption('presenter');
    await page.getByLabel('Name *').fill('Haus am See');
    await page.getByLabel('Pfad *').fill('/haus-am-see');
    await page.getByLabel('Seitentitel').fill('Wohnen am See');

    await addBlock('Textfeld');
    const text = page.getByRole('group', { name: /Block 1: Textfeld/ }).getByRole('textbox', { name: 'Text' });
    await text.click();
    await page.keyboard.type('Willkommen am See <script>window.hacked = 1</script>');

    await addBlock('Bilderkarussell');
    const carousel = page.getByRole('group', { name: /Block 2: Bilderkarussell/ });
    for (const file of files) {
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/images') && r.request().method() === 'POST');
      await carousel.getByLabel('Bild hochladen (Bilder)').setInputFiles(file);
      expect((await uploaded).status()).toBe(201);
    }
    await carousel.locator('.images-field img').nth(1).waitFor();
    await addBlock('Objektübersicht');
    // a hero slider with one slide: a picture uploaded in place and its text
    await addBlock('Hero-Slider');
    const hero = page.getByRole('group', { name: /Block 4: Hero-Slider/ });
    await hero.getByRole('button', { name: 'Slides: Eintrag hinzufügen' }).click();
    const heroUploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/images') && r.request().method() === 'POST',
    );
    await hero.getByLabel('Bild hochladen (Bild)').setInputFiles(files[0]!);
    expect((await heroUploaded).status()).toBe(201);
    await hero.getByRole('textbox', { name: 'Text', exact: true }).click();
    await page.keyboard.type('Wohnen mit Weitblick');
    // teaser tiles referring to the project, chosen by searching the projects
    await addBlock('Seitenverweise');
    const tiles = page.getByRole('group', { name: /Block 5: Seitenverweise/ });
    await tiles.getByRole('button', { name: 'Verweise: Eintrag hinzufügen' }).click();
    await tiles.getByRole('button', { name: 'Auswählen (Seite)' }).click();
    await tiles.getByLabel('Art des Verweises').selectOption('project');
    await tiles.getByLabel('Suchen (Seite)').fill('See');
    await tiles.getByRole('button', { name: 'Projekt: Wohnen am See' }).click();
    await tiles.getByText('Gewählt: Projekt: Wohnen am See').waitFor();
    // reordered by keyboard and back: the carousel's handle with Alt+ArrowUp
    await page.getByRole('button', { name: 'Block 2: Bilderkarussell verschieben' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByRole('button', { name: 'Block 1: Bilderkarussell verschieben' }).waitFor();
    await page.keyboard.press('Alt+ArrowDown');
    await page.getByRole('button', { name: 'Block 2: Bilderkarussell verschieben' }).waitFor();
    await page.getByLabel('Öffentlich').check();
    expect(await axeViolations(page)).toEqual([]);

    const created = page.waitForResponse((r) => r.url().endsWith('/api/sites') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await created).status()).toBe(201);
    const site = ((await (await created).json()) as { data: Site }).data;
    await page.getByRole('heading', { name: 'Seite bearbeiten: Haus am See' }).waitFor();
    expect(site).toMatchObject({ website: 'presenter', path: '/haus-am-see', layout: 'subpage', isPublic: true });
    const body = site.content.body as Array<{ type: string; images?: unknown[]; text?: string }>;
    expect(body.map((b) => b.type)).toEqual([
      'text_field',
      'carousel',
      'objects_overview',
      'hero_home',
      'site_references',
    ]);
    expect(body[4]).toMatchObject({ references: [{ reference: { id: project.id, type: 'node' } }] });
    expect(body[3]).toMatchObject({
      slides: [{ image: { id: expect.any(Number) }, text: expect.stringContaining('Weitblick') }],
    });
    expect(body[1]!.images).toHaveLength(2);
    expect(body[0]!.text).toContain('Willkommen am See');

    // on the presenter's host, as a visitor
    const port = new URL(stack.baseUrl).port;
    const visitor = await newPage(browser, `http://${PRESENTER}:${port}`, { timeoutMs: 15_000 });
    await visitor.page.goto('/haus-am-see');
    await visitor.page.getByText('Willkommen am See').first().waitFor();
    // the script was typed as text: it shows as text and never runs
    expect(await visitor.page.locator('main script').count()).toBe(0);
    expect(await visitor.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    const images = body[1]!.images as Array<{ id: number }>;
    for (const image of images)
      await visitor.page.locator(`img[src*="/${image.id}-"]`).first().waitFor({ state: 'attached' });
    // the hero: its slide's text and picture
    const heroBlock = visitor.page.locator('.block--hero-home');
    await heroBlock.getByText('Wohnen mit Weitblick').first().waitFor();
    const heroImage = (body[3] as unknown as { slides: Array<{ image: { id: number } }> }).slides[0]!.image;
    await heroBlock.locator(`img[src*="/${heroImage.id}-"]`).first().waitFor({ state: 'attached' });
    // the page's tile leads to the project's own page: its title, title picture, text and objects
    await visitor.page
      .locator('.block--site-references')
      .getByRole('link', { name: /Wohnen am See/ })
      .click();
    await visitor.page.waitForURL(/\/projekte\/wohnen-am-see$/);
    await visitor.page.getByRole('heading', { name: 'Wohnen am See: Ihr Zuhause am Wasser' }).waitFor();
    await visitor.page.getByText('Das Projekt am Seeufer: zwölf Wohnungen mit Blick aufs Wasser.').waitFor();
    await visitor.page.locator(`img[src*="/${libraryImage.id}-"]`).first().waitFor({ state: 'attached' });
    const objects = visitor.page.locator('.block--objects-overview');
    await objects.getByRole('link', { name: 'Zum Objekt' }).waitFor();
    expect(await objects.locator('tbody tr').count()).toBe(1);

    // 'Vorschau' opens the page on the presenter's host (the gateway's PRESENTER_HOSTS, served to staff only), in a
    // new tab
    await request(stack.baseUrl).get('/api/backoffice/websites').expect(401);
    expect((await admin.get('/api/backoffice/websites').expect(200)).body.data).toEqual({
      presenterHosts: [PRESENTER],
    });
    const preview = page.getByRole('link', { name: /^Vorschau/ });
    expect(await preview.getAttribute('href')).toBe(`http://${PRESENTER}:${port}/haus-am-see`);
    const [previewTab] = await Promise.all([context.waitForEvent('page'), preview.click()]);
    await previewTab.getByText('Wohnen mit Weitblick').first().waitFor();
    await previewTab.close();

    // renamed: the editor is told, and the old address redirects to the new one
    await page.getByLabel('Pfad *').fill('/haus-am-see-neu');
    await page
      .getByText('Beim Speichern wird eine Weiterleitung von der alten Adresse angelegt.', { exact: false })
      .waitFor();
    const updated = page.waitForResponse(
      (r) => r.url().endsWith(`/api/sites/${site.id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await updated).status()).toBe(200);
    const redirect = await request(stack.baseUrl).get('/haus-am-see').set('Host', `${PRESENTER}:${port}`);
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toMatch(/\/haus-am-see-neu$/);
    await visitor.page.goto('/haus-am-see');
    await visitor.page.waitForURL(/\/haus-am-see-neu$/);
    await visitor.page.getByText('Willkommen am See').first().waitFor();

    // a navigation item for it in the presenter's main navigation, a second one nested under it by keyboard
    await page.goto('/backend#/navigations/new');
    await page.getByLabel('Kennung *').fill('main-navigation');
    await page.getByLabel('Website').selectOption('presenter');
    await page.getByRole('button', { name: 'Eintrag hinzufügen', exact: true }).click();
    await page.getByLabel('Beschriftung').fill('Unser Projekt');
    await page.getByLabel('Seite', { exact: true }).selectOption({ label: 'Haus am See (/haus-am-see-neu)' });
    await page.getByRole('button', { name: 'Eintrag hinzufügen', exact: true }).click();
    const second = page.getByRole('group', { name: /Eintrag 2(: \w+)?$/ });
    await second.getByLabel('Art').selectOption('link');
    await second.getByLabel('Beschriftung').fill('Kontakt');
    await second.getByLabel('Adresse (URL)').fill('/kontakt');
    await page.getByRole('button', { name: 'Eintrag 2: Kontakt verschieben' }).focus();
    await page.keyboard.press('Alt+ArrowRight');
    await page.getByRole('button', { name: 'Eintrag 1.1: Kontakt verschieben' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const navSaved = page.waitForResponse(
      (r) => r.url().endsWith('/api/navigations') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await navSaved).status()).toBe(201);
    const nav = ((await (await navSaved).json()) as { data: { items: unknown[] } }).data;
    expect(nav.items).toEqual([
      {
        type: 'site',
        label: 'Unser Projekt',
        target: site.id,
        suffix: '',
        isEnabled: true,
        children: [{ type: 'link', label: 'Kontakt', target: '/kontakt', suffix: '', isEnabled: true, children: [] }],
      },
    ]);
    // the presenter's start-up data follows the change: the header shows the item (reloaded until it does)
    await waitFor(
      async () => {
        await visitor.page.goto('/haus-am-see-neu');
        await visitor.page.getByText('Willkommen am See').first().waitFor();
        return (await visitor.page.locator('header').getByRole('link', { name: 'Unser Projekt' }).count()) > 0;
      },
      20_000,
      250,
    );

    // redirects: the one the rename created is listed; one back to the old path would loop, and the server says so
    await page.goto('/backend#/redirects');
    await page.getByRole('cell', { name: '/haus-am-see', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Neuer Redirect' }).click();
    await page.getByLabel('Alter Pfad *').fill('/haus-am-see-neu');
    await page.getByLabel('Ziel (Pfad oder URL) *').fill('/haus-am-see');
    await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
    const field = page.getByLabel('Ziel (Pfad oder URL) *');
    await page.locator('#redirect-target-error').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#redirect-target-error').textContent()).toBe(
      'Diese Weiterleitung würde im Kreis führen.',
    );
    expect(await page.locator('#redirect-source-error').textContent()).toBe(
      'Unter diesem Pfad gibt es bereits eine Seite; eine Weiterleitung würde sie verdecken.',
    );
    expect(await axeViolations(page)).toEqual([]);
    // one to the old path would be a chain: the server names the final target, which the editor then enters
    await page.getByLabel('Alter Pfad *').fill('/altes-haus');
    await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
    await waitFor(
      async () =>
        (await page.locator('#redirect-target-error').textContent()) ===
        'Unter „/haus-am-see“ gibt es bereits eine Weiterleitung nach „/haus-am-see-neu“. Bitte geben Sie „/haus-am-see-neu“ als Ziel an, damit keine Weiterleitungskette entsteht.',
      10_000,
      100,
    );
    expect(await page.locator('#redirect-source-error').count()).toBe(0);
    await field.fill('/haus-am-see-neu');
    await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Redirect wurde gespeichert.').waitFor();
    await page.getByRole('cell', { name: '/altes-haus', exact: true }).waitFor();
    const direct = await request(stack.baseUrl).get('/altes-haus').set('Host', `${PRESENTER}:${port}`);
    expect(direct.status).toBe(301);
    expect(direct.headers.location).toMatch(/\/haus-am-see-neu$/);

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  }, 180_000);

  it("edits the contact form's recipient in the form builder; the presenter's form sends the mail there", async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto(`/backend/login?next=${encodeURIComponent(`#/nodes/${contactForm.id}`)}`);
    await loginViaUi(page, ADMIN, { here: true });
    await page.getByRole('heading', { name: 'Formular bearbeiten: Kontakt' }).waitFor();
    await page.getByText('Noch keine Einsendungen.').waitFor();

    const action = page.getByRole('group', { name: /Aktion 1$/ });
    await action.getByLabel('Empfänger *').fill('vertrieb@example.at');
    // the subject gets the name through the placeholder buttons (inserted at the cursor, here the end)
    const subject = action.getByLabel('Betreff *');
    await subject.fill('Anfrage von ');
    await action.getByRole('button', { name: '{name} in „Betreff“ einfügen' }).click();
    expect(await subject.inputValue()).toBe('Anfrage von {name}');

    // a phone field added, moved up to the second place by keyboard, and offered as a placeholder at once
    await page.getByRole('button', { name: 'Feld hinzufügen' }).click();
    const added = page.getByRole('group', { name: /Feld 3$/ });
    await added.getByLabel('Texttyp').selectOption('phone');
    await added.getByLabel('Feld-ID').fill('telefon');
    await added.getByLabel('Beschriftung *').fill('Telefon');
    await page.getByRole('button', { name: 'Feld 3: Telefon verschieben' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByRole('button', { name: 'Feld 2: Telefon verschieben' }).waitFor();
    const message = action.getByLabel('Nachricht *');
    await message.fill('Nachricht: {message}\nTelefon: ');
    await action.getByRole('button', { name: '{telefon} in „Nachricht“ einfügen' }).click();
    expect(await message.inputValue()).toBe('Nachricht: {message}\nTelefon: {telefon}');
    expect(await axeViolations(page)).toEqual([]);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/nodes/${contactForm.id}`) && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    const content = ((await (await saved).json()) as { data: ContentNode }).data.content;
    expect(content.fields).toEqual([
      { kind: 'text', fieldId: 'name', type: 'text', label: 'Name', isRequired: true },
      { kind: 'text', fieldId: 'telefon', type: 'phone', label: 'Telefon' },
      { kind: 'text', fieldId: 'message', type: 'textarea', label: 'Nachricht' },
    ]);
    expect(content.actions).toEqual([
      {
        kind: 'sendMail',
        recipient: 'vertrieb@example.at',
        subject: 'Anfrage von {name}',
        message: 'Nachricht: {message}\nTelefon: {telefon}',
      },
    ]);

    // the presenter's contact page: the visitor's inquiry goes to the new recipient
    const port = new URL(stack.baseUrl).port;
    const visitor = await newPage(browser, `http://${PRESENTER}:${port}`, { timeoutMs: 15_000 });
    await waitFor(
      async () => {
        await visitor.page.goto('/kontakt');
        await visitor.page.locator('#contact-form').waitFor();
        return (await visitor.page.locator('#contact-form').getByLabel('Telefon').count()) > 0;
      },
      20_000,
      250,
    );
    await visitor.page.getByRole('button', { name: 'Ablehnen' }).click();
    const form = visitor.page.locator('#contact-form');
    await form.getByRole('button', { name: 'Datenschutzerklärung akzeptieren' }).click();
    await form.getByLabel('Name *').fill('Anna Berger');
    await form.getByLabel('Telefon').fill('+43 660 1234567');
    await form.getByLabel('Nachricht').fill('Ist das Haus am See noch frei?');
    await form.getByRole('button', { name: 'Absenden' }).click();
    await visitor.page.getByText('Vielen Dank für Ihre Nachricht!').waitFor();
    const mail = await waitFor(() => smtp.inbox.find((m) => m.to.includes('vertrieb@example.at')) ?? null, 20_000);
    expect(mail.subject).toBe('Anfrage von Anna Berger');
    expect(mail.body).toContain('Ist das Haus am See noch frei?');
    expect(mail.body).toMatch(/Telefon: \+43 ?660 ?1234567/);
    expect(smtp.inbox.some((m) => m.to.includes('alt@example.at'))).toBe(false);

    // the submission is listed with the form, and deleted
    await page.reload();
    const submissions = page.locator('.form-submissions');
    await submissions.getByText('Anna Berger').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await submissions.getByRole('button', { name: 'Einsendung löschen' }).click();
    await page.getByText('Einsendung wurde gelöscht.').waitFor();
    await submissions.getByText('Noch keine Einsendungen.').waitFor();

    expect(errors).toEqual([]);
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  }, 120_000);
});
