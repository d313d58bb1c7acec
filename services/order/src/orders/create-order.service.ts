import { Inject, Injectable } from '@nestjs/common';
import {
  OrderInput,
  type DeliveryMethod,
  type FieldError,
  type OrderContext,
  type OrderForm,
  type OrderOrigin,
  type PublicOrder,
  type EventName,
} from '@shop/contracts';
import {
  activeMenu,
  appointmentMessage,
  appointmentProductsMessage,
  availablePaymentMethods,
  branchStatus,
  calculatePricing,
  checkMinimumOrder,
  deliveryMethodOf,
  linePrice,
  missingCheckoutFields,
  normalizePhone,
  phoneMessage,
  isLineOrderableAt,
  menuEntryOf,
  type MenuLine,
  type Schedulable,
  taxRateFor,
  text,
} from '@shop/domain';
import { t } from '@shop/i18n-de';
import {
  CONFIG,
  DomainException,
  jobOutboxRow,
  OUTBOX_RELAY,
  queryPrepared,
  ServiceBus,
  traceHeaders,
  zodToFieldErrors,
  type OutboxKicker,
} from '@shop/server';
import { randomBytes } from 'node:crypto';
import { DataSource, type QueryRunner } from 'typeorm';
import { CatalogueContextCache } from '../catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from '../config/order-config.js';
import { createdJobs, isOnlinePayment, OrderPayments } from '../payments/order-payments.js';
import { orderSnapshot } from '../jobs/order-jobs.js';
import type { OrderItemEntity } from './order-item.entity.js';
import { checkLine, uploadRefsOf, type CheckedLine } from './cart-lines.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { requestHash as requestHashOf } from './request-hash.js';
import { toPublicOrder } from './order-view.js';
import { OrderEntity } from './order.entity.js';
import { orderEvent } from './order-events.js';

/** The sequence of "order"."order".id (a serial column: the name Postgres gives it). */
const ORDER_ID_SEQUENCE = '"order"."order_id_seq"';
/** how many order ids a process takes from the sequence at once */
const ID_BLOCK = 50;

/** 128 random bits, URL-safe. */
const secret = () => randomBytes(16).toString('base64url');

interface Prepared {
  form: OrderForm;
  ctx: OrderContext;
  method: DeliveryMethod;
  lines: CheckedLine[];
  pricing: ReturnType<typeof calculatePricing>;
  appointment: Date | null;
}

export type CreateResult = { status: 200 | 201; order: PublicOrder; replayed?: true };

/**
 * POST /api/orders: validates the order form against the branch's flags and the shared rules of
 * @shop/domain, prices every line from the catalogue (never from the request), and writes the order, its
 * lines, its events and jobs, and its idempotency record in one transaction.
 */
@Injectable()
export class CreateOrderService {
  constructor(
    private readonly ds: DataSource,
    private readonly catalogue: CatalogueContextCache,
    private readonly bus: ServiceBus,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: OrderConfig,
    private readonly payments: OrderPayments,
  ) {}

  /** ids taken from the sequence and not used yet (nextId) */
  private readonly spareIds: number[] = [];

  async create(
    body: unknown,
    idempotencyKey: string | null,
    now = new Date(),
    origin: OrderOrigin = 'storefront',
  ): Promise<CreateResult> {
    const requestHash = requestHashOf(body);
    const form = await this.parseForm(body, now);
    // One connection, no explicit transaction: the order is written by one autocommit statement, so the
    // branch's ticket counter row is locked only while that statement runs (not until the client's COMMIT).
    const runner = this.ds.createQueryRunner();
    await runner.connect();
    let result: CreateResult;
    try {
      result = await this.place(runner, form, now, idempotencyKey, requestHash, origin);
    } finally {
      await runner.release();
    }
    // the connection is back in the pool before the payment service (and its provider) is asked, also for a
    // replay: a slow provider must not hold pooled connections (issue 15, item 10). An online order is stored
    // (unpaid) before the provider is asked: if that fails, the same request with the same Idempotency-Key
    // replays the order and asks again
    return { ...result, order: await this.payments.attach(result.order) };
  }

