import { waitFor } from '@shop/testing';
import type { Browser } from 'playwright-core';
import {
  axeViolations,
  RESOURCES,
  visitBackofficeScreens,
  type AxeViolation,
} from '../../scripts/quality/backoffice-screens.mjs';
import request from 'supertest';
import { launchBrowser, newPage, requireBuiltApp } from '../support/browser.js';
import {
  ADMIN,
  login,
  orderableProductOf,
  startStack,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';
import { openAllDay, placeOrder, provokeServerError } from './backoffice-support.js';

/**
 * Issue 7's quality bar inside the suite: axe-core finds no serious or critical violation on any back-office
 * screen (the list scripts/quality/backoffice.mjs audits too), including the order, item and delete dialogs.
 */
describe('back office: accessibility of every screen', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    requireBuiltApp('backoffice');
    stack = await startStack('bo-axe');
    await stack.seed();
    browser = await launchBrowser();
    // data every screen needs: an open order, a device (with its log view), a system log entry, and a record of
    // each resource the demo does not seed
    const admin = await login(stack, ADMIN);
    const branch = (await openAllDay(admin, ['wien-innere-stadt']))['wien-innere-stadt']!;
    await placeOrder(stack, branch.id, await orderableProductOf(admin, branch.id));
    const device = (
      await admin
        .post('/api/devices', {
          identifier: 'axe-drucker',
          name: 'Küchendrucker',
          type: 'printer',
          protocol: 'cloudprnt',
          branch: branch.id,
        })
        .expect(201)
    ).body.data;
    await provokeServerError(stack, admin, device.id);
    await admin
      .post('/api/departments', { name: 'Küche', identifier: 'kueche', branch: { id: branch.id } })
      .expect(201);
    await admin
      .post('/api/customers', { firstName: 'Anna', lastName: 'Berger', email: 'anna.berger@example.at' })
      .expect(201);
    await admin.post('/api/external-users', { username: 'lieferant' }).expect(201);
    // a form for the form builder's screen, with a submission for its list
    const form = (
      await admin
        .post('/api/nodes', {
          type: 'form',
          isPublic: true,
          content: {
            name: 'Kontakt',
            fields: [{ kind: 'text', fieldId: 'name', type: 'text', label: 'Name', isRequired: true }],
            actions: [
              { kind: 'sendMail', recipient: 'office@example.at', subject: 'Anfrage von {name}', message: '{name}' },
            ],
          },
        })
        .expect(201)
    ).body.data as { id: number };
    await request(stack.baseUrl).post(`/api/custom/form/${form.id}`).send({ name: 'Anna Berger' }).expect(200);
    await waitFor(async () => (await admin.get('/api/logs').expect(200)).body.meta.total > 0, 10_000, 100);
  }, STACK_START_MS);
  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('has no serious or critical axe violation on any screen or dialog', async () => {
    const { context, page, errors } = await newPage(browser, stack.baseUrl, { timeoutMs: 10_000 });
    const found: Record<string, AxeViolation[]> = {};
    const missing: string[] = [];
    await visitBackofficeScreens(page, {
      admin: ADMIN,
      check: async (name) => {
        const violations = await axeViolations(page);
        if (violations.length) found[name] = violations;
        found[name] ??= [];
      },
      missing: (name, what) => missing.push(`${name}: needs ${what}`),
    });
    expect(missing).toEqual([]);
    // every screen was audited: three per resource, the order dialogs, the log entry, the counter screens …
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining([
        'login',
        'login after an expired session',
        'order board',
        'order board: reject dialog',
        'order board: cancel dialog',
        'order board: counter appointment dialog',
        'order detail: edit item dialog',
        'missed orders',
        'order history',
        'configuration',
        'products: delete dialog',
        'devices: edit',
        'system logs',
        'system log entry',
        'front desk screen',
        'counter screen',
        'sites: list',
        'sites: new with blocks',
        'sites: form errors',
        'navigations: list',
        'navigations: new with items',
        'redirects: list',
        'redirects: dialog',
        'nodes: list',
        'nodes: new form',
        'nodes: form builder with submissions',
        'nodes: new object',
        'media: images',
        'media: uploads',
        'media: image templates',
        'media: new image template with layers',
        'media: fonts',
        ...RESOURCES.flatMap((r) => [`${r}: list`, `${r}: new`, `${r}: edit`]),
      ]),
    );
    expect(Object.entries(found).filter(([, v]) => v.length)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
