import { Inject, Injectable } from '@nestjs/common';
import {
  CounterAppointmentInput,
  ItemUpdateInput,
  OrderListQuery,
  QuestionnaireInput,
  RejectInput,
  type Actor,
  type CounterAnswer,
  type FrontdeskOrder,
  type ListReply,
  type OrderAction,
  type OrderChangedEvent,
  type PickupBoard,
  type PublicOrder,
  type PublicOrderRef,
  type StaffOrder,
} from '@shop/contracts';
import { calculatePricing, deliveryMethodOf, linePrice, taxRateFor } from '@shop/domain';
import { t } from '@shop/i18n-de';
import {
  addJobToOutbox,
  addToOutbox,
  canAccess,
  CONFIG,
  DomainException,
  OUTBOX_RELAY,
  parseOrThrow,
  requireAccess,
  ServiceBus,
  visibleBranches,
  type OutboxKicker,
} from '@shop/server';
import { timingSafeEqual, createHash } from 'node:crypto';
import { Brackets, DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { CatalogueContextCache } from '../catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from '../config/order-config.js';
import { orderJob, storedOrderSnapshot } from '../jobs/order-jobs.js';
import { checkLine } from './cart-lines.js';
import { orderEvent } from './order-events.js';
import { DeviceEntity } from '../devices/device.entity.js';
import { OrderItemEntity } from './order-item.entity.js';
import { isFinal, transition } from './order-state.js';
import { orderPredicateSql } from './order-status-sql.js';
import { receiptStatuses } from './receipt-status.js';
import { toFrontdeskOrder, toPublicOrder, toStaffOrder } from './order-view.js';
import { OrderEntity } from './order.entity.js';

/** Equal-length digests, so the comparison takes the same time whatever the guess. */
export function sameSecret(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db);
}

const notFound = () => DomainException.of('NOT_FOUND', 'order.notFound');

/** Everything after creation: the public link's actions, staff actions and views. */
/** What a staff change adds to its order event (an edited line: the order's lines); nothing for most. */
// eslint-disable-next-line @typescript-eslint/no-invalid-void-type -- the changes that add nothing return nothing
type EventExtra = Partial<OrderChangedEvent> | void;