  /**
   * The order written by one statement that also claims its Idempotency-Key (issue 22: the key's lock, its
   * look-up and its unlock were three round trips of their own). A key already taken answers what it answered
   * the first time (422 for another body), looked up only then; a key whose order is being written by another
   * request at this moment answers 409.
   */
  private async place(
    runner: QueryRunner,
    form: OrderForm,
    now: Date,
    idempotencyKey: string | null,
    requestHash: string,
    origin: OrderOrigin,
  ): Promise<CreateResult> {
    let prepared: Prepared;
    try {
      prepared = await this.prepare(form, now);
    } catch (err) {
      // a replay answers as the first time did, even if the order would not validate any more
      const first = idempotencyKey ? await this.replay(runner, idempotencyKey, requestHash) : null;
      if (first) return first;
      throw err;
    }
    const placed = await this.insert(runner, await this.nextId(runner), prepared, idempotencyKey, requestHash, origin);
    if (placed === 'in-flight') throw DomainException.of('CONFLICT', 'order.idempotencyInFlight');
    if (placed) {
      void this.relay.kick();
      return placed;
    }
    // nothing written means the key was taken before this statement: its first answer (a key the retention
    // deleted meanwhile is gone for good, and the same request writes its order on the next try)
    const first = idempotencyKey ? await this.replay(runner, idempotencyKey, requestHash) : null;
    if (!first) throw DomainException.of('CONFLICT', 'order.idempotencyInFlight');
    return first;
  }

  /**
   * Order ids from the sequence, ID_BLOCK at a time: one round trip per block instead of one per order (issue
   * 22). Ids a process did not use when it stopped are gaps, as a refused form or a replay leaves; within one
   * process ids rise with time, across replicas their blocks interleave (nothing orders by id across them).
   */
  private async nextId(runner: QueryRunner): Promise<number> {
    for (;;) {
      const id = this.spareIds.shift();
      if (id !== undefined) return id;
      const rows = await queryPrepared<{ id: number }>(
        runner,
        'order-create-ids',
        `SELECT nextval('${ORDER_ID_SEQUENCE}')::int AS id FROM generate_series(1, $1)`,
        [ID_BLOCK],
      );
      // two requests may both have found none: each adds its block
      this.spareIds.push(...rows.map((r) => r.id));
    }
  }

  /**
   * The order form, or every error it has in one answer: a field whose value is malformed (an e-mail without
   * @, a text too long) is reported, and the order rules still judge the rest of the form as if that field were
   * left out, so a customer corrects the form in one round instead of two. Nothing is stored either way.
   */
  private async parseForm(body: unknown, now: Date): Promise<OrderForm> {
    const parsed = OrderInput.safeParse(body, { reportInput: true });
    if (parsed.success) return parsed.data;
    const errors = zodToFieldErrors(parsed.error);
    const topLevel = (e: FieldError) => e.field?.split('.')[0];
    const malformed = new Set(errors.map(topLevel));
    const rest =
      body && typeof body === 'object' && !Array.isArray(body)
        ? Object.fromEntries(Object.entries(body).filter(([k]) => !malformed.has(k)))
        : null;
    // without the malformed fields the form may be complete in shape (not when items or branch are malformed)
    const lenient = rest ? OrderInput.safeParse(rest) : null;
    if (lenient?.success) {
      try {
        await this.prepare(lenient.data, now);
      } catch (err) {
        if (!(err instanceof DomainException) || err.code !== 'VALIDATION_FAILED') throw err;
        errors.push(...err.errors.filter((e) => !malformed.has(topLevel(e))));
      }
    }
    throw DomainException.validation(errors);
  }

  /**
   * The first answer for this key (same body), 422 for another body, null when the key is new or expired. The
   * stored answer was written before its ticket number was drawn (the same statement): the order has it.
   */
  private async replay(runner: QueryRunner, key: string, requestHash: string): Promise<CreateResult | null> {
    // plain SQL: the query builder's work for a one-row look-up by primary key was a visible share of the profile
    const [row] = await queryPrepared<
      Pick<IdempotencyKeyEntity, 'requestHash' | 'status' | 'response' | 'createdAt'> & { ticketNumber: number | null }
    >(
      runner,
      'order-create-replay',
      `SELECT k."requestHash", k.status, k.response, k."createdAt", o."ticketNumber"
         FROM "order"."idempotency_key" k LEFT JOIN "order"."order" o ON o.id = (k.response->>'id')::int
        WHERE k."key" = $1`,
      [key],
    );
    if (!row || row.createdAt.getTime() < Date.now() - this.config.IDEMPOTENCY_TTL_HOURS * 3_600_000) return null;
    if (row.requestHash !== requestHash) {
      throw DomainException.of('VALIDATION_FAILED', 'order.idempotencyMismatch', undefined, 'Idempotency-Key');
    }
    const order = row.response as PublicOrder;
    const ticketNumber = row.ticketNumber ?? order.ticketNumber;
    return { status: row.status as 201, order: { ...order, ticketNumber }, replayed: true };
  }

