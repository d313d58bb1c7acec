import type { Site } from '@shop/contracts';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import { ADMIN, login, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';
import { loginViaUi } from './backoffice-support.js';

const PRESENTER = 'immobilien.localhost';

/**
 * issue 18 draft preview in Chromium: the 'Vorschau' of a site that is not public opens it on the presenter's host
 * (where the back office's session cookie is not sent) through a signed preview link, with the draft style; the same
 * address without the token is the visitor's 404 page.
 */
describe('back office: draft preview on the presenter host', () => {
  let stack: Stack;
  let browser: Browser;
  let draft: Site;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    requireBuiltApp('presenter');
    stack = await startStack('bo-preview');
    await stack.seed();
    browser = await launchBrowser();
    const admin = await login(stack, ADMIN);
    draft = (
      await admin
        .post('/api/sites', { website: 'presenter', path: '/seeblick', name: 'Seeblick im Entwurf', isPublic: false })
        .expect(201)
    ).body.data as Site;
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it("opens an unpublished site through 'Vorschau' with the draft style; without the token it is 404", async () => {
    const port = new URL(stack.baseUrl).port;
    const address = `http://${PRESENTER}:${port}/seeblick`;
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    await page.goto(`/backend/login?next=${encodeURIComponent(`#/sites/${draft.id}`)}`);
    await loginViaUi(page, ADMIN, { here: true });
    const preview = page.getByRole('link', { name: /^Vorschau/ });
    await preview.waitFor();
    const [tab] = await Promise.all([context.waitForEvent('page'), preview.click()]);
    await tab.waitForURL((url) => url.href.startsWith(`${address}?vorschau=`));
    await tab.getByRole('heading', { name: 'Seeblick im Entwurf' }).first().waitFor();
    await tab.locator('.page--draft').waitFor();
    await tab.getByText('Entwurf: Diese Seite ist nicht öffentlich.').waitFor();
    // the tab keeps its token: the page loaded again without it still shows the draft
    await tab.goto(address);
    await tab.locator('.page--draft').getByRole('heading', { name: 'Seeblick im Entwurf' }).first().waitFor();
    expect(errors).toEqual([]);

    // a visitor (a fresh context: no token kept, no session) gets the 404 page at the same address
    const visitor = await newPage(browser, stack.baseUrl, { timeoutMs: 15_000 });
    const answer = await visitor.page.goto(address);
    expect(answer?.status()).toBe(404);
    await visitor.page.getByText('404 Not Found').first().waitFor();
    expect(await visitor.page.getByText('Seeblick im Entwurf').count()).toBe(0);
    await visitor.context.close();
    await context.close();
  });
});
