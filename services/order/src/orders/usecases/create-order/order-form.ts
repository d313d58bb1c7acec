import { Inject, Injectable } from '@nestjs/common';
import { OrderInput, type DeliveryMethod, type FieldError, type OrderContext, type OrderForm } from '@shop/contracts';
import {
  activeMenu,
  appointmentMessage,
  appointmentProductsMessage,
  availablePaymentMethods,
  branchTimeZone,
  calculatePricing,
  checkMinimumOrder,
  deliveryMethodOf,
  deliveryRules,
  isLineOrderableAt,
  isOpenAt,
  menuEntryOf,
  missingCheckoutFields,
  normalizePhone,
  phoneMessage,
  text,
  type MenuLine,
  type Schedulable,
} from '@shop/domain';
import { t } from '@shop/i18n-de';
import { CONFIG, DomainException, zodToFieldErrors } from '@shop/server';
import { CatalogueContextCache } from '../../../catalogue-context/catalogue-context.cache.js';
import type { OrderConfig } from '../../../config/order-config.js';
import { KnownUploads } from '../../../uploads/known-uploads.js';
import { checkLine, uploadRefsOf, type CheckedLine } from '../../cart-lines.js';

/** A form that passed every rule, with what the order is written from. */
export interface CheckedOrder {
  form: OrderForm;
  ctx: OrderContext;
  method: DeliveryMethod;
  lines: CheckedLine[];
  pricing: ReturnType<typeof calculatePricing>;
  appointment: Date | null;
}

type Branch = OrderContext['branch'];
type Add = (field: string | null, message: string) => void;

/**
 * The order form judged against the branch's flags and the shared rules of @shop/domain; every line priced from
 * the catalogue (never from the request). Nothing is stored.
 */
@Injectable()
export class OrderFormCheck {
  constructor(
    private readonly catalogue: CatalogueContextCache,
    private readonly uploads: KnownUploads,
    @Inject(CONFIG) private readonly config: OrderConfig,
  ) {}

  /**
   * The order form, or every error it has in one answer: a field whose value is malformed (an e-mail without
   * @, a text too long) is reported, and the order rules still judge the rest of the form as if that field were
   * left out, so a customer corrects the form in one round instead of two.
   */
  async parse(body: unknown, now: Date): Promise<OrderForm> {
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
        await this.check(lenient.data, now);
      } catch (err) {
        if (!(err instanceof DomainException) || err.code !== 'VALIDATION_FAILED') throw err;
        errors.push(...err.errors.filter((e) => !malformed.has(topLevel(e))));
      }
    }
    throw DomainException.validation(errors);
  }

  /** The form judged by every rule (all errors in one 422), its lines checked and priced. */
  async check(form: OrderForm, now: Date): Promise<CheckedOrder> {
    const ctx = await this.catalogue.get(form.branch);
    const branch = ctx?.branch;
    if (!ctx || !branch || !branch.isPublic || !branch.isEnabled) {
      throw DomainException.validation([{ field: 'branch', message: t('order.branchUnavailable') }]);
    }
    const errors: FieldError[] = [];
    const add: Add = (field, message) => errors.push({ field, message });
    const method = deliveryMethodOf(form);
    this.checkCheckout(form, ctx, method, add);
    const appointment = form.appointmentDate ? new Date(form.appointmentDate) : null;
    checkTime(branch, method, appointment, now, add);
    const lines = checkItems(form, ctx, appointment, now, errors);
    if (errors.length) throw DomainException.validation(errors);
    await this.checkUploads(lines);

    const area =
      method === 'delivery' ? (branch.deliveryAreas.find((a) => a.area === form.deliveryArea) ?? null) : null;
    const pricing = calculatePricing({ items: lines, deliveryMethod: method, deliveryArea: area });
    if (method === 'delivery' && area) {
      const minimum = checkMinimumOrder(area, pricing.gross, ctx.config.currency);
      // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- a minimum not reached comes with its message
      if (!minimum.reached) throw DomainException.validation([{ field: 'deliveryArea', message: minimum.message! }]);
    }
    return { form, ctx, method, lines, pricing, appointment };
  }

  /** The branch's flags and the checkout's fields: delivery method, contact, area, table, payment, consents. */
  private checkCheckout(form: OrderForm, ctx: OrderContext, method: DeliveryMethod, add: Add): void {
    const { branch } = ctx;
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
  }

  /** Every upload a line refers to must exist (the content service stores them; KnownUploads follows it). */
  private async checkUploads(lines: CheckedLine[]): Promise<void> {
    const perLine = lines.map((line) => uploadRefsOf(line.product, line.parts));
    const refs = perLine.flat();
    if (!refs.length) return;
    const missing = await this.uploads.missing(refs);
    if (!missing.length) return;
    const gone = new Set(missing.map((r) => `${r.id}:${r.publicHash}`));
    const errors = perLine.flatMap((lineRefs, i) =>
      lineRefs.some((r) => gone.has(`${r.id}:${r.publicHash}`))
        ? [{ field: `items.${i}.parts`, message: t('order.uploadMissing') }]
        : [],
    );
    throw DomainException.validation(errors);
  }
}

/** Open now, or a preorder for a time when the branch is open. */
function checkTime(branch: Branch, method: DeliveryMethod, appointment: Date | null, now: Date, add: Add): void {
  // whether open now, not the shifts' ends and the next one (branchStatus): 4–20× the CPU per order (issue 45)
  const timeZone = branchTimeZone(branch);
  const opening = isOpenAt(branch.openingHours, now, timeZone);
  const openNow = method === 'delivery' ? isOpenAt(deliveryRules(branch), now, timeZone) : opening;
  if (!openNow && !branch.isPreorderEnabled) {
    add(null, text(method === 'delivery' && opening ? 'deliveryClosedCheckout' : 'closedNow'));
  } else if (!openNow && !appointment) {
    add('appointmentDate', text('appointmentRequired'));
  }
  if (appointment && appointment.getTime() < now.getTime() - 60_000) add('appointmentDate', text('appointmentClosed'));
  else {
    const message = appointmentMessage({ branch, deliveryMethod: method, appointment });
    if (message) add('appointmentDate', message);
  }
}

/**
 * Every product from the branch's active menu, orderable at the time it is ordered for: a product sold only at
 * certain times makes a preorder for another time a wrong appointment, said at the appointment.
 */
function checkItems(
  form: OrderForm,
  ctx: OrderContext,
  appointment: Date | null,
  now: Date,
  errors: FieldError[],
): CheckedLine[] {
  const add: Add = (field, message) => errors.push({ field, message });
  const { branch } = ctx;
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
  return lines;
}
