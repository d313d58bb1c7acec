// Every back-office screen and dialog, as an accessibility audit visits them (issue 7: axe-core with 0 serious or
// critical violations on every screen). Shared by scripts/quality/backoffice.mjs (against a running stack) and
// tests/browser/backoffice-axe.e2e-spec.ts (against the test's own stack), so both audit the same list.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The generated list and form screens (web/backoffice/src/features/resources/defs.ts). */
export const RESOURCES = [
  'divisions',
  'branches',
  'menus',
  'categories',
  'tags',
  'products',
  'tables',
  'donatees',
  'users',
  'departments',
  'devices',
  'customers',
  'external-users',
];

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeViolations(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/**
 * Visits every screen with `page` and calls `check(name)` once each is ready. Logs in as `admin` after the login
 * screens. Screens that need data the stack does not have (an open order, a device, a log entry) are reported
 * through `missing(name, what)` instead.
 */
export async function visitBackofficeScreens(page, { admin, check, missing }) {
  const api = async (path) => (await (await page.request.get(path)).json()).data;
  const go = async (hash) => {
    await page.goto(`/backend#${hash}`);
    await page.locator('main h1').first().waitFor({ timeout: 10_000 });
  };
  const dialog = async (button) => {
    await button.click();
    await page.locator('dialog[open]').waitFor();
  };
  const closeDialog = async () => {
    await page.keyboard.press('Escape');
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
  };

  /** a screen that is ready once its heading shows: opened and checked */
  const visit = async (hash, name) => {
    await go(hash);
    await check(name);
  };

  const screens = { page, api, go, visit, dialog, closeDialog, check, missing };
  await loginScreens(screens);
  const login = await page.request.post('/backend/login', { data: admin });
  if (!login.ok()) throw new Error(`login as ${admin.username} failed: ${login.status()}`);
  await orderScreens(screens);
  await resourceScreens(screens);
  await contentScreens(screens);
  await siteAndMediaScreens(screens);
}

/** The login screen: empty, with a wrong password, after an expired session, an invalid login link. */
async function loginScreens({ page, check }) {
  await page.goto('/backend/login');
  await page.getByLabel('Benutzername').waitFor();
  await check('login');
  await page.getByLabel('Benutzername').fill('niemand-quality-check');
  await page.getByLabel('Passwort').fill('falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('alert').waitFor();
  await check('login with a wrong password');
  await page.goto('/backend/login?reason=session&next=%23%2Forders');
  await page.getByRole('alert').waitFor();
  await check('login after an expired session');
  await page.goto('/backend/login#/link/ungueltiger-link-0123456789');
  await page.getByRole('alert').waitFor({ timeout: 10_000 });
  await check('login link page');
}

/** The order board with its dialogs (an open order), the order detail, the order lists, dashboard, configuration. */
async function orderScreens({ page, api, visit, dialog, closeDialog, check, missing }) {
  await visit('/orders', 'order board');
  const open = (await api('/api/orders/current'))?.find((o) => o.status === 'open');
  if (open) {
    const ticket = `Ticket ${open.ticketNumber}`;
    const card = page.locator(`article[data-order-id="${open.id}"]`);
    await card.waitFor();
    for (const [action, name] of [
      ['Ablehnen', 'reject'],
      ['Stornieren', 'cancel'],
      ['Anderen Termin vorschlagen', 'counter appointment'],
    ]) {
      await dialog(card.getByRole('button', { name: `${action}: ${ticket}` }));
      await check(`order board: ${name} dialog`);
      await closeDialog();
    }
    await visit(`/orders/${open.id}`, 'order detail');
    await dialog(page.getByRole('button', { name: /^Position bearbeiten/ }).first());
    await check('order detail: edit item dialog');
    await closeDialog();
  } else missing('order board dialogs and order detail', 'an open order');
  await visit('/orders/missed', 'missed orders');
  await visit('/orders/history', 'order history');
  await visit('/dashboard', 'dashboard');
  await visit('/statistics/user-profile', 'staff profile');
  await visit('/time-tracking', 'my times');
  await visit('/time-tracking/team', 'team sheet and month close');
  await visit('/working-activities', 'working activities');
  await visit('/time-tracking/absences', 'absences and entitlements');
  await visit('/blocks', 'shared blocks');
  await visit('/config', 'configuration');
  await visit('/privacy', 'privacy: search and requests');
}

/** The generated list and form screens of every resource, and the product form's special states. */
async function resourceScreens({ page, api, go, visit, dialog, closeDialog, check, missing }) {
  for (const resource of RESOURCES) {
    await go(`/${resource}`);
    await page.locator('main table, main [role="status"]').first().waitFor();
    await check(`${resource}: list`);
    await visit(`/${resource}/new`, `${resource}: new`);
    const first = (await api(`/api/${resource}?perPage=1`))?.[0];
    if (first) {
      await go(`/${resource}/${first.id}`);
      if (resource === 'devices') await page.getByRole('heading', { name: 'Meldungen des Geräts' }).waitFor();
      await check(`${resource}: edit`);
    } else missing(`${resource}: edit`, `a record in /api/${resource}`);
  }
  await go('/products');
  await dialog(page.getByRole('button', { name: /^Löschen: / }).first());
  await check('products: delete dialog');
  await closeDialog();
  const configurable = (await api('/api/products?type=configurable&perPage=1'))?.[0];
  if (configurable) {
    await go(`/products/${configurable.id}`);
    await page.locator('fieldset.step').first().waitFor();
    await check('products: edit with configuration steps');
  } else missing('products: edit with configuration steps', 'a configurable product');
  await go('/products/new');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.locator('.field-error').first().waitFor({ timeout: 10_000 });
  await check('products: form errors');
}

/** The system logs, navigations, redirects and content nodes (the form builder with its submissions). */
async function contentScreens({ page, api, go, visit, check, missing }) {
  await visit('/logs', 'system logs');
  const log = (await api('/api/logs?perPage=1'))?.[0];
  if (log) {
    await visit(`/logs/${log.id}`, 'system log entry');
  } else missing('system log entry', 'a log entry');
  await visit('/navigations', 'navigations: list');
  await go('/navigations/new');
  await page.getByRole('button', { name: 'Eintrag hinzufügen', exact: true }).click();
  await page.getByRole('button', { name: /^Untereintrag hinzufügen/ }).click();
  await check('navigations: new with items');
  await visit('/redirects', 'redirects: list');
  await page.getByRole('button', { name: 'Neuer Redirect' }).click();
  await check('redirects: dialog');
  await page.keyboard.press('Escape');
  await visit('/nodes', 'nodes: list');
  await go('/nodes/new?type=form');
  await page.getByRole('button', { name: 'Feld hinzufügen' }).click();
  await page.getByRole('button', { name: 'Aktion hinzufügen' }).click();
  await check('nodes: new form');
  // the form builder of a saved form, with its submissions below it
  const form = (await api('/api/nodes?type=form&perPage=1'))?.[0];
  if (form) {
    await go(`/nodes/${form.id}`);
    await page.locator('.form-submissions table, .form-submissions p').first().waitFor();
    await page.locator('.placeholder-button').first().waitFor();
    await check('nodes: form builder with submissions');
  } else missing('nodes: form builder with submissions', 'a form node with a field and a sendMail action');
  await visit('/nodes/new?type=object', 'nodes: new object');
}

/** The content builder's sites, the media library, the front desk and counter screens. */
async function siteAndMediaScreens({ page, api, go, visit, check }) {
  // the content builder (issue 18): the sites list, and a new site with a block of each kind of field editor
  await visit('/sites', 'sites: list');
  await go('/sites/new');
  for (const type of ['text_field', 'carousel', 'map_columns', 'form']) {
    await page.getByLabel('Blocktyp').selectOption(type);
    await page.getByRole('button', { name: 'Block hinzufügen' }).click();
  }
  await page.getByRole('button', { name: 'Links: Eintrag hinzufügen' }).first().click();
  await page
    .getByRole('button', { name: /^Auswählen/ })
    .first()
    .click();
  await page.locator('.ProseMirror').first().waitFor();
  await check('sites: new with blocks');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.locator('.field-error').first().waitFor({ timeout: 10_000 });
  await check('sites: form errors');
  // the media library (issue 18): images, uploads, image templates with their layer editor, fonts
  await visit('/media', 'media: images');
  await visit('/media/uploads', 'media: uploads');
  await visit('/media/image-templates', 'media: image templates');
  await go('/media/image-templates/new');
  await page.getByRole('button', { name: 'Bildebene hinzufügen' }).click();
  await page.getByRole('button', { name: 'Textebene hinzufügen' }).click();
  await check('media: new image template with layers');
  await visit('/media/fonts', 'media: fonts');
  const branch = (await api('/api/branches?perPage=1'))?.[0];
  await visit(`/frontdesk/${branch.id}/${branch.apiKey}`, 'front desk screen');
  await visit(`/counter/${branch.id}/${branch.apiKey}`, 'counter screen');
}