  private async prepare(form: OrderForm, now: Date): Promise<Prepared> {
    const ctx = await this.catalogue.get(form.branch);
    const branch = ctx?.branch;
    if (!ctx || !branch || !branch.isPublic || !branch.isEnabled) {
      throw DomainException.validation([{ field: 'branch', message: t('order.branchUnavailable') }]);
    }
    const errors: FieldError[] = [];
    const add = (field: string | null, message: string) => errors.push({ field, message });
    const method = deliveryMethodOf(form);
    const enabled = {
      takeaway: branch.isTakeawayEnabled,
      delivery: branch.isDeliveryEnabled,
      dineIn: branch.isDineInEnabled,
    }[method];
    if (!enabled) add(method === 'dineIn' ? 'isDineIn' : 'isDelivery', t('order.deliveryMethodUnavailable'));

    for (const field of missingCheckoutFields(branch, method, form)) add(field, t('validation.required'));
    if (form.phone) {
      const message = phoneMessage(form.phone, this.config.PHONE_FORMAT_EXAMPLE);
      if (message) add('phone', message);
      else form.phone = normalizePhone(form.phone);
    }
    const area =
      method === 'delivery' ? (branch.deliveryAreas.find((a) => a.area === form.deliveryArea) ?? null) : null;
    if (method === 'delivery' && form.deliveryArea && !area) add('deliveryArea', t('order.deliveryAreaUnknown'));
    if (
      method === 'dineIn' &&
      branch.isTableSelectionEnabled &&
      form.table &&
      !ctx.tables.some((tb) => tb.identifier === form.table)
    ) {
      add('table', t('order.tableUnknown'));
    }
    if (!availablePaymentMethods(ctx.config, branch).includes(form.paymentMethod))
      add('paymentMethod', t('order.paymentMethodUnavailable'));
    if (!form.legalInstructions) add('legalInstructions', t('order.mustAccept'));
    if (!form.privacyPolicy) add('privacyPolicy', t('order.mustAccept'));
    if (form.donatee !== null && !ctx.config.enablePluginDonations) add('donatee', t('order.donateeUnknown'));

    // open now, or a preorder for a time when the branch is open
    const appointment = form.appointmentDate ? new Date(form.appointmentDate) : null;
    const status = branchStatus(branch, now);
    const openNow = method === 'delivery' ? status.isDeliveryOpen : status.opening.isOpen;
    if (!openNow && !branch.isPreorderEnabled) {
      add(null, text(method === 'delivery' && status.opening.isOpen ? 'deliveryClosedCheckout' : 'closedNow'));
    } else if (!openNow && !appointment) {
      add('appointmentDate', text('appointmentRequired'));
    }
    if (appointment && appointment.getTime() < now.getTime() - 60_000)
      add('appointmentDate', text('appointmentClosed'));
    else {
      const message = appointmentMessage({ branch, deliveryMethod: method, appointment });
      if (message) add('appointmentDate', message);
    }

    // every product from the branch's active menu, orderable at the time it is ordered for: a product sold only at
    // certain times makes a preorder for another time a wrong appointment, said at the appointment
    const menu = activeMenu(ctx.menus, branch.id, now);
    const preorder = appointment && appointment > now ? appointment : null;
    const when = preorder ?? now;
    const lines: CheckedLine[] = [];
    const scheduled: Array<MenuLine<Schedulable & { name: string }>> = [];
    form.items.forEach((item, i) => {
      const found = menuEntryOf(menu, item.product);
      const product = ctx.products.find((p) => p.id === item.product);
      if (!found || !product) return add(`items.${i}.product`, t('order.productUnknown'));
      const menuLine = {
        product,
        entry: found.entry,
        category: ctx.categories.find((c) => c.id === found.categoryId) ?? null,
      };
      if (!isLineOrderableAt(menuLine, when, branch.timezone)) {
        const switchedOff = [product, menuLine.entry, menuLine.category].some((x) => x && !x.isEnabled);
        if (!preorder || switchedOff)
          return add(`items.${i}.product`, t('order.productUnavailable', { name: product.name }));
        scheduled.push(menuLine);
      }
      const line = checkLine(product, item, i, errors);
      if (line) lines.push(line);
    });
    const scheduleMessage = appointmentProductsMessage(scheduled, when, branch.timezone);
    if (scheduleMessage) add('appointmentDate', scheduleMessage);
    if (errors.length) throw DomainException.validation(errors);
    await this.checkUploads(lines);

    const pricing = calculatePricing({ items: lines, deliveryMethod: method, deliveryArea: area });
    if (method === 'delivery' && area) {
      const minimum = checkMinimumOrder(area, pricing.gross, ctx.config.currency);
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a minimum not reached comes with its message
      if (!minimum.reached) throw DomainException.validation([{ field: 'deliveryArea', message: minimum.message! }]);
    }
    return { form, ctx, method, lines, pricing, appointment };
  }