@Injectable()
export class OrderService {
  constructor(
    private readonly ds: DataSource,
    private readonly catalogue: CatalogueContextCache,
    private readonly bus: ServiceBus,
    @Inject(OUTBOX_RELAY) private readonly relay: OutboxKicker,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  /* ------------------------------------------------------------ public link (uid + hash) */

  /** The same 404 whether the uid is unknown or the hash does not match. */
  private async byLink(m: EntityManager, ref: PublicOrderRef, lock = false): Promise<OrderEntity> {
    const qb = m
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where('o.uid = :uid', { uid: String(ref.uid) });
    if (lock) qb.setLock('pessimistic_write');
    const order = await qb.getOne();
    if (!order || !sameSecret(order.hash, String(ref.hash))) throw notFound();
    return order;
  }

  async publicView(ref: PublicOrderRef): Promise<PublicOrder> {
    return toPublicOrder(await this.byLink(this.ds.manager, ref));
  }

  /** storefront-presenter.md §4 "Counter-proposal": accept while neither confirmed nor rejected. */
  confirmCounter(ref: PublicOrderRef): Promise<PublicOrder> {
    return this.changeByLink(ref, 'counter-accepted', (o) => {
      this.requireOpenCounter(o);
      // the accepted proposal becomes the time in force everywhere (board, details, receipt, e-mail, history)
      o.appointment = o.counterAppointment;
      this.answerCounter(o, 'accepted');
    });
  }

  /** Rejecting the counter-proposal cancels the order ('Nein, Bestellung stornieren'). */
  rejectCounter(ref: PublicOrderRef): Promise<PublicOrder> {
    return this.changeByLink(ref, 'counter-rejected', (o) => {
      this.requireOpenCounter(o);
      this.answerCounter(o, 'declined');
      o.isCanceled = true;
    });
  }

  /** Once, only for a completed order: four ratings 1–5 and an optional comment. */
  questionnaire(ref: PublicOrderRef, body: unknown): Promise<PublicOrder> {
    const answers = parseOrThrow(QuestionnaireInput, body);
    return this.changeByLink(ref, 'rated', (o) => {
      if (!o.isCompleted) throw DomainException.of('CONFLICT', 'order.questionnaireNotAllowed');
      if (o.questionnaire) throw DomainException.of('CONFLICT', 'order.questionnaireDone');
      o.questionnaire = { ...answers, comment: answers.comment?.trim() || null };
    });
  }

  /** Records the customer's answer (staff see whether a time was agreed or declined) and closes the proposal. */
  private answerCounter(o: OrderEntity, answer: CounterAnswer): void {
    o.counterAnswer = answer;
    o.answeredCounterAppointment = o.counterAppointment;
    o.counterAppointment = null;
  }

  private requireOpenCounter(o: OrderEntity): void {
    if (!o.counterAppointment || o.isConfirmed || isFinal(o))
      throw DomainException.of('CONFLICT', 'order.noCounterAppointment');
  }

  private async changeByLink(
    ref: PublicOrderRef,
    change: string,
    apply: (o: OrderEntity) => void,
  ): Promise<PublicOrder> {
    const order = await this.ds.transaction(async (m) => {
      const o = await this.byLink(m, ref, true);
      apply(o);
      await m.save(o);
      await addToOutbox(m, 'order.order.updated', orderEvent(o, 'updated', change));
      return o;
    });
    void this.relay.kick();
    return toPublicOrder(order);
  }

  /* ------------------------------------------------------------ staff */

  private async staffChange(
    actor: Actor | null,
    id: number,
    change: string,
    // what the change adds to its event, if anything
    apply: (o: OrderEntity, m: EntityManager) => Promise<EventExtra> | EventExtra,
  ): Promise<StaffOrder> {
    const staff = requireAccess(actor, 'staff');
    const order = await this.ds.transaction(async (m) => {
      const o = await m
        .getRepository(OrderEntity)
        .createQueryBuilder('o')
        .where('o.id = :id', { id })
        .setLock('pessimistic_write')
        .getOne();
      if (!o || !canAccess(staff, 'branch', [o.branchId])) throw notFound();
      // what the change adds to its event (an edited line: the order's lines, for the statistics' item counts)
      const extra = (await apply(o, m)) as Partial<OrderChangedEvent> | undefined;
      await m.save(o);
      await addToOutbox(m, 'order.order.updated', { ...orderEvent(o, 'updated', change), ...(extra ?? {}) });
      return o;
    });
    void this.relay.kick();
    return this.withItems(order);
  }

  /** confirm, reject (with rejectionMessage), cancel, in-delivery, ready-for-pickup, completed: see order-state.ts. */
  transition(actor: Actor | null, id: number, action: OrderAction, body: unknown): Promise<StaffOrder> {
    const { rejectionMessage } =
      action === 'reject' ? parseOrThrow(RejectInput, body ?? {}) : { rejectionMessage: null };
    return this.staffChange(actor, id, action, async (o, m) => {
      transition(o, action, rejectionMessage);
      if (action === 'confirm') {
        const ctx = await this.catalogue.get(o.branchId);
        if (ctx?.branch.printOn === 'confirmed')
          await addJobToOutbox(m, orderJob('print-receipt', await storedOrderSnapshot(m, o, ctx), 'confirmed'));
      }
    });
  }

  proposeCounter(actor: Actor | null, id: number, body: unknown): Promise<StaffOrder> {
    const { counterAppointment } = parseOrThrow(CounterAppointmentInput, body);
    if (new Date(counterAppointment) <= new Date())
      throw DomainException.validation([{ field: 'counterAppointment', message: t('order.counterInPast') }]);
    return this.staffChange(actor, id, 'counter-proposed', (o) => {
      if (o.isConfirmed || isFinal(o)) throw DomainException.of('CONFLICT', 'order.counterNotAllowed');
      o.counterAppointment = new Date(counterAppointment);
      // a new proposal waits for its own answer
      o.counterAnswer = null;
      o.answeredCounterAppointment = null;
    });
  }

  /** PUT /orders/{id}/items/{index}: amount, unit or parts of one line, re-priced from today's catalogue. */
  updateItem(actor: Actor | null, id: number, index: number, body: unknown): Promise<StaffOrder> {
    const input = parseOrThrow(ItemUpdateInput, body);
    return this.staffChange(actor, id, 'item-updated', async (o, m) => {
      if (isFinal(o)) throw DomainException.of('CONFLICT', 'order.invalidTransition', { action: 'geändert' });
      // what was paid is what the provider charged: a changed total would no longer match it
      if (o.isPaid) throw DomainException.of('CONFLICT', 'order.paidItemsLocked');
      const items = await m.findBy(OrderItemEntity, { orderId: o.id });
      const item = items.find((i) => i.position === index);
      if (!item) throw DomainException.of('NOT_FOUND', 'order.itemUnknown');
      const ctx = await this.catalogue.get(o.branchId);
      const product = ctx?.products.find((p) => p.id === item.productId);
      if (!ctx || !product)
        throw DomainException.validation([{ field: 'product', message: t('order.productUnknown') }]);
      const errors: Array<{ field: string | null; message: string }> = [];
      const line = checkLine(product, { ...input, parts: input.parts ?? item.parts }, index, errors);
      if (!line)
        throw DomainException.validation(
          errors.map((e) => ({ ...e, field: e.field?.replace(`items.${index}.`, '') ?? null })),
        );
      const method = deliveryMethodOf(o);
      Object.assign(item, {
        amount: line.amount,
        unit: line.unit,
        parts: line.parts,
        gross: linePrice(line),
        taxRate: taxRateFor(product, method),
      });
      await m.save(item);
      // the order is priced again from its lines as sold (each line: its gross at its tax rate)
      const lines = items.map((i) => ({
        product: {
          price: i.gross,
          unit: 'piece' as const,
          alternativeUnits: [],
          pricing: 1,
          config: { parts: {} },
          tax: i.taxRate,
          takeawayTax: i.taxRate,
          dineInTax: i.taxRate,
        },
        amount: 1,
        unit: 'piece' as const,
      }));
      const area = o.isDelivery ? (ctx.branch.deliveryAreas.find((a) => a.area === o.deliveryArea) ?? null) : null;
      const pricing = calculatePricing({ items: lines, deliveryMethod: method, deliveryArea: area });
      o.pricing = pricing as unknown as Record<string, unknown>;
      o.totalGross = pricing.totalGross;
      return {
        items: [...items]
          .sort((a, b) => a.position - b.position)
          .map((i) => ({
            productId: i.productId,
            name: i.name,
            quantity: Number(i.amount),
            grossCents: Math.round(Number(i.gross) * 100),
          })),
      };
    });
  }

  /** Print, resend e-mail, resend SMS: a job with a deterministic id per request (print-17-2). */
  async requestJob(actor: Actor | null, id: number, job: 'print' | 'email' | 'sms'): Promise<{ jobId: string }> {
    let jobId = '';
    await this.staffChange(actor, id, `${job}-requested`, async (o, m) => {
      const counter = job === 'print' ? 'printCount' : job === 'email' ? 'emailCount' : 'smsCount';
      o[counter] += 1;
      const ctx = await this.catalogue.get(o.branchId);
      if (!ctx) throw DomainException.notFound('Filiale');
      // a receipt no printer would ever pull is no print: say so instead of a job that is lost
      if (
        job === 'print' &&
        !(await m.existsBy(DeviceEntity, { branchId: o.branchId, type: 'printer', isEnabled: true }))
      )
        throw DomainException.of('CONFLICT', 'order.noPrinter', { branch: ctx.branch.name });
      const name = job === 'print' ? 'print-receipt' : job === 'email' ? 'email-new-order' : 'sms-new-order';
      const item = orderJob(
        name,
        await storedOrderSnapshot(m, o, ctx),
        `${job === 'print' ? 'print' : 'resend'}-${o[counter]}`,
      );
      await addJobToOutbox(m, item);
      jobId = item.jobId;
    });
    return { jobId };
  }

  async get(actor: Actor | null, id: number): Promise<StaffOrder> {
    const staff = requireAccess(actor, 'staff');
    const order = await this.ds.getRepository(OrderEntity).findOneBy({ id });
    if (!order || !canAccess(staff, 'branch', [order.branchId])) throw notFound();
    return this.withItems(order);
  }

  /** History with filters and paging, newest first, scoped to the actor's branches. */
  async list(actor: Actor | null, rawQuery: Record<string, unknown>): Promise<ListReply<StaffOrder>> {
    const staff = requireAccess(actor, 'staff');
    const q = parseOrThrow(OrderListQuery, rawQuery);
    const qb = this.scoped(visibleBranches(staff), q.branch);
    // the same partition as orderStatus(): every order matches exactly one status
    if (q.status) qb.andWhere(orderPredicateSql(q.status));
    if (q.from) qb.andWhere('o."createdAt" >= :from', { from: q.from });
    if (q.to) qb.andWhere('o."createdAt" < :to', { to: q.to });
    if (q.search) {
      const s = `%${q.search.replace(/[%_\\]/g, '\\$&')}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(`o.customer->>'lastName' ILIKE :s`, { s })
            .orWhere(`o.customer->>'firstName' ILIKE :s`, { s })
            .orWhere(`o.customer->>'email' ILIKE :s`, { s })
            .orWhere('o."ticketNumber"::text = :exact', { exact: q.search }),
        ),
      );
    }
    qb.orderBy('o."createdAt"', 'DESC')
      .addOrderBy('o.id', 'DESC')
      .skip((q.page - 1) * q.perPage)
      .take(q.perPage);
    const [orders, total] = await qb.getManyAndCount();
    return { items: await this.withItemsMany(orders), meta: { total, page: q.page, perPage: q.perPage } };
  }

  /** Current: every order that is not final yet (open, confirmed, in delivery), oldest appointment first. */
  async current(actor: Actor | null, branch?: number): Promise<StaffOrder[]> {
    return this.withItemsMany(
      await this.currentQuery(visibleBranches(requireAccess(actor, 'staff')), branch).getMany(),
    );
  }

  private currentQuery(visible: 'all' | number[], branch?: number): SelectQueryBuilder<OrderEntity> {
    return this.scoped(visible, branch)
      .andWhere(orderPredicateSql('current'))
      .orderBy('COALESCE(o.appointment, o."createdAt")', 'ASC');
  }

  /**
   * Missed: still unconfirmed ORDER_MISSED_AFTER_MINUTES after the agreed appointment or, without one,
   * after it was placed — the customer is waiting and nobody has answered (status open).
   */
  async missed(actor: Actor | null, branch?: number): Promise<StaffOrder[]> {
    const qb = this.scoped(visibleBranches(requireAccess(actor, 'staff')), branch)
      .andWhere(orderPredicateSql('open'))
      .andWhere(`COALESCE(o.appointment, o."createdAt") < now() - make_interval(mins => :minutes)`, {
        minutes: this.config.ORDER_MISSED_AFTER_MINUTES,
      })
      .orderBy('COALESCE(o.appointment, o."createdAt")', 'ASC');
    return this.withItemsMany(await qb.getMany());
  }

  /**
   * Counter screens without login, opened with the branch's own API key (else 404) and showing its current
   * orders: the back-office view (kitchen, behind the counter) the staff orders; the front-desk view faces the
   * customers and shows only tickets and their stage (ARCHITECTURE.md "Decisions").
   */
  async branchView(
    branchId: number,
    apiKey: string,
    view: 'frontdesk' | 'backoffice',
  ): Promise<FrontdeskOrder[] | StaffOrder[]> {
    // asked of the catalogue every time (not the cached context): a rotated key stops working at once
    const { valid } = await this.bus.requestAsService('catalogue.branch.check-screen-key', {
      branchId,
      key: String(apiKey),
    });
    if (!valid) throw notFound();
    // the key opens this one branch's screen: no staff member is involved
    const orders = await this.currentQuery([branchId], branchId).getMany();
    return view === 'frontdesk' ? orders.map(toFrontdeskOrder) : this.withItemsMany(orders);
  }

  /**
   * The pickup board of a branch's signage screens: ticket numbers of its current takeaway and dine-in orders that
   * staff confirmed, 'Wird bearbeitet' until staff mark them 'Abholbereit'. Tickets only: the board faces customers.
   */
  async pickupBoard(branchId: number): Promise<PickupBoard> {
    const orders = await this.currentQuery([branchId], branchId)
      .andWhere('o."isConfirmed" AND NOT o."isDelivery"')
      .select(['o.id', 'o.ticketNumber', 'o.isReadyForPickup'])
      .getMany();
    const tickets = (ready: boolean) =>
      orders.filter((o) => o.isReadyForPickup === ready).map((o) => String(o.ticketNumber));
    return { branch: branchId, inProgress: tickets(false), ready: tickets(true) };
  }

  /** Orders of the branches one may see: every branch ('all') or the listed ones (visibleBranches, a counter screen's own). */
  private scoped(visible: 'all' | number[], branch?: number): SelectQueryBuilder<OrderEntity> {
    const qb = this.ds.getRepository(OrderEntity).createQueryBuilder('o');
    if (branch !== undefined) {
      if (visible !== 'all' && !visible.includes(branch)) throw DomainException.forbidden('http.forbiddenBranch');
      qb.where('o."branchId" = :branch', { branch });
    } else if (visible !== 'all') {
      qb.where('o."branchId" IN (:...branches)', { branches: visible.length ? visible : [-1] });
    }
    return qb;
  }

  private async withItems(order: OrderEntity): Promise<StaffOrder> {
    const [staff] = await this.withItemsMany([order]);
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- one order in, one out
    return staff!;
  }

  /** The staff views with their lines and the receipt status of their latest print job. */
  private async withItemsMany(orders: OrderEntity[]): Promise<StaffOrder[]> {
    if (!orders.length) return [];
    const ids = orders.map((o) => o.id);
    const [items, receipts] = await Promise.all([
      this.ds.getRepository(OrderItemEntity).findBy({ orderId: In(ids) }),
      receiptStatuses(this.ds.manager, ids),
    ]);
    return orders.map((o) =>
      toStaffOrder(
        o,
        items.filter((i) => i.orderId === o.id),
        receipts.get(o.id) ?? null,
      ),
    );
  }
}
