import { waitFor } from '@shop/testing';
import type { Page } from 'playwright-core';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { StaffClient, Stack } from '../support/stack.js';

/** Shared steps of the back-office browser tests. */

export const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];

export const CUSTOMER = {
  firstName: 'Anna',
  lastName: 'Berger',
  email: 'anna.berger@example.at',
  phone: '+43 660 1234567',
  street: 'Landstraßer Hauptstraße 1',
  zipCode: '1030',
  city: 'Wien',
  country: 'AT',
  legalInstructions: true,
  privacyPolicy: true,
  paymentMethod: 'cash',
};

/**
 * Logs in on the login page (opened fresh unless `here`: the page a 401 led to, with its ?next and ?reason) and
 * waits for the server's answer to the login, so that a next step that navigates cannot cancel the request before
 * it was sent (three failed logins in a row counted two on a busy CI machine, and the lockout never came).
 */
export async function loginViaUi(
  page: Page,
  who: { username: string; password: string },
  { here = false } = {},
): Promise<void> {
  if (!here) await page.goto('/backend/login');
  await page.getByLabel('Benutzername').fill(who.username);
  await page.getByLabel('Passwort').fill(who.password);
  const answered = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/backend/login',
  );
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await answered;
}

export type BranchMap = Record<string, { id: number; apiKey: string } & Record<string, unknown>>;

/** The demo's opening hours depend on the clock: the given branches open all day so orders are accepted now (API and storefront). */
export async function openAllDay(admin: StaffClient, identifiers: string[]): Promise<BranchMap> {
  const branches: BranchMap = {};
  for (const b of (await admin.get('/api/branches').expect(200)).body.data) branches[b.identifier] = b;
  for (const id of identifiers) {
    const b = branches[id]!;
    branches[id] = (
      await admin
        .put(`/api/branches/${b.id}`, {
          ...b,
          openingHours: ALL_DAY,
          deliveryHours: ALL_DAY,
          orderableFrom: null,
          isAppointmentRequired: false,
        })
        .expect(200)
    ).body.data;
  }
  // the storefront reads the hours from the init cache, which follows catalogue events
  await waitFor(
    async () => {
      const init = (await admin.get('/api/init').expect(200)).body.data as Array<{
        url: string;
        data: Array<{ identifier: string; openingHours: Array<{ from: string; to: string }> }>;
      }>;
      const listed = init.find((e) => e.url === '/api/branches')!.data;
      return identifiers.every((id) => {
        const hours = listed.find((b) => b.identifier === id)?.openingHours ?? [];
        return hours.length === 1 && hours[0]!.from === '00:00' && hours[0]!.to === '24:00';
      });
    },
    10_000,
    200,
  );
  return branches;
}

export interface PlacedOrder {
  id: number;
  uid: string;
  hash: string;
  ticketNumber: number;
}

/**
 * Places a takeaway order through the public API (as the storefront does). The order service learns about
 * catalogue changes through events, so the first attempt may still see the old opening hours: retried
 * until accepted.
 */
export async function placeOrder(stack: Stack, branchId: number, productId: number): Promise<PlacedOrder> {
  let placed: PlacedOrder | null = null;
  let last: unknown = null;
  await waitFor(
    async () => {
      const res = await request(stack.baseUrl)
        .post('/api/orders')
        .send({
          branch: branchId,
          isDelivery: false,
          isDineIn: false,
          items: [{ product: productId, amount: 1 }],
          ...CUSTOMER,
        });
      if (res.status === 201) placed = res.body.data;
      last = res.body;
      return res.status === 201;
    },
    10_000,
    200,
  ).catch((err: Error) => {
    throw new Error(`${err.message}; last answer: ${JSON.stringify(last)}`);
  });
  return placed!;
}

/**
 * A real 500 for the system log: the order service's device log table is gone for a moment while staff read a
 * device's log. Returns the answer's error number (the gateway logs it as an error entry).
 */
export async function provokeServerError(stack: Stack, admin: StaffClient, deviceId: number): Promise<string> {
  const db = new DataSource({ type: 'postgres', url: stack.db.url });
  await db.initialize();
  try {
    await db.query('ALTER TABLE "order".device_log RENAME TO device_log_away');
    return (await admin.get(`/api/devices/${deviceId}/logs`).expect(500)).body.errorId;
  } finally {
    await db.query('ALTER TABLE "order".device_log_away RENAME TO device_log');
    await db.destroy();
  }
}