  /**
   * Writes the order in one statement: the branch's ticket counter, the order, its lines, its event and job
   * rows, and the idempotency record with the finished answer. One statement keeps the branch's counter row
   * locked only for that statement and the commit (every order of the branch waits for it), and saves the
   * round trips an ORM would make; the column names are those of OrderEntity, OrderItemEntity and OutboxEntity.
   */
  /** Every upload a line refers to must exist (the content service stores them). */
  private async checkUploads(lines: CheckedLine[]): Promise<void> {
    const perLine = lines.map((line) => uploadRefsOf(line.product, line.parts));
    const refs = perLine.flat();
    if (!refs.length) return;
    const { missing } = await this.bus.request('content.upload.verify', { refs });
    if (!missing.length) return;
    const gone = new Set(missing.map((r) => `${r.id}:${r.publicHash}`));
    const errors = perLine.flatMap((lineRefs, i) =>
      lineRefs.some((r) => gone.has(`${r.id}:${r.publicHash}`))
        ? [{ field: `items.${i}.parts`, message: t('order.uploadMissing') }]
        : [],
    );
    throw DomainException.validation(errors);
  }

  private async insert(
    runner: QueryRunner,
    id: number,
    p: Prepared,
    idempotencyKey: string | null,
    requestHash: string,
    origin: OrderOrigin,
  ): Promise<CreateResult | 'in-flight' | null> {
    const { form, ctx, method } = p;
    const { items: _i, branch: _b, isDelivery: _d, isDineIn: _n, paymentMethod, table, ...customer } = form;
    const order = runner.manager.create(OrderEntity, {
      id,
      uid: secret(),
      hash: secret(),
      branchId: ctx.branch.id,
      ticketNumber: 0,
      isDelivery: method === 'delivery',
      isDineIn: method === 'dineIn',
      tableIdentifier: method === 'dineIn' ? table : null,
      paymentMethod,
      appointmentDate: p.appointment,
      appointment: p.appointment,
      counterAppointment: null,
      counterAnswer: null,
      answeredCounterAppointment: null,
      customer,
      donateeId: form.donatee,
      deliveryArea: method === 'delivery' ? form.deliveryArea : null,
      pricing: p.pricing as unknown as Record<string, unknown>,
      totalGross: p.pricing.totalGross,
      questionnaire: null,
      paymentRedirectUrl: null,
      isPaid: false,
      isRefunded: false,
      isConfirmed: false,
      isRejected: false,
      rejectionMessage: null,
      isCanceled: false,
      isInDelivery: false,
      isDelivered: false,
      isCompleted: false,
      isFailed: false,
      isReadyForPickup: false,
      printCount: 0,
      emailCount: 0,
      smsCount: 0,
    });
    const lines = p.lines.map((line, position) => ({
      position,
      productId: line.product.id,
      name: line.product.name,
      amount: line.amount,
      unit: line.unit,
      parts: line.parts,
      gross: linePrice(line),
      taxRate: taxRateFor(line.product, method),
    }));
    order.createdAt = order.updatedAt = new Date();
    const outbox = [
      {
        subject: 'order.order.created' satisfies EventName,
        // the trace context and request id of this request (addToOutbox writes them the same way)
        headers: traceHeaders(),
        payload: {
          ...orderEvent(order, 'created', 'created'),
          // the statistics read model counts origins, revenue and items from this event (issue 21)
          origin,
          items: lines.map((l) => ({
            productId: l.productId,
            name: l.name,
            quantity: l.amount,
            grossCents: Math.round(l.gross * 100),
          })),
        },
      },
      // an online order's jobs wait for its payment (OrderPayments.apply); the statement sets the ticket number in their snapshot
      ...(isOnlinePayment(paymentMethod)
        ? []
        : createdJobs(
            orderSnapshot(
              order,
              lines.map((l) => ({ ...l, orderId: id }) as OrderItemEntity),
              ctx,
            ),
            ctx,
          ).map(jobOutboxRow)),
    ];
    const answer = toPublicOrder(order);
    // a prepared statement: Postgres plans this CTE once per connection, not per order (issue 22). With a key, the
    // statement first takes the key's advisory lock for its own transaction (another request writing the same key
    // right now: 'in-flight') and claims the key; a key already taken (and not older than the replay window)
    // writes nothing, and its first answer is looked up afterwards. Every insert hangs on the claim.
    const [{ locked, ticket }] = await queryPrepared<{ locked: boolean; ticket: number | null }>(
      runner,
      'order-create-insert',
      `WITH lock AS (
         SELECT $17::text IS NULL OR pg_try_advisory_xact_lock(hashtextextended($17, 42)) AS ok
       ), claim AS (
         INSERT INTO "order"."idempotency_key" ("key", "requestHash", status, response)
         SELECT $17, $18, 201, $19::jsonb FROM lock WHERE ok AND $17::text IS NOT NULL
         -- a key older than the replay window is taken over
         ON CONFLICT ("key") DO UPDATE SET "requestHash" = EXCLUDED."requestHash", status = EXCLUDED.status,
           response = EXCLUDED.response, "createdAt" = now()
           WHERE "idempotency_key"."createdAt" < now() - make_interval(hours => $20)
         RETURNING 1
       ), go AS (
         SELECT 1 FROM claim UNION ALL SELECT 1 FROM lock WHERE ok AND $17::text IS NULL
       ), counter AS (
         INSERT INTO "order"."ticket_counter" ("branchId", "last") SELECT $2, 1 FROM go
         ON CONFLICT ("branchId") DO UPDATE SET "last" = "ticket_counter"."last" + 1 RETURNING "last"
       ), placed AS (
         INSERT INTO "order"."order" (id, uid, hash, "branchId", "ticketNumber", "isDelivery", "isDineIn", "tableIdentifier",
           "paymentMethod", "appointmentDate", appointment, customer, "donateeId", "deliveryArea", pricing, "totalGross")
         SELECT $1, $3, $4, $2, counter."last", $5, $6, $7, $8, $9, $9, $10::jsonb, $11, $12, $13::jsonb, $14 FROM counter
         RETURNING "ticketNumber"
       ), lines AS (
         INSERT INTO "order"."order_item" ("orderId", position, "productId", name, amount, unit, parts, gross, "taxRate")
         SELECT $1, l.position, l."productId", l.name, l.amount, l.unit, l.parts, l.gross, l."taxRate"
         FROM json_to_recordset($15::json) AS l(position int, "productId" int, name text, amount numeric, unit text, parts json, gross numeric, "taxRate" numeric), placed
       ), events AS (
         INSERT INTO "order"."outbox" (subject, payload, headers)
         SELECT e.subject, CASE WHEN e.subject LIKE 'job.%'
                  THEN jsonb_set(e.payload, '{data,snapshot,order,ticketNumber}', to_jsonb(placed."ticketNumber")) ELSE e.payload END,
                e.headers
         FROM json_to_recordset($16::json) AS e(subject text, payload jsonb, headers jsonb), placed
       )
       SELECT lock.ok AS locked, placed."ticketNumber" AS ticket FROM lock LEFT JOIN placed ON true`,
      [
        id,
        order.branchId,
        order.uid,
        order.hash,
        order.isDelivery,
        order.isDineIn,
        order.tableIdentifier,
        order.paymentMethod,
        order.appointmentDate,
        JSON.stringify(customer),
        order.donateeId,
        order.deliveryArea,
        JSON.stringify(p.pricing),
        order.totalGross,
        JSON.stringify(lines),
        JSON.stringify(outbox),
        idempotencyKey,
        requestHash,
        JSON.stringify(answer),
        this.config.IDEMPOTENCY_TTL_HOURS,
      ],
    );
    if (!locked) return 'in-flight';
    return ticket === null ? null : { status: 201, order: { ...answer, ticketNumber: ticket } };
  }
}
