// The storefront as a customer uses it: its rules from @shop/domain (the same code the storefront runs), a cart a
// branch sells now or as a preorder, the checkout's order body, a customer of this run and the proof-of-work.
import { randomBytes, randomUUID } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { Browser, expectStatus } from './http.mjs';

/* ------------------------------------------------------------ the storefront's rules */

let domainModule = null;
export async function domain() {
  if (!domainModule) {
    try {
      domainModule = await import('@shop/domain');
    } catch (err) {
      throw new Error(
        `@shop/domain (the storefront's rules) is not built: run npx nx run-many -t build (${err.message})`,
        { cause: err },
      );
    }
  }
  return domainModule;
}

/** The `data` of each entry of GET /api/init (the storefront's start-up batch), by url. */
export async function storefrontData(browser) {
  const entries = expectStatus(await browser.request('GET', '/api/init'), 200, 'GET /api/init');
  return Object.fromEntries(entries.map((e) => [e.url, e.data]));
}

/**
 * When up to `count` of the candidate lines can be had at a branch, as the storefront's pickers decide: now (the
 * branch open, no appointment required), else the first appointment slot at which the whole cart is sold.
 */
function schedule(d, branch, now, candidates, count) {
  const timeZone = d.branchTimeZone(branch);
  const openNow = d.branchStatus(branch, now).opening.isOpen;
  if (openNow && !branch.isAppointmentRequired)
    return {
      appointment: null,
      lines: candidates.filter((l) => d.isLineOrderableAt(l, now, timeZone)).slice(0, count),
    };
  if (openNow || branch.isPreorderEnabled) {
    // the first slot at which the products can be had (the pickers offer only slots the whole cart is sold at)
    const slots = d.appointmentSlots(d.appointmentRules(branch, 'takeaway'), now, { timeZone });
    // two minutes ahead at least: the order service refuses an appointment in the past, and orders go out later
    const later = slots.filter((t) => t.getTime() > now.getTime() + 120_000);
    for (const slot of later.slice(0, 2000)) {
      const at = candidates.filter((l) => d.isLineOrderableAt(l, slot, timeZone)).slice(0, count);
      if (at.length && d.orderableSlots([slot], at, timeZone).length) return { appointment: slot, lines: at };
    }
  }
  return { appointment: null, lines: null };
}

/**
 * What a customer can put in the cart of one branch, as the storefront decides: takeaway, the branch open now or
 * taking preorders (then the first appointment slot the pickers would offer for the whole cart), simple products of
 * the branch's active menu orderable at that time, the branch's default payment method (cash: nothing online here).
 * Answers null when the branch takes no such order.
 */
export async function cartFor(d, data, branch, now) {
  if (!branch.isTakeawayEnabled) return null;
  const payments = d.availablePaymentMethods(data['/api/config'], branch);
  const paymentMethod = d.initialPaymentMethod(payments, branch);
  if (paymentMethod !== 'cash') return null;
  const menu = d.activeMenu(data['/api/menus'], branch.id, now);
  if (!menu) return null;
  const candidates = [];
  for (const entryCategory of menu.catalog.categories) {
    const category = data['/api/categories'].find((c) => c.id === entryCategory.id) ?? null;
    for (const entry of entryCategory.products) {
      const product = data['/api/products'].find((p) => p.id === entry.id);
      if (!product || product.type !== 'simple' || product.unit !== 'piece' || Number(product.minimumQuantity) > 1)
        continue;
      if (product.maximumQuantity !== null && product.maximumQuantity !== undefined && product.maximumQuantity < 2)
        continue;
      candidates.push({ product, entry, category });
    }
  }
  const { appointment, lines } = schedule(d, branch, now, candidates, 2);
  if (!lines?.length) return null;
  // the cart: one of the first product, two of the second; priced by the storefront's own rules
  const items = lines.map((l, i) => ({ product: l.product, amount: i + 1, unit: l.product.unit, parts: {} }));
  const pricing = d.calculatePricing({ items, deliveryMethod: 'takeaway' });
  return {
    branch,
    appointment,
    paymentMethod,
    items: items.map((i) => ({ product: i.product.id, amount: i.amount, unit: i.unit, name: i.product.name })),
    totalGross: pricing.totalGross,
  };
}

/**
 * The parts of a configured product as a customer fills them when its configuration asks for a photo (an image step,
 * as the demo's "Motivtorte" does): the photo in the upload steps, the first option of each required choice, the run
 * in the texts. Null when the product asks for no photo or would still not be complete.
 */
function photoParts(d, product, photo, run) {
  const steps = Object.entries(product.config?.parts ?? {});
  if (!steps.some(([, step]) => step.type === 'image' || step.type === 'images')) return null;
  const parts = {};
  for (const [key, step] of steps) {
    if (d.isUploadStep(step.type)) parts[key] = [photo];
    else if (step.type === 'text' || step.type === 'textarea')
      parts[key] = `Journey ${run}`.slice(0, step.maxLength ?? 40);
    else if (step.optional) continue;
    else if (step.type === 'select') parts[key] = step.options[0];
    else if (step.type === 'multiselect') parts[key] = step.options.slice(0, 1);
  }
  return d.invalidSteps(product, parts).length ? null : parts;
}

/**
 * A cart of one product that asks for a photo, with the customer's upload in it (UploadStep.tsx keeps the upload and
 * the chosen file's name): at the first branch (JOURNEY_BRANCH first) that sells one for takeaway, paid in cash, now
 * or at the first slot, as cartFor decides. Null when no branch does.
 */
