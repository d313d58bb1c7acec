// The storefront audit's axe-core run: every route and every overlay, in Chromium at a phone's size.
import { auditPage, adminSession, axeAudit, launchChromium } from '../lib.mjs';
import { api, someOrder, updateConfig } from './shop.mjs';

/** How the audit moves through the storefront: open a route (hydrated), find and close a dialog, fill the cart. */
function storefrontUi(page, baseUrl, store) {
  const go = (path, waitFor) => async () => {
    await page.goto(baseUrl + path);
    await page.locator(waitFor).first().waitFor();
    // a page the gateway rendered works once the app has hydrated it (its buttons are React's)
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#root button')].every((el) =>
        Object.keys(el).some((key) => key.startsWith('__reactProps')),
      ),
    );
  };
  const dialog = (name) => page.getByRole('dialog', { name });
  const closeDialog = async (name) => {
    await page.keyboard.press('Escape');
    await dialog(name).waitFor({ state: 'detached' });
  };

  /** Puts the first product that can be added at once (no required choice, no step-by-step) into the cart. */
  async function fillCart() {
    const choose = page.locator('.product:not(.product--disabled) .product__actions button');
    const count = await choose.count();
    for (let i = 0; i < count; i++) {
      await choose.nth(i).click();
      const overlay = page.getByRole('dialog');
      await overlay.waitFor();
      const add = overlay.getByRole('button', { name: 'Zum Warenkorb hinzufügen' });
      if ((await add.count()) === 1 && (await add.isEnabled())) {
        await add.click();
        await overlay.waitFor({ state: 'detached' });
        await page.locator('.cart__toggle', { hasText: /\d+ Produkte? im Warenkorb/ }).waitFor();
        return;
      }
      await page.keyboard.press('Escape');
      await overlay.waitFor({ state: 'detached' });
    }
    throw new Error(`no product of ${store} could be added to the cart without a choice`);
  }

  return { go, dialog, closeDialog, fillCart };
}

/** /, its mobile menu, a store page, its configuration overlay and the cart with one product. */
async function checkStore(check, { go, dialog, fillCart }, page, store) {
  await check('/', go('/', '.branch-list'));
  await check('/ (mobile menu open)', async () => {
    await page.getByRole('button', { name: 'Menü', exact: true }).click();
    await dialog('Menü').waitFor();
  });
  await check(store, go(store, '.product-group'));
  await check(`${store} (configuration overlay)`, async () => {
    await page.getByRole('button', { name: 'Akzeptieren' }).click();
    await page.locator('.product:not(.product--disabled) .product__actions button').first().click();
    await page.getByRole('dialog').waitFor();
  });
  await check(`${store} (cart open, one product)`, async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await fillCart();
    await page.locator('.cart__toggle').click();
    await page.locator('.cart__toggle', { hasText: 'Warenkorb ausblenden' }).waitFor();
  });
}

/** The checkout with the product in the cart, and its pickers and overlays. */
async function checkCheckout(check, { go, dialog, closeDialog }, page, store) {
  // the cart lives in sessionStorage: the checkout below is audited with the product in it
  await check(`${store}/checkout (filled cart)`, go(`${store}/checkout`, '#checkout-firstName'));
  await check(`${store}/checkout (date picker)`, async () => {
    await page.getByRole('button', { name: 'Datum wählen' }).click();
    await dialog('Datum auswählen').waitFor();
  });
  await check(`${store}/checkout (time picker)`, async () => {
    await page.locator('.calendar__day:not([disabled])').first().click();
    await dialog('Datum auswählen').getByRole('button', { name: 'Speichern' }).click();
    await dialog('Datum auswählen').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Uhrzeit wählen' }).click();
    await dialog('Uhrzeit auswählen').waitFor();
  });
  await check(`${store}/checkout (donatee chooser)`, async () => {
    await closeDialog('Uhrzeit auswählen');
    await page.getByRole('button', { name: 'Organisation wählen' }).click();
    await dialog('Organisation wählen').locator('li').first().waitFor();
  });
  await check(`${store}/checkout (terms overlay)`, async () => {
    await closeDialog('Organisation wählen');
    await page.locator('.checkbox__more').first().click();
    await dialog('Allgemeine Geschäftsbedingungen').locator('.prose').waitFor();
  });
}

/** The other routes: the checkout's error page, the status page, contact, a site, 404, the self-service pages. */
async function checkPages(check, { go }, store, order) {
  await check(`${store}/checkout/error`, go(`${store}/checkout/error`, 'h1'));
  await check('/status/{uid}/{hash}', go(`/status/${order.uid}/${order.hash}`, '.timeline'));
  await check('/kontakt', go('/kontakt', '#contact-form'));
  await check('/site/privacy', go('/site/privacy', 'h1'));
  await check('/gibt-es-nicht (404)', go('/gibt-es-nicht', 'h1'));
  await check('/self-service', go('/self-service', '.branch-list'));
  await check(`/self-service${store}`, go(`/self-service${store}`, '.product-group'));
}

/**
 * 2. axe-core in Chromium on every route and with every overlay open. A state that cannot be reached (an empty
 * cart, a missing button, no order for the status page) fails the run instead of auditing something else.
 */
export async function axeAll(baseUrl) {
  const browser = await launchChromium();
  const { page } = await auditPage(browser, { timezoneId: 'Europe/Vienna' });
  const session = await adminSession(baseUrl);
  const init = (await api(baseUrl, '/api/init')).body.data;
  const branches = init.find((e) => e.url === '/api/branches').data.filter((b) => b.isPublic && b.isEnabled);
  const store = `/store/${branches[0].identifier}`;
  const order = await someOrder(baseUrl, session, branches);
  const results = [];

  async function check(label, prepare) {
    await prepare();
    await page.waitForTimeout(400);
    results.push(await axeAudit(page, label));
  }
  const ui = storefrontUi(page, baseUrl, store);
  await checkStore(check, ui, page, store);
  await checkCheckout(check, ui, page, store);
  await checkPages(check, ui, store, order);
  const previous = await updateConfig(baseUrl, session, { enablePluginHomePage: true });
  try {
    await check('/ (home page plugin)', ui.go('/', '.home-branch'));
  } finally {
    await updateConfig(baseUrl, session, previous);
  }
  await browser.close();
  return results;
}
