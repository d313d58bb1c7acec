/// <reference lib="dom" />
import type { Site } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import request from 'supertest';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
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
import { loginViaUi } from './backoffice-support.js';

/**
 * Issue 42 item 3 "Anyone on the staff can change the websites", in Chromium against the stack: the content is
 * written by administrators and by the staff an administrator gave 'Website-Redaktion' in the staff member's form;
 * an employee whose permission was taken away is refused on saving a page (the German 403 text) and then sees the
 * content read only. An administrator's redirects to `//evil.example`, `javascript:`, a host nobody allowed, and one
 * from the start page are refused with the German message at the field, and nothing is stored.
 */
describe('back office: content permission and safe redirects', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let site: Site;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    stack = await startStack('bo-content-permission');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
    site = (await admin.post('/api/sites', { path: '/ueber-uns', name: 'Über uns', isPublic: true }).expect(201)).body
      .data as Site;
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it("an administrator grants 'Website-Redaktion'; taken away, the employee's page edit is refused in German, then read only", async () => {
    const editor = { username: 'redaktion-browser', password: 'Redaktion-2026!x' };
    const created = (await admin.post('/api/users', { ...editor, roles: ['ROLE_EMPLOYEE'] }).expect(201)).body.data;

    // the administrator ticks the role in the staff member's form
    const boss = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await boss.page.goto(`/backend/login?next=${encodeURIComponent(`#/users/${created.id}`)}`);
    await loginViaUi(boss.page, ADMIN, { here: true });
    await boss.page.getByRole('checkbox', { name: 'Website-Redaktion' }).check();
    await boss.page.getByRole('button', { name: 'Speichern' }).click();
    await waitFor(
      async () =>
        ((await admin.get(`/api/users/${created.id}`).expect(200)).body.data.roles as string[]).includes(
          'ROLE_CONTENT_EDITOR',
        ),
      10_000,
      100,
    );
    await boss.context.close();

    // the editor opens the page and changes its name
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto(`/backend/login?next=${encodeURIComponent(`#/sites/${site.id}`)}`);
    await loginViaUi(page, editor, { here: true });
    await page.getByRole('heading', { name: 'Seite bearbeiten: Über uns' }).waitFor();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Über uns (neu)');

    // meanwhile the administrator takes the permission away; the gateway knows at the user's next request
    await admin.put(`/api/users/${created.id}`, { username: editor.username, roles: ['ROLE_EMPLOYEE'] }).expect(200);
    const editorApi = await login(stack, editor);
    await waitFor(
      async () =>
        (await editorApi.put(`/api/sites/${site.id}`, { path: '/ueber-uns', name: 'Über uns', isPublic: true }))
          .status === 403,
      10_000,
      100,
    );

    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(t('content.editForbidden')).first().waitFor();
    expect((await admin.get(`/api/sites/${site.id}`).expect(200)).body.data.name).toBe('Über uns');

    // loaded again, the page is read only: no save, the note why; the list has no new and no delete
    await page.reload();
    await page.getByRole('heading', { name: 'Seite bearbeiten: Über uns' }).waitFor();
    await page.getByText('Sie können die Website-Inhalte nur ansehen.', { exact: false }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    await page.goto('/backend#/sites');
    await page.getByRole('link', { name: 'Über uns', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Neue Seite' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Löschen/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();

    // the seeded employee of one branch never had it: their API write is the same German 403
    const employee = await login(stack, EMPLOYEE);
    const refused = await employee.delete(`/api/sites/${site.id}`).expect(403);
    expect(refused.body.message).toBe(t('content.editForbidden'));
  }, 120_000);

  it("refuses an administrator's unsafe redirects with the German message at the field; nothing is stored", async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto('/backend/login?next=%23%2Fredirects');
    await loginViaUi(page, ADMIN, { here: true });
    await page.getByRole('heading', { name: 'Redirects' }).waitFor();
    await page.getByRole('button', { name: 'Neuer Redirect' }).click();
    await page.getByLabel('Website').selectOption({ label: 'Onlineshop' });
    const source = page.getByLabel('Alter Pfad *');
    const target = page.getByLabel('Ziel (Pfad oder URL) *');
    const save = page.getByRole('dialog').getByRole('button', { name: 'Speichern' });
    const errorAt = async (field: 'source' | 'target', message: string) => {
      await save.click();
      await waitFor(
        async () => (await page.locator(`#redirect-${field}-error`).textContent()) === message,
        10_000,
        100,
      );
    };

    await source.fill('/aktion');
    for (const unsafe of ['//evil.example', 'javascript:alert(1)', '/\\evil.example']) {
      await target.fill(unsafe);
      await errorAt('target', t('content.redirectTargetUnsafe'));
      expect(await target.getAttribute('aria-invalid')).toBe('true');
    }
    await target.fill('https://evil.example');
    await errorAt('target', t('content.redirectHostNotAllowed', { host: 'evil.example' }));
    expect(await page.locator('#redirect-target-error').textContent()).toBe(
      'Weiterleitungen zu „evil.example“ sind nicht freigegeben. Ein Administrator kann den Host für Weiterleitungen freigeben.',
    );
    // the start page is no source, whatever the target
    await source.fill('/');
    await target.fill('/ueber-uns');
    await errorAt('source', t('content.redirectSourceProtected'));
    expect(await page.locator('#redirect-target-error').count()).toBe(0);

    expect((await admin.get('/api/redirects').expect(200)).body.data).toEqual([]);
    // nothing is answered from the start page
    expect((await request(stack.baseUrl).get('/')).status).not.toBe(301);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