export async function photoCart(ctx, photo) {
  const d = await domain();
  const data = await storefrontData(new Browser(ctx.s.baseUrl, '192.0.2.21'));
  const now = new Date();
  const branches = data['/api/branches']
    .filter((b) => b.isPublic && b.isEnabled && b.isTakeawayEnabled)
    .sort((a, b) => (b.identifier === ctx.s.branch) - (a.identifier === ctx.s.branch));
  for (const branch of branches) {
    const paymentMethod = d.initialPaymentMethod(d.availablePaymentMethods(data['/api/config'], branch), branch);
    const menu = d.activeMenu(data['/api/menus'], branch.id, now);
    if (paymentMethod !== 'cash' || !menu) continue;
    const candidates = [];
    for (const entryCategory of menu.catalog.categories) {
      const category = data['/api/categories'].find((c) => c.id === entryCategory.id) ?? null;
      for (const entry of entryCategory.products) {
        const product = data['/api/products'].find((p) => p.id === entry.id);
        if (product?.type !== 'configurable' || Number(product.minimumQuantity) > 1) continue;
        const parts = photoParts(d, product, photo, ctx.run);
        if (parts) candidates.push({ product, entry, category, parts });
      }
    }
    const { appointment, lines } = schedule(d, branch, now, candidates, 1);
    if (!lines?.length) continue;
    const [{ product, parts }] = lines;
    const pricing = d.calculatePricing({
      items: [{ product, amount: 1, unit: product.unit, parts }],
      deliveryMethod: 'takeaway',
    });
    return {
      branch,
      appointment,
      paymentMethod,
      steps: product.config.parts,
      items: [{ product: product.id, amount: 1, unit: product.unit, name: product.name, parts }],
      totalGross: pricing.totalGross,
    };
  }
  return null;
}

/** The demo shop as a customer sees it, and a cart for the branch JOURNEY_BRANCH or the first that takes one. */
export async function shop(ctx) {
  if (ctx.shop) return ctx.shop;
  const d = await domain();
  const data = await storefrontData(new Browser(ctx.s.baseUrl, '192.0.2.20'));
  const now = new Date();
  const branches = data['/api/branches'].filter((b) => b.isPublic && b.isEnabled);
  if (!branches.length) throw new Error('the storefront shows no branch (is the demo shop seeded?)');
  const chosen = ctx.s.branch ? branches.filter((b) => b.identifier === ctx.s.branch) : branches;
  if (!chosen.length) throw new Error(`no public branch ${ctx.s.branch}`);
  for (const branch of chosen) {
    const cart = await cartFor(d, data, branch, now);
    if (cart) return (ctx.shop = { ...cart, config: data['/api/config'] });
  }
  throw new Error(
    `none of the branches ${chosen.map((b) => b.identifier).join(', ')} takes a takeaway order in cash now or as a preorder`,
  );
}

/** The order body the checkout sends (web/storefront use-checkout-form.ts orderPayload) for this cart and customer. */
export function orderBody(cart, customer) {
  return {
    branch: cart.branch.id,
    isDelivery: false,
    isDineIn: false,
    items: cart.items.map(({ product, amount, unit, parts }) => ({ product, amount, unit, parts: parts ?? {} })),
    isCompany: false,
    companyName: null,
    company: null,
    vatNumber: null,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    street: 'Annenstraße 12',
    floor: null,
    stairway: null,
    door: null,
    zipCode: '8020',
    city: 'Graz',
    country: 'AT',
    isDeliveryAddressDifferent: false,
    isDeliveryCompany: false,
    deliveryCompanyName: null,
    deliveryFirstName: null,
    deliveryLastName: null,
    deliveryStreet: null,
    deliveryFloor: null,
    deliveryStairway: null,
    deliveryDoor: null,
    deliveryZipCode: null,
    deliveryCity: null,
    deliveryCountry: null,
    deliveryArea: null,
    comment: customer.comment,
    appointmentDate: cart.appointment ? cart.appointment.toISOString() : null,
    paymentMethod: cart.paymentMethod,
    legalInstructions: true,
    privacyPolicy: true,
    table: null,
    donatee: null,
  };
}

/** A customer of this run: own e-mail address and mobile number (so no other customer's limits count). */
export function customer(ctx, tag) {
  const digits = BigInt(`0x${randomBytes(4).toString('hex')}`) % 10_000_000n;
  return {
    tag,
    firstName: 'Johanna',
    lastName: `Reise-${tag}`,
    email: `journey-${ctx.run}-${tag}@example.at`,
    comment: `Journey ${ctx.run} ${tag}`,
    phone: `+43 660 ${String(digits).padStart(7, '0')}`,
  };
}

/** The storefront's proof-of-work (web/storefront altcha.ts): fetch a signed challenge, solve it, the X-Altcha value. */
export async function solveOrderChallenge(browser) {
  const challenge = expectStatus(
    await browser.request('GET', '/api/orders/challenge'),
    200,
    'GET /api/orders/challenge',
  );
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) throw new Error('the proof-of-work challenge has no solution within its maxnumber');
  const header = Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64');
  return { header, number: solution.number };
}

/** A fresh Idempotency-Key for one order (the checkout makes one per order). */
export const newIdempotencyKey = () => randomUUID();
