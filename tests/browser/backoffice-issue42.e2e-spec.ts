/// <reference lib="dom" />
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

const NAME_REFUSED = 'Die Einstellung „Name“ der Filiale dürfen nur Administratoren ändern.';

/**
 * Issue 42 items 6 and 7 in Chromium against the stack: an employee's branch form (what only administrators change
 * is read only; a name change that reaches the server anyway is refused with its German 403 at the field), and an
 * upload renamed on the uploads screen.
 */
describe('back office: branch settings of employees, uploads renamed (issue 42)', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: StaffClient;
  let employee: StaffClient;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    stack = await startStack('bo-issue42');
    await stack.seed();
    browser = await launchBrowser();
    admin = await login(stack, ADMIN);
    employee = await login(stack, EMPLOYEE);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it("lets an employee change their branch's closed message, and refuses a name change in German", async () => {
    const branchId = employee.user.branches[0]!.id;
    const before = (await admin.get(`/api/branches/${branchId}`).expect(200)).body.data as { name: string };
    // the API: the same refusal for a request made without the form
    const refused = await employee.put(`/api/branches/${branchId}`, { ...before, name: 'Umbenannt' }).expect(403);
    expect(refused.body.errors).toEqual([{ field: 'name', message: NAME_REFUSED }]);

    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto(`/backend/login?next=${encodeURIComponent(`#/branches/${branchId}`)}`);
    await loginViaUi(page, EMPLOYEE, { here: true });
    await page.getByText('Ausgegraute Einstellungen dürfen nur Administratoren ändern.').waitFor();
    const name = page.getByLabel('Name', { exact: true });
    expect(await name.isDisabled()).toBe(true);
    expect(await page.getByLabel('Öffentlich').isDisabled()).toBe(true);

    // an allowed change is saved
    await page.getByLabel('Hinweis bei geschlossener Filiale').fill('Heute wegen Inventur geschlossen.');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Gespeichert.').waitFor();
    expect((await admin.get(`/api/branches/${branchId}`).expect(200)).body.data.closedMessage).toBe(
      'Heute wegen Inventur geschlossen.',
    );

    // a form that still offered the name (an older back office in another tab): the server's German refusal
    await page.evaluate(() =>
      document.querySelectorAll('fieldset.locked-field').forEach((f) => f.removeAttribute('disabled')),
    );
    await name.fill('Umbenannt');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith(`/api/branches/${branchId}`),
    );
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(403);
    await page.locator('.form-error li', { hasText: NAME_REFUSED }).waitFor();
    await page.locator('#f-name-error', { hasText: NAME_REFUSED }).waitFor();
    expect((await admin.get(`/api/branches/${branchId}`).expect(200)).body.data.name).toBe(before.name);
    expect(errors).toEqual([]);
  });

  it('renames an upload on the uploads screen', async () => {
    const upload = (
      await request(stack.baseUrl)
        .post('/api/uploads')
        .send({ data: `data:text/plain;base64,${Buffer.from('Hallo').toString('base64')}`, filename: 'scan0001.txt' })
        .expect(201)
    ).body.data as { id: number };
    const { page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto(`/backend/login?next=${encodeURIComponent('#/media/uploads')}`);
    await loginViaUi(page, ADMIN, { here: true });
    await page.getByRole('button', { name: 'Umbenennen (scan0001.txt)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload „scan0001.txt“ umbenennen' });
    await dialog.getByLabel('Neuer Name').fill('');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.locator('.field-error').waitFor();
    await dialog.getByLabel('Neuer Name').fill('Bestellung Hochzeitstorte.txt');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Upload wurde umbenannt.').waitFor();
    await page.getByRole('cell', { name: 'Bestellung Hochzeitstorte.txt', exact: true }).waitFor();
    const listed = (await admin.get('/api/uploads?perPage=500').expect(200)).body.data as Array<{
      id: number;
      originalName: string;
    }>;
    expect(listed.find((u) => u.id === upload.id)?.originalName).toBe('Bestellung Hochzeitstorte.txt');
    expect(errors).toEqual([]);
  });
});
