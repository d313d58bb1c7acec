import { Queue, Worker } from 'bullmq';
import request from 'supertest';
import { REDIS_URL, waitFor } from '@shop/testing';
import { t } from '@shop/i18n-de';
import { addToOutbox, OUTBOX_RELAY, type OutboxRelay } from '@shop/server';
import { DataSource } from 'typeorm';
import { JobRedispatcher } from '../../services/order/src/jobs/job-redispatcher.js';
import { OrderEntity } from '../../services/order/src/orders/order.entity.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  orderableProductOf,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
const PUBLIC_FIELDS = [
  'id',
  'uid',
  'hash',
  'ticketNumber',
  'isRejected',
  'rejectionMessage',
  'isConfirmed',
  'isInDelivery',
  'isDelivered',
  'isCompleted',
  'isCanceled',
  'isFailed',
  'isReadyForPickup',
  'isDelivery',
  'isDineIn',
  'tableIdentifier',
  'paymentMethod',
  'isPaid',
  'isRefunded',
  'appointment',
  'appointmentDate',
  'counterAppointment',
  'questionnaireRating',
  'branch',
  'paymentRedirectUrl',
].sort();
/** the customer-facing counter screen (ARCHITECTURE.md "Decisions") */
const FRONTDESK_FIELDS = [
  'id',
  'ticketNumber',
  'status',
  'isConfirmed',
  'isRejected',
  'isInDelivery',
  'isDelivered',
  'isCompleted',
  'isCanceled',
  'isFailed',
  'isReadyForPickup',
  'isDelivery',
  'isDineIn',
  'tableIdentifier',
  'appointment',
].sort();

