import { Inject, Injectable } from '@nestjs/common';
import { OrderInput, type DeliveryMethod, type FieldError, type OrderContext, type OrderForm, type PublicOrder } from '@shop/contracts';
import {
  activeMenu, appointmentMessage, availablePaymentMethods, branchStatus, calculatePricing, checkMinimumOrder,
  deliveryMethodOf, linePrice, missingCheckoutFields, normalizePhone, phoneMessage, productAvailability,
  taxRateFor, text,
} from '@shop/domain';
import { t } from '@shop/i18n-de';
import { addManyToOutbox, CONFIG, DomainException, OUTBOX_RELAY, parseOrThrow, type OutboxKicker } from '@shop/server';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { CatalogueContextCache } from '../catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from '../config/order-config.js';
import { jobOutboxRow } from '../jobs/order-jobs.js';
import { checkLine, type CheckedLine } from './cart-lines.js';
import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { OrderItemEntity } from './order-item.entity.js';
import { toPublicOrder } from './order-view.js';
import { OrderEntity } from './order.entity.js';
import { orderEvent } from './order-events.js';

/** 128 random bits, URL-safe. */
const secret = () => randomBytes(16).toString('base64url');

/** Key order does not change the hash of a JSON body. */
function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

interface Prepared {
  form: OrderForm;
  ctx: OrderContext;
  method: DeliveryMethod;
  lines: CheckedLine[];
  pricing: ReturnType<typeof calculatePricing>;
  appointment: Date | null;
}

export type CreateResult = { status: 200 | 201; order: PublicOrder };

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
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  async create(body: unknown, idempotencyKey: string | null, now = new Date()): Promise<CreateResult> {
    const requestHash = createHash('sha256').update(stableStringify(body)).digest('hex');
    if (idempotencyKey) {
      const replay = await this.replay(this.ds.manager, idempotencyKey, requestHash);
      if (replay) return replay;
    }
    const prepared = await this.prepare(parseOrThrow(OrderInput, body), now);
    const result = await this.ds.transaction(async (m) => {
      if (idempotencyKey) {
        // one request per key at a time; a crash releases the lock with the transaction
        const [{ locked }] = await m.query('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 42)) AS locked', [idempotencyKey]);
        if (!locked) throw DomainException.of('CONFLICT', 'order.idempotencyInFlight');
        const replay = await this.replay(m, idempotencyKey, requestHash);
        if (replay) return replay;
      }
      const order = await this.insert(m, prepared);
      // last: the branch's ticket counter (a row lock every order of the branch waits for), the ticket number,
      // and the idempotency record with the finished answer, in one statement right before the commit
      const response: CreateResult = { status: 201, order: { ...toPublicOrder(order), ticketNumber: 0 } };
      const [{ ticket }] = await m.query(
        `WITH counter AS (
           INSERT INTO "order"."ticket_counter" ("branchId", "last") VALUES ($1, 1)
           ON CONFLICT ("branchId") DO UPDATE SET "last" = "ticket_counter"."last" + 1 RETURNING "last"
         ), numbered AS (
           UPDATE "order"."order" SET "ticketNumber" = (SELECT "last" FROM counter) WHERE id = $2 RETURNING "ticketNumber"
         ), remembered AS (
           INSERT INTO "order"."idempotency_key" ("key", "requestHash", "status", "response")
           SELECT $3, $4, 201, $5::jsonb || jsonb_build_object('ticketNumber', "ticketNumber") FROM numbered WHERE $3::text IS NOT NULL
         )
         SELECT "ticketNumber" AS ticket FROM numbered`,
        [order.branchId, order.id, idempotencyKey, requestHash, JSON.stringify(response.order)],
      );
      response.order.ticketNumber = ticket;
      return response;
    });
    void this.relay.kick();
    return result;
  }

  /** The first answer for this key (same body), 422 for another body, null when the key is new or expired. */
  private async replay(m: EntityManager, key: string, requestHash: string): Promise<CreateResult | null> {
    const row = await m.findOneBy(IdempotencyKeyEntity, { key });
    if (!row || row.createdAt.getTime() < Date.now() - this.config.IDEMPOTENCY_TTL_HOURS * 3_600_000) return null;
    if (row.requestHash !== requestHash) {
      throw DomainException.of('VALIDATION_FAILED', 'order.idempotencyMismatch', undefined, 'Idempotency-Key');
    }
    return { status: row.status as 201, order: row.response as PublicOrder };
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
    const enabled = { takeaway: branch.isTakeawayEnabled, delivery: branch.isDeliveryEnabled, dineIn: branch.isDineInEnabled }[method];
    if (!enabled) add(method === 'dineIn' ? 'isDineIn' : 'isDelivery', t('order.deliveryMethodUnavailable'));

    for (const field of missingCheckoutFields(branch, method, form)) add(field, t('validation.required'));
    if (form.phone) {
      const message = phoneMessage(form.phone, this.config.PHONE_FORMAT_EXAMPLE);
      if (message) add('phone', message);
      else form.phone = normalizePhone(form.phone);
    }
    const area = method === 'delivery' ? branch.deliveryAreas.find((a) => a.area === form.deliveryArea) ?? null : null;
    if (method === 'delivery' && form.deliveryArea && !area) add('deliveryArea', t('order.deliveryAreaUnknown'));
    if (method === 'dineIn' && branch.isTableSelectionEnabled && form.table && !ctx.tables.some((tb) => tb.identifier === form.table)) {
      add('table', t('order.tableUnknown'));
    }
    if (!availablePaymentMethods(ctx.config, branch).includes(form.paymentMethod)) add('paymentMethod', t('order.paymentMethodUnavailable'));
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
    if (appointment && appointment.getTime() < now.getTime() - 60_000) add('appointmentDate', text('appointmentClosed'));
    else {
      const message = appointmentMessage({ branch, deliveryMethod: method, appointment });
      if (message) add('appointmentDate', message);
    }

    // every product from the branch's active menu, orderable at the time it is ordered for
    const menu = activeMenu(ctx.menus, branch.id, now);
    const when = appointment && appointment > now ? appointment : now;
    const lines: CheckedLine[] = [];
    form.items.forEach((item, i) => {
      const category = menu?.catalog.categories.find((c) => c.products.some((p) => p.id === item.product));
      const entry = category?.products.find((p) => p.id === item.product);
      const product = ctx.products.find((p) => p.id === item.product);
      if (!menu || !category || !entry || !product) return add(`items.${i}.product`, t('order.productUnknown'));
      const categoryEntity = ctx.categories.find((c) => c.id === category.id) ?? null;
      const availability = productAvailability({ product, entry, category: categoryEntity, now: when, timeZone: branch.timezone });
      if (availability !== 'orderable') return add(`items.${i}.product`, t('order.productUnavailable', { name: product.name }));
      const line = checkLine(product, item, i, errors);
      if (line) lines.push(line);
    });
    if (errors.length) throw DomainException.validation(errors);

    const pricing = calculatePricing({ items: lines, deliveryMethod: method, deliveryArea: area });
    if (method === 'delivery' && area) {
      const minimum = checkMinimumOrder(area, pricing.gross, ctx.config.currency);
      if (!minimum.reached) throw DomainException.validation([{ field: 'deliveryArea', message: minimum.message! }]);
    }
    return { form, ctx, method, lines, pricing, appointment };
  }

  /** The order, its lines, and its event and job rows (three INSERTs); the ticket number comes last. */
  private async insert(m: EntityManager, p: Prepared): Promise<OrderEntity> {
    const { form, ctx, method } = p;
    const { items: _i, branch: _b, isDelivery: _d, isDineIn: _n, paymentMethod, table, ...customer } = form;
    const order = m.create(OrderEntity, {
      uid: secret(), hash: secret(), branchId: ctx.branch.id,
      isDelivery: method === 'delivery', isDineIn: method === 'dineIn',
      tableIdentifier: method === 'dineIn' ? table : null, paymentMethod,
      appointmentDate: p.appointment, appointment: p.appointment, counterAppointment: null,
      customer, donateeId: form.donatee, deliveryArea: method === 'delivery' ? form.deliveryArea : null,
      pricing: p.pricing as unknown as Record<string, unknown>, totalGross: p.pricing.totalGross,
      questionnaire: null, paymentRedirectUrl: null, ticketNumber: null as unknown as number,
      isPaid: false, isRefunded: false, isConfirmed: false, isRejected: false, rejectionMessage: null, isCanceled: false,
      isInDelivery: false, isDelivered: false, isCompleted: false, isFailed: false, printCount: 0, emailCount: 0, smsCount: 0,
    });
    const inserted = await m.insert(OrderEntity, order);
    Object.assign(order, inserted.generatedMaps[0]);
    // one multi-row INSERT (save() would look each row up first)
    await m.insert(OrderItemEntity, p.lines.map((line, position) => m.create(OrderItemEntity, {
      orderId: order.id, position, productId: line.product.id, name: line.product.name, amount: line.amount, unit: line.unit,
      parts: line.parts as Record<string, unknown>, gross: linePrice(line), taxRate: taxRateFor(line.product, method),
    })));
    await addManyToOutbox(m, [
      { subject: 'order.order.created', payload: orderEvent(order, 'created', 'created') },
      jobOutboxRow('email', order, 'created'),
      ...(ctx.branch.printOn === 'created' ? [jobOutboxRow('print', order, 'created')] : []),
    ]);
    return order;
  }
}