/** storefront-presenter.md §2.7, §2.8, §3, §4, §5; backoffice-platform.md §4, §7; api-contract.md "Orders" */
describe('orders through the gateway', () => {
  let stack: Stack;
  let admin: StaffClient;
  let branches: Record<string, { id: number; apiKey: string } & Record<string, unknown>>;
  let products: Record<string, number>;

  beforeAll(async () => {
    // the re-dispatcher may take up jobs at once (the retry of a job that failed every attempt)
    stack = await startStack('orders', { JOB_REDISPATCH_AFTER_MS: '0' });
    await stack.seed();
    admin = await login(stack, ADMIN);
    branches = {};
    for (const b of (await admin.get('/api/branches').expect(200)).body.data) branches[b.identifier] = b;
    products = {};
    for (const p of (await admin.get('/api/products?perPage=500').expect(200)).body.data) products[p.name] = p.id;
    // the demo's real opening hours depend on the clock; these tests order from branches open all day
    for (const id of ['wien-innere-stadt', 'graz-lend']) {
      const b = branches[id]!;
      branches[id] = (
        await admin.put(`/api/branches/${b.id}`, { ...b, openingHours: ALL_DAY, deliveryHours: ALL_DAY }).expect(200)
      ).body.data;
    }
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const customer = {
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
  const takeaway = (items: unknown[], extra: Record<string, unknown> = {}) => ({
    branch: branches['wien-innere-stadt']!.id,
    isDelivery: false,
    isDineIn: false,
    items,
    ...customer,
    ...extra,
  });
  /** a simple product (no configuration steps) of the restaurant menu: EUR 23,50 */
  const schnitzel = (amount = 1, extra: Record<string, unknown> = {}) => ({
    product: products['Tafelspitz mit Apfelkren und Schnittlauchsauce'],
    amount,
    ...extra,
  });
  const order = (body: object, key?: string) => {
    const req = request(stack.baseUrl).post('/api/orders');
    if (key) req.set('Idempotency-Key', key);
    return req.send(body);
  };
  /**
   * The order service follows catalogue changes through their events (eventually, within milliseconds): wait
   * until its read model has a change, with a probe that can never be accepted (terms not accepted).
   */
  async function untilOrderServiceSees(
    body: object,
    expected: (errors: Array<{ field: string | null; message: string }>) => boolean,
  ) {
    await waitFor(async () => {
      const r = await order({ ...body, legalInstructions: false });
      return r.status === 422 && expected(r.body.errors);
    }, 5000);
  }
  const onlyTermsMissing = (errors: Array<{ field: string | null }>) =>
    errors.length === 1 && errors[0]!.field === 'legalInstructions';
  const publicView = (o: { uid: string; hash: string }) =>
    request(stack.baseUrl).get(`/api/orders/public/${o.uid}/${o.hash}`);
  /** a counter screen: the branch's key in X-Screen-Key (never in the path, issue 37) */
  const counterScreen = (view: 'frontdesk' | 'backoffice', branchId: number, key: string) =>
    request(stack.baseUrl).get(`/api/orders/${view}/${branchId}`).set('X-Screen-Key', key);

  it('takes a takeaway order priced from the catalogue, ignoring prices sent by the browser', async () => {
    const res = await order(
      takeaway(
        [
          schnitzel(2, { price: 0.01, gross: 0.01 }),
          {
            product: products['Pizza Margherita'],
            amount: 1,
            parts: {
              groesse: { name: 'Familienpizza (40 cm)', modifier: 'overwrite', value: 0.01 },
              extras: [{ name: 'Rucola', modifier: 'add', value: -50 }],
            },
          },
        ],
        { totalGross: 0.02 },
      ),
    );
    expect(res.status).toBe(201);
    const o = res.body.data;
    expect(Object.keys(o).sort()).toEqual(PUBLIC_FIELDS);
    expect(o).toMatchObject({
      isDelivery: false,
      isDineIn: false,
      isConfirmed: false,
      paymentMethod: 'cash',
      branch: { id: branches['wien-innere-stadt']!.id },
    });
    expect(o.uid).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(o.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const staff = (await admin.get(`/api/orders/${o.id}`).expect(200)).body.data;
    // 2 × 23,50 + (9,90 → 17,90 Familienpizza + 1,00 Rucola)
    expect(staff.items.map((i: { gross: number }) => i.gross)).toEqual([47, 18.9]);
    expect(staff.pricing).toMatchObject({ gross: 65.9, totalGross: 65.9, deliveryGross: 0 });
    expect(staff.items[1].parts.groesse).toEqual({ name: 'Familienpizza (40 cm)', modifier: 'overwrite', value: 17.9 });
    expect(staff.hash).toBe(o.hash);
  });

  it('runs the takeaway lifecycle: confirm → ready for pickup → completed → questionnaire once; in-delivery is for deliveries only', async () => {
    const o = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    const first = await publicView(o).expect(200);
    expect(first.body.data.isConfirmed).toBe(false);
    await publicView(o).set('if-none-match', first.headers.etag).expect(304);

    const confirmed = await admin.post(`/api/orders/${o.id}/status/confirm`).expect(200);
    expect(confirmed.body.data).toMatchObject({ isConfirmed: true, status: 'confirmed' });
    // the next poll sees the change
    const after = await publicView(o).set('if-none-match', first.headers.etag).expect(200);
    expect(after.body.data.isConfirmed).toBe(true);

    const notDelivery = await admin.post(`/api/orders/${o.id}/status/in-delivery`).expect(409);
    expect(notDelivery.body).toMatchObject({
      code: 'CONFLICT',
      message: 'Nur Lieferungen können in Zustellung gesetzt werden.',
    });
    // 'Abholbereit': a state of its own that the customer's public view reports
    const ready = await admin.post(`/api/orders/${o.id}/status/ready-for-pickup`).expect(200);
    expect(ready.body.data).toMatchObject({ isReadyForPickup: true, status: 'readyForPickup' });
    expect((await publicView(o).expect(200)).body.data).toMatchObject({ isReadyForPickup: true, isInDelivery: false });
    const readyList = (await admin.get('/api/orders?status=readyForPickup').expect(200)).body.data;
    expect(readyList.map((x: { id: number }) => x.id)).toContain(o.id);
    expect((await admin.get('/api/orders/current').expect(200)).body.data.map((x: { id: number }) => x.id)).toContain(
      o.id,
    );
    await admin.post(`/api/orders/${o.id}/status/ready-for-pickup`).expect(409);
    const early = await request(stack.baseUrl)
      .post(`/api/orders/public/${o.uid}/${o.hash}/questionnaire`)
      .send({ rating: 5, foodRating: 5, serviceRating: 4, processRating: 5 })
      .expect(409);
    expect(early.body.message).toBe('Eine Bewertung ist erst nach Abschluss der Bestellung möglich.');

    await admin.post(`/api/orders/${o.id}/status/completed`).expect(200);
    const invalid = await admin.post(`/api/orders/${o.id}/status/cancel`).expect(409);
    expect(invalid.body.message).toBe('Die Bestellung kann im aktuellen Status nicht storniert werden.');

    const incomplete = await request(stack.baseUrl)
      .post(`/api/orders/public/${o.uid}/${o.hash}/questionnaire`)
      .send({ rating: 5, foodRating: 0, serviceRating: 6 })
      .expect(422);
    expect(incomplete.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'foodRating',
      'processRating',
      'serviceRating',
    ]);
    const rated = await request(stack.baseUrl)
      .post(`/api/orders/public/${o.uid}/${o.hash}/questionnaire`)
      .send({ rating: 4, foodRating: 5, serviceRating: 4, processRating: 3, comment: 'Sehr gut!' })
      .expect(200);
    expect(rated.body.data.questionnaireRating).toBe(4);
    await request(stack.baseUrl)
      .post(`/api/orders/public/${o.uid}/${o.hash}/questionnaire`)
      .send({ rating: 1, foodRating: 1, serviceRating: 1, processRating: 1 })
      .expect(409);
    expect((await publicView(o).expect(200)).body.data).toMatchObject({ isCompleted: true, questionnaireRating: 4 });
  });

  it('runs the delivery lifecycle with the minimum order value and delivery costs', async () => {
    const delivery = (items: unknown[]) =>
      takeaway(items, { isDelivery: true, deliveryArea: '1030 Wien – Landstraße' });
    const below = await order(delivery([{ product: products['Apfelstrudel'], amount: 1 }])).expect(422);
    expect(below.body.errors).toEqual([
      {
        field: 'deliveryArea',
        message: 'Sie haben den Mindestbestellwert in Höhe von EUR 25,00 leider noch nicht erreicht.',
      },
    ]);
    const missingAddress = await order({ ...delivery([schnitzel(2)]), street: '', zipCode: null }).expect(422);
    expect(missingAddress.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'street', message: 'Dieser Wert sollte nicht leer sein.' },
        { field: 'zipCode', message: 'Dieser Wert sollte nicht leer sein.' },
      ]),
    );
    const o = (await order(delivery([schnitzel(2)])).expect(201)).body.data;
    const staff = (await admin.get(`/api/orders/${o.id}`).expect(200)).body.data;
    expect(staff.pricing).toMatchObject({ gross: 47, deliveryGross: 4.9, totalGross: 51.9 });
    await admin.post(`/api/orders/${o.id}/status/in-delivery`).expect(409);
    await admin.post(`/api/orders/${o.id}/status/confirm`).expect(200);
    expect((await admin.post(`/api/orders/${o.id}/status/in-delivery`).expect(200)).body.data.status).toBe(
      'inDelivery',
    );
    expect((await publicView(o).expect(200)).body.data).toMatchObject({ isInDelivery: true, isDelivered: false });
    await admin.post(`/api/orders/${o.id}/status/completed`).expect(200);
    expect((await publicView(o).expect(200)).body.data).toMatchObject({ isCompleted: true, isDelivered: true });
  });

  it('takes dine-in orders with table selection through their lifecycle', async () => {
    const dineIn = (table: string | null) => takeaway([schnitzel()], { isDineIn: true, table });
    const missing = await order(dineIn(null)).expect(422);
    expect(missing.body.errors).toContainEqual({ field: 'table', message: 'Dieser Wert sollte nicht leer sein.' });
    const unknown = await order(dineIn('tisch-99')).expect(422);
    expect(unknown.body.errors).toContainEqual({
      field: 'table',
      message: 'Bitte wählen Sie einen Tisch der Filiale.',
    });
    const o = (await order(dineIn('tisch-3')).expect(201)).body.data;
    expect(o).toMatchObject({ isDineIn: true, tableIdentifier: 'tisch-3' });
    // dine-in lifecycle: confirm → completed (no delivery step)
    await admin.post(`/api/orders/${o.id}/status/in-delivery`).expect(409);
    await admin.post(`/api/orders/${o.id}/status/confirm`).expect(200);
    expect((await admin.post(`/api/orders/${o.id}/status/completed`).expect(200)).body.data.status).toBe('completed');
    expect((await publicView(o).expect(200)).body.data).toMatchObject({
      isConfirmed: true,
      isCompleted: true,
      isDelivered: false,
      tableIdentifier: 'tisch-3',
    });
  });

  it('answers every §5 validation error with its German text and stores nothing', async () => {
    const before = (await admin.get('/api/orders').expect(200)).body.meta.total;
    const res = await order(
      takeaway([schnitzel(), { product: products['Pizza Margherita'], amount: 1, parts: {} }], {
        firstName: '',
        phone: '0660 1234567',
        paymentMethod: 'hydro-ag-voucher',
        legalInstructions: false,
        privacyPolicy: false,
      }),
    ).expect(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'Dieser Wert sollte nicht leer sein.' },
        { field: 'phone', message: 'Bitte geben Sie eine gültige Nummer im Format +43 664 1234567 an.' },
        { field: 'paymentMethod', message: 'Diese Zahlungsart steht nicht zur Verfügung.' },
        { field: 'legalInstructions', message: 'Bitte akzeptieren Sie diese Bedingungen.' },
        { field: 'privacyPolicy', message: 'Bitte akzeptieren Sie diese Bedingungen.' },
        { field: 'items.1.parts', message: 'Bitte vervollständigen Sie die Auswahl für "Pizza Margherita".' },
      ]),
    );
    expect(res.body.message).toBe(res.body.errors[0].message);

    // a malformed field and the order rules in one answer: the customer corrects the form in one round
    const oneRound = await order(
      takeaway([schnitzel()], { email: 'anna.berger-at-example.at', lastName: '', legalInstructions: false }),
    ).expect(422);
    expect(oneRound.body.errors).toEqual([
      { field: 'email', message: 'Dieser Wert ist keine gültige E-Mail-Adresse.' },
      { field: 'lastName', message: 'Dieser Wert sollte nicht leer sein.' },
      { field: 'legalInstructions', message: 'Bitte akzeptieren Sie diese Bedingungen.' },
    ]);
    // malformed items: their errors alone (the order rules need the items)
    const badItems = await order(takeaway([{ product: 'eins', amount: -1 }], { lastName: '' })).expect(422);
    expect(badItems.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'items.0.amount',
      'items.0.product',
    ]);

    const notInMenu = await order(takeaway([{ product: products['Bergkäse'] ?? 999999, amount: 1 }])).expect(422);
    expect(notInMenu.body.errors[0]).toEqual({
      field: 'items.0.product',
      message: 'Dieses Produkt wird in dieser Filiale nicht angeboten.',
    });
    const badOption = await order(
      takeaway([{ product: products['Pizza Margherita'], amount: 1, parts: { groesse: 'XXL' } }]),
    ).expect(422);
    expect(badOption.body.errors[0].field).toBe('items.0.parts');
    await order(takeaway([])).expect(422);
    await order({ ...takeaway([schnitzel()]), branch: 999999 }).expect(422);
    // 00 becomes + (§5 phone)
    const ok = (await order(takeaway([schnitzel()], { phone: '0043 660 1234567' })).expect(201)).body.data;
    expect((await admin.get(`/api/orders/${ok.id}`).expect(200)).body.data.customer.phone).toBe('+436601234567');
    expect((await admin.get('/api/orders').expect(200)).body.meta.total).toBe(before + 1);
  });

  it("holds a text step's maxLength on the server too (the cake's 40 characters): one more is a field error", async () => {
    const pizza = (await admin.get(`/api/products/${products['Pizza Margherita']}`).expect(200)).body.data;
    const greeting = { type: 'text', name: 'Gruß', description: null, optional: true, options: [], maxLength: 5 };
    await admin
      .put(`/api/products/${pizza.id}`, { ...pizza, config: { parts: { ...pizza.config.parts, gruss: greeting } } })
      .expect(200);
    const line = (gruss: string) => ({
      product: pizza.id,
      amount: 1,
      parts: { groesse: { name: 'Familienpizza (40 cm)', modifier: 'overwrite', value: 0 }, gruss },
    });
    await untilOrderServiceSees(takeaway([line('zu lang')]), (errors) =>
      errors.some((e) => e.field === 'items.0.parts'),
    );
    const tooLong = await order(takeaway([line('zu lang')])).expect(422);
    expect(tooLong.body.errors).toEqual([
      { field: 'items.0.parts', message: 'Bitte vervollständigen Sie die Auswahl für "Pizza Margherita".' },
    ]);
    await order(takeaway([line('Hallo')])).expect(201);
    await admin.put(`/api/products/${pizza.id}`, pizza).expect(200);
  });

  it('checks opening hours: closed branch, required appointment, appointment outside hours', async () => {
    const graz = branches['graz-lend']!;
    const grazProduct = await orderableProductOf(admin, graz.id);
    const product = (await admin.get(`/api/products/${grazProduct}`).expect(200)).body.data;
    const base = {
      ...customer,
      branch: graz.id,
      items: [{ product: grazProduct, amount: product.minimumQuantity }],
      paymentMethod: 'cash',
    };
    const required = await order(base).expect(422);
    expect(required.body.errors).toContainEqual({
      field: 'appointmentDate',
      message: 'Bitte wählen Sie einen Termin aus.',
    });

    // open Mondays 10–12 only (Vienna): a Sunday 3 am appointment is outside the hours
    await admin
      .put(`/api/branches/${graz.id}`, { ...graz, openingHours: [{ type: 'monday', from: '10:00', to: '12:00' }] })
      .expect(200);
    await untilOrderServiceSees({ ...base, appointmentDate: '2031-06-01T03:00:00+02:00' }, (errors) =>
      errors.some((e) => e.field === 'appointmentDate'),
    );
    const outside = await order({ ...base, appointmentDate: '2031-06-01T03:00:00+02:00' }).expect(422);
    expect(outside.body.errors).toContainEqual({
      field: 'appointmentDate',
      message:
        'Zum ausgewählten Zeitpunkt haben wir leider geschlossen. Bitte wählen Sie einen Termin während unserer Öffnungszeiten.',
    });
    // a preorder for Monday 2 June 2031, 11:00 Vienna is fine while the branch is closed now
    const preorder = await order({ ...base, appointmentDate: '2031-06-02T11:00:00+02:00' });
    expect(preorder.status).toBe(201);
    expect(preorder.body.data.appointmentDate).toBe('2031-06-02T09:00:00.000Z');

    await admin
      .put(`/api/branches/${graz.id}`, {
        ...graz,
        openingHours: [],
        isPreorderEnabled: false,
        isAppointmentRequired: false,
      })
      .expect(200);
    await untilOrderServiceSees(base, (errors) => errors.some((e) => e.field === null));
    const closed = await order(base).expect(422);
    expect(closed.body.errors).toContainEqual({ field: null, message: 'Derzeit haben wir leider geschlossen.' });
    await admin.put(`/api/branches/${graz.id}`, graz).expect(200);
    await untilOrderServiceSees({ ...base, appointmentDate: '2031-06-02T11:00:00+02:00' }, onlyTermsMissing);
  });

  it("a preorder for a time at which a product is not sold is a wrong appointment (the product's schedule)", async () => {
    const graz = branches['graz-lend']!;
    const grazProduct = await orderableProductOf(admin, graz.id);
    const product = (await admin.get(`/api/products/${grazProduct}`).expect(200)).body.data;
    // sold 07:00-10:00 only (Vienna), like a breakfast; Graz takes preorders and is open all day (beforeAll)
    await admin
      .put(`/api/products/${product.id}`, { ...product, schedule: [{ type: 'daily', from: '07:00', to: '10:00' }] })
      .expect(200);
    const base = {
      ...customer,
      branch: graz.id,
      items: [{ product: grazProduct, amount: product.minimumQuantity }],
    };
    const noon = { ...base, appointmentDate: '2031-06-02T12:00:00+02:00' };
    await untilOrderServiceSees(noon, (errors) => errors.some((e) => e.field === 'appointmentDate'));
    const wrongTime = await order(noon).expect(422);
    expect(wrongTime.body.errors).toEqual([
      {
        field: 'appointmentDate',
        message: `Zum ausgewählten Zeitpunkt können wir "${product.name}" leider nicht anbieten. Bitte wählen Sie einen anderen Termin.`,
      },
    ]);
    const breakfast = await order({ ...base, appointmentDate: '2031-06-02T08:00:00+02:00' }).expect(201);
    expect(breakfast.body.data.appointmentDate).toBe('2031-06-02T06:00:00.000Z');
    await admin.put(`/api/products/${product.id}`, product).expect(200);
  });

  it('says when delivery is closed while the branch is open', async () => {
    const b = branches['wien-innere-stadt']!;
    await admin.put(`/api/branches/${b.id}`, { ...b, isDeliveryHoursEnabled: true, deliveryHours: [] }).expect(200);
    const deliveryOrder = takeaway([schnitzel(2)], { isDelivery: true, deliveryArea: '1030 Wien – Landstraße' });
    await untilOrderServiceSees(deliveryOrder, (errors) => errors.some((e) => e.field === null));
    try {
      const res = await order(
        takeaway([schnitzel(2)], { isDelivery: true, deliveryArea: '1030 Wien – Landstraße' }),
      ).expect(422);
      expect(res.body.errors).toContainEqual({ field: null, message: 'Derzeit bieten wir leider keine Lieferung an.' });
      await order(takeaway([schnitzel()])).expect(201);
    } finally {
      await admin.put(`/api/branches/${b.id}`, b).expect(200);
      await untilOrderServiceSees(
        takeaway([schnitzel(2)], { isDelivery: true, deliveryArea: '1030 Wien – Landstraße' }),
        onlyTermsMissing,
      );
    }
  });

  it('follows an order change made behind the gateway through the order event stream', async () => {
    const o = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    const before = await publicView(o).expect(200);
    const ds = stack.order.get(DataSource);
    await ds.transaction(async (m) => {
      await m.update(OrderEntity, { id: o.id }, { isPaid: true });
      await addToOutbox(m, 'order.order.updated', {
        id: o.id,
        uid: o.uid,
        branch: o.branch.id,
        verb: 'updated',
        change: 'paid',
        at: new Date().toISOString(),
      });
    });
    await stack.order.get<OutboxRelay>(OUTBOX_RELAY).kick();
    const after = await waitFor(async () => {
      const r = await publicView(o).set('if-none-match', before.headers.etag);
      return r.status === 200 ? r : null;
    }, 3000);
    expect(after.body.data.isPaid).toBe(true);
  });

  it('handles the counter-appointment: accept keeps the order, reject cancels it', async () => {
    const a = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    const proposal = '2031-06-02T12:30:00.000Z';
    const past = await admin
      .post(`/api/orders/${a.id}/counter-appointment`, {
        counterAppointment: new Date(Date.now() - 60_000).toISOString(),
      })
      .expect(422);
    expect(past.body.errors).toEqual([
      { field: 'counterAppointment', message: 'Der vorgeschlagene Termin muss in der Zukunft liegen.' },
    ]);
    await admin.post(`/api/orders/${a.id}/counter-appointment`, { counterAppointment: proposal }).expect(200);
    expect((await publicView(a).expect(200)).body.data.counterAppointment).toBe(proposal);
    const accepted = await request(stack.baseUrl)
      .post(`/api/orders/public/${a.uid}/${a.hash}/confirm-counter-appointment`)
      .expect(200);
    expect(accepted.body.data).toMatchObject({ appointment: proposal, counterAppointment: null, isCanceled: false });
    // staff see the agreed time as the time in force, and that it was agreed through their proposal
    expect((await admin.get(`/api/orders/${a.id}`).expect(200)).body.data).toMatchObject({
      appointment: proposal,
      counterAnswer: 'accepted',
      answeredCounterAppointment: proposal,
      status: 'open',
    });
    await request(stack.baseUrl).post(`/api/orders/public/${a.uid}/${a.hash}/reject-counter-appointment`).expect(409);

    const b = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    await admin.post(`/api/orders/${b.id}/counter-appointment`, { counterAppointment: proposal }).expect(200);
    const rejected = await request(stack.baseUrl)
      .post(`/api/orders/public/${b.uid}/${b.hash}/reject-counter-appointment`)
      .expect(200);
    expect(rejected.body.data).toMatchObject({ isCanceled: true, counterAppointment: null });
    // staff see why it was canceled: the customer declined the proposed time
    expect((await admin.get(`/api/orders/${b.id}`).expect(200)).body.data).toMatchObject({
      status: 'canceled',
      counterAnswer: 'declined',
      answeredCounterAppointment: proposal,
      appointment: null,
    });

    const c = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    await admin.post(`/api/orders/${c.id}/status/confirm`).expect(200);
    const late = await admin
      .post(`/api/orders/${c.id}/counter-appointment`, { counterAppointment: proposal })
      .expect(409);
    expect(late.body.message).toBe(
      'Ein Gegenvorschlag ist nur möglich, solange die Bestellung weder bestätigt noch abgelehnt ist.',
    );
  });

  it('rejects with a message the customer sees', async () => {
    const o = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    await admin
      .post(`/api/orders/${o.id}/status/reject`, { rejectionMessage: 'Leider ist die Küche überlastet.' })
      .expect(200);
    expect((await publicView(o).expect(200)).body.data).toMatchObject({
      isRejected: true,
      rejectionMessage: 'Leider ist die Küche überlastet.',
    });
    await admin.post(`/api/orders/${o.id}/status/confirm`).expect(409);
  });

  it('honours Idempotency-Key: 50 concurrent submissions make one order; another body is 422', async () => {
    const key = `key-${Date.now()}-abcdef`;
    const body = takeaway([schnitzel(3)]);
    const before = (await admin.get('/api/orders').expect(200)).body.meta.total;
    const results = await Promise.all(Array.from({ length: 50 }, () => order(body, key)));
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(new Set(created.map((r) => r.body.data.uid)).size).toBe(1);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.message).toBe('Diese Anfrage wird bereits verarbeitet. Bitte versuchen Sie es gleich noch einmal.');
    }
    expect((await admin.get('/api/orders').expect(200)).body.meta.total).toBe(before + 1);
    const replay = await order(body, key).expect(201);
    expect(replay.body.data.uid).toBe(created[0]!.body.data.uid);
    const other = await order(takeaway([schnitzel(4)]), key).expect(422);
    expect(other.body.errors).toEqual([
      { field: 'Idempotency-Key', message: 'Der Idempotency-Key wurde bereits für eine andere Anfrage verwendet.' },
    ]);
    expect((await admin.get('/api/orders').expect(200)).body.meta.total).toBe(before + 1);
  });

  it('replays the first answer with its ticket even once the form would be refused, and takes over a key older than 24 h (issue 22)', async () => {
    const wien = branches['wien-innere-stadt']!;
    const key = `key-${Date.now()}-replay`;
    const body = takeaway([schnitzel(2)]);
    const first = (await order(body, key).expect(201)).body.data;
    expect(first.ticketNumber).toBeGreaterThan(0);
    // the branch stops taking takeaway orders: the same form is refused now, its replay answers as the first time
    await admin.put(`/api/branches/${wien.id}`, { ...wien, isTakeawayEnabled: false }).expect(200);
    try {
      await untilOrderServiceSees(body, (errors) => errors.some((e) => e.field === 'isDelivery'));
      const replay = (await order(body, key).expect(201)).body.data;
      expect(replay).toMatchObject({ uid: first.uid, ticketNumber: first.ticketNumber });
      await order(body, `${key}-new`).expect(422);
    } finally {
      branches['wien-innere-stadt'] = (
        await admin.put(`/api/branches/${wien.id}`, { ...wien, isTakeawayEnabled: true }).expect(200)
      ).body.data;
      await untilOrderServiceSees(body, onlyTermsMissing);
    }
    // past the replay window the key is free again: a new order under it
    await stack.order
      .get(DataSource)
      .query(`UPDATE "order"."idempotency_key" SET "createdAt" = now() - interval '25 hours' WHERE key = $1`, [key]);
    const later = (await order(body, key).expect(201)).body.data;
    expect(later.uid).not.toBe(first.uid);
    expect(later.ticketNumber).toBe(first.ticketNumber + 1);
    expect((await order(body, key).expect(201)).body.data).toMatchObject({
      uid: later.uid,
      ticketNumber: later.ticketNumber,
    });
  });

  it('numbers tickets per branch without gaps, also under concurrency', async () => {
    const placed = await Promise.all(Array.from({ length: 12 }, () => order(takeaway([schnitzel()])).expect(201)));
    const tickets = placed.map((r) => r.body.data.ticketNumber as number).sort((a, b) => a - b);
    expect(tickets).toEqual(Array.from({ length: 12 }, (_, i) => tickets[0]! + i));
    const again = await publicView(placed[0]!.body.data).expect(200);
    expect(again.body.data.ticketNumber).toBe(placed[0]!.body.data.ticketNumber);
  });

  it('answers a wrong hash like an unknown uid with 404, and a wrong API key with 403', async () => {
    const o = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    await publicView(o).expect(200);
    const wrongHash = await publicView({ uid: o.uid, hash: 'A'.repeat(22) }).expect(404);
    const unknown = await publicView({ uid: 'B'.repeat(22), hash: o.hash }).expect(404);
    expect(wrongHash.body).toEqual(unknown.body);
    await request(stack.baseUrl).post(`/api/orders/public/${o.uid}/wrong/confirm-counter-appointment`).expect(404);

    const branch = branches['wien-innere-stadt']!;
    const desk = await counterScreen('frontdesk', branch.id, branch.apiKey).expect(200);
    expect(desk.body.data.map((x: { id: number }) => x.id)).toContain(o.id);
    await counterScreen('backoffice', branch.id, branch.apiKey).expect(200);
    await counterScreen('frontdesk', branch.id, 'x'.repeat(32)).expect(403);
    await counterScreen('frontdesk', branches['graz-lend']!.id, branch.apiKey).expect(403);
  });

  it('shows the front desk only tickets and their stage, the back-office counter screen the staff orders', async () => {
    const branch = branches['wien-innere-stadt']!;
    const o = (await order(takeaway([schnitzel()], { comment: 'Bitte ohne Zwiebeln' })).expect(201)).body.data;
    await admin.post(`/api/orders/${o.id}/status/confirm`).expect(200);

    const desk = (await counterScreen('frontdesk', branch.id, branch.apiKey).expect(200)).body.data;
    const ticket = desk.find((x: { id: number }) => x.id === o.id);
    expect(Object.keys(ticket).sort()).toEqual(FRONTDESK_FIELDS);
    expect(ticket).toMatchObject({
      ticketNumber: o.ticketNumber,
      status: 'confirmed',
      isConfirmed: true,
      isDelivery: false,
    });
    const deskText = JSON.stringify(desk);
    for (const secret of [
      'Berger',
      'anna.berger',
      '660 1234567',
      'Landstraßer',
      'Zwiebeln',
      'Tafelspitz',
      '23.5',
      o.uid,
      o.hash,
    ]) {
      expect(deskText).not.toContain(secret);
    }

    const kitchen = (await counterScreen('backoffice', branch.id, branch.apiKey).expect(200)).body.data;
    const staffOrder = kitchen.find((x: { id: number }) => x.id === o.id);
    expect(staffOrder).toMatchObject({
      status: 'confirmed',
      customer: { lastName: 'Berger', comment: 'Bitte ohne Zwiebeln' },
    });
    expect(staffOrder.items.map((i: { name: string }) => i.name)).toEqual([
      'Tafelspitz mit Apfelkren und Schnittlauchsauce',
    ]);
  });

  it("gives an employee the API key of their own branch only; another branch's views stay closed (403, the key's own text)", async () => {
    const employee = await login(stack, EMPLOYEE);
    const own = branches['wien-innere-stadt']!;
    const other = branches['graz-lend']!;
    expect((await employee.get(`/api/branches/${own.id}`).expect(200)).body.data.apiKey).toBe(own.apiKey);
    expect((await employee.get(`/api/branches/${other.id}`).expect(200)).body.data).not.toHaveProperty('apiKey');
    const listed = (await employee.get('/api/branches').expect(200)).body.data as Array<{
      id: number;
      apiKey?: string;
    }>;
    expect(listed.filter((b) => b.apiKey !== undefined).map((b) => b.id)).toEqual([own.id]);
    for (const view of ['frontdesk', 'backoffice']) {
      const screenOf = (key: string) => employee.get(`/api/orders/${view}/${other.id}`).set('X-Screen-Key', key);
      const guessed = await screenOf(own.apiKey).expect(403);
      expect(guessed.body.message).toBe(t('order.screenKeyInvalid'));
      await screenOf('G'.repeat(32)).expect(403);
      await screenOf(other.apiKey).expect(200);
    }
  });

  it('filters the history by status, in delivery included', async () => {
    const delivered = (
      await order(takeaway([schnitzel(2)], { isDelivery: true, deliveryArea: '1030 Wien – Landstraße' })).expect(201)
    ).body.data;
    await admin.post(`/api/orders/${delivered.id}/status/confirm`).expect(200);
    const pickupOnly = await admin.post(`/api/orders/${delivered.id}/status/ready-for-pickup`).expect(409);
    expect(pickupOnly.body.message).toBe('Nur Abhol- und Vor-Ort-Bestellungen können abholbereit gesetzt werden.');
    await admin.post(`/api/orders/${delivered.id}/status/in-delivery`).expect(200);
    const confirmed = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    await admin.post(`/api/orders/${confirmed.id}/status/confirm`).expect(200);
    const history = async (status: string) =>
      (await admin.get(`/api/orders?status=${status}&perPage=200`).expect(200)).body.data as Array<{
        id: number;
        status: string;
      }>;

    const inDelivery = await history('inDelivery');
    expect(inDelivery.map((x) => x.id)).toContain(delivered.id);
    expect(inDelivery.every((x) => x.status === 'inDelivery')).toBe(true);
    const confirmedOnes = await history('confirmed');
    expect(confirmedOnes.map((x) => x.id)).toContain(confirmed.id);
    expect(confirmedOnes.map((x) => x.id)).not.toContain(delivered.id);
    for (const status of ['open', 'confirmed', 'inDelivery', 'readyForPickup', 'completed', 'canceled', 'rejected']) {
      expect((await history(status)).every((x) => x.status === status)).toBe(true);
    }
    const bad = await admin.get('/api/orders?status=unterwegs').expect(422);
    expect(bad.body.errors[0].field).toBe('status');
  });

  it('scopes staff to their branches: an employee of branch A cannot read or change an order of branch B', async () => {
    const employee = await login(stack, EMPLOYEE);
    const own = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    const grazProduct = (
      await admin.get(`/api/products/${await orderableProductOf(admin, branches['graz-lend']!.id)}`).expect(200)
    ).body.data;
    const grazOrder = (
      await order({
        ...customer,
        branch: branches['graz-lend']!.id,
        appointmentDate: '2031-06-02T11:00:00+02:00',
        items: [{ product: grazProduct.id, amount: grazProduct.minimumQuantity }],
      }).expect(201)
    ).body.data;
    await employee.get(`/api/orders/${own.id}`).expect(200);
    await employee.post(`/api/orders/${own.id}/status/confirm`).expect(200);
    const visible = (await employee.get('/api/orders?perPage=200').expect(200)).body.data;
    expect(visible.every((x: { branch: { id: number } }) => x.branch.id === branches['wien-innere-stadt']!.id)).toBe(
      true,
    );
    await employee.get(`/api/orders?branch=${branches['graz-lend']!.id}`).expect(403);
    await employee.get(`/api/orders/${grazOrder.id}`).expect(404);
    await employee.post(`/api/orders/${grazOrder.id}/status/confirm`).expect(404);
    expect((await admin.get(`/api/orders/${grazOrder.id}`).expect(200)).body.data.isConfirmed).toBe(false);
    await request(stack.baseUrl).get('/api/orders').expect(401);
    await request(stack.baseUrl).post(`/api/orders/${own.id}/status/cancel`).expect(401);
  });

  it('edits a line and prices the order again', async () => {
    const o = (await order(takeaway([schnitzel(1), { product: products['Apfelstrudel'], amount: 1 }])).expect(201)).body
      .data;
    const edited = await admin.put(`/api/orders/${o.id}/items/1`, { amount: 3 }).expect(200);
    expect(edited.body.data.items[1]).toMatchObject({ amount: 3, gross: 16.5 });
    expect(edited.body.data.pricing.totalGross).toBe(40);
    await admin.put(`/api/orders/${o.id}/items/7`, { amount: 1 }).expect(404);
    const bad = await admin.put(`/api/orders/${o.id}/items/0`, { amount: 0 }).expect(422);
    expect(bad.body.errors[0].field).toBe('amount');
    // pieces come whole, for staff as for customers
    const half = await admin.put(`/api/orders/${o.id}/items/0`, { amount: 2.5 }).expect(422);
    expect(half.body.errors).toEqual([
      { field: 'amount', message: 'Bitte wählen Sie eine Menge in Schritten von 1 ab 1.' },
    ]);
    const placed = await order(takeaway([schnitzel(1.5)])).expect(422);
    expect(placed.body.errors).toContainEqual({
      field: 'items.0.amount',
      message: 'Bitte wählen Sie eine Menge in Schritten von 1 ab 1.',
    });
  });

  it('queues print, e-mail and SMS jobs with deterministic ids in BullMQ', async () => {
    const o = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    // a branch without a printer: said so in German, and no job that no printer would ever pull
    const noPrinter = await admin.post(`/api/orders/${o.id}/print`).expect(409);
    expect(noPrinter.body.message).toBe(
      'Für die Filiale „Donaugenuss Innere Stadt“ ist kein Drucker eingerichtet. Bitte legen Sie unter Geräte einen Drucker an.',
    );
    await admin
      .post('/api/devices', {
        identifier: 'kueche-orders',
        name: 'Küche',
        type: 'printer',
        protocol: 'cloudprnt',
        branch: branches['wien-innere-stadt']!.id,
      })
      .expect(201);
    const first = await admin.post(`/api/orders/${o.id}/print`).expect(202);
    expect(first.body.data.jobId).toBe(`print-${o.id}-print-1`);
    expect((await admin.post(`/api/orders/${o.id}/print`).expect(202)).body.data.jobId).toBe(`print-${o.id}-print-2`);
    expect((await admin.post(`/api/orders/${o.id}/resend-new-order-email`).expect(202)).body.data.jobId).toBe(
      `email-${o.id}-resend-1`,
    );
    expect((await admin.post(`/api/orders/${o.id}/resend-new-order-sms`).expect(202)).body.data.jobId).toBe(
      `sms-${o.id}-resend-1`,
    );
    const connection = { url: REDIS_URL };
    const prefix = `${stack.prefixes.redis}bull`;
    const queues = {
      print: new Queue('print', { connection, prefix }),
      email: new Queue('email', { connection, prefix }),
      sms: new Queue('sms', { connection, prefix }),
    };
    try {
      const job = async (q: Queue, id: string) => {
        for (let i = 0; i < 50; i++) {
          const j = await q.getJob(id);
          if (j) return j;
          await new Promise((r) => setTimeout(r, 100));
        }
        return null;
      };
      expect((await job(queues.email, `email-${o.id}-created`))?.data).toMatchObject({
        orderId: o.id,
        reason: 'created',
      });
      expect((await job(queues.print, `print-${o.id}-print-2`))?.data).toMatchObject({ orderId: o.id });
      // no worker runs in this file: the receipt waits
      expect((await admin.get(`/api/orders/${o.id}`).expect(200)).body.data.receipt).toBe('waiting');
      expect(await job(queues.sms, `sms-${o.id}-resend-1`)).not.toBeNull();
      expect(
        await queues.print.getJobCountByTypes('waiting', 'delayed', 'active', 'completed', 'failed'),
      ).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(Object.values(queues).map((q) => q.close()));
    }
  });

  it('lists current and missed orders', async () => {
    const current = (await admin.get('/api/orders/current').expect(200)).body.data;
    expect(current.every((x: { status: string }) => ['open', 'confirmed', 'inDelivery'].includes(x.status))).toBe(true);
    const missed = (await admin.get('/api/orders/missed').expect(200)).body.data;
    // the far-future preorder is not missed; nothing placed in the last 15 minutes is
    expect(missed).toEqual([]);
  });

  it('dispatches a print job again that failed every attempt, so the kitchen still gets the receipt', async () => {
    const o = (await order(takeaway([schnitzel()])).expect(201)).body.data;
    const jobId = `print-${o.id}-print-1`;
    const connection = { url: REDIS_URL };
    const prefix = `${stack.prefixes.redis}bull`;
    const queue = new Queue('print', { connection, prefix });
    // the job as BullMQ keeps it after a round of attempts that all failed (one attempt here, eight in production)
    await queue.add('print-receipt', { orderId: o.id }, { jobId, attempts: 1 });
    let runs = 0;
    const worker = new Worker(
      'print',
      async (job) => {
        if (job.id !== jobId) return null;
        runs++;
        if (runs === 1) throw new Error('Die Anfrage an order.job.completed lief in einen Timeout.');
        return 'printed';
      },
      { connection, prefix },
    );
    try {
      expect((await admin.post(`/api/orders/${o.id}/print`).expect(202)).body.data.jobId).toBe(jobId);
      await waitFor(async () => (await queue.getJob(jobId))!.isFailed(), 10_000);
      const redispatcher = stack.order.get(JobRedispatcher);
      // the periodic run may get there first: either way the job runs again and completes
      await waitFor(
        async () => (await redispatcher.redispatch()) > 0 || (await queue.getJob(jobId))!.isCompleted(),
        10_000,
      );
      await waitFor(async () => (await queue.getJob(jobId))!.isCompleted(), 10_000);
      expect(runs).toBe(2);
    } finally {
      await worker.close();
      await queue.close();
    }
  });
});
