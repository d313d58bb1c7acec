// order-full-bench's shop and order mix: two branches open all day with preorders on, the products of the mix, a
// few uploads; then order bodies in a realistic, deterministic mix (takeaway, delivery, preorder, dine-in; one in ten
// a preorder at graz-lend with an uploaded image).
import { randomUUID } from 'node:crypto';
import { CUSTOMER, json, openAllDay, postOrder } from '../order-api.mjs';

/**
 * Opens wien-innere-stadt and graz-lend (and delivering) all day, preorders on, so every order type is accepted
 * whatever the time of day; finds the mix's products; uploads the images one in ten orders refers to.
 */
export async function prepareShop(gw, session) {
  const wien = await openAllDay(gw, session, 'wien-innere-stadt', { isPreorderEnabled: true });
  const graz = await openAllDay(gw, session, 'graz-lend', { isPreorderEnabled: true });
  const { data: products } = await json(await fetch(`${gw}/api/products?perPage=500`), 'GET products');
  const byName = (name) => {
    const p = products.find((x) => x.name === name);
    if (!p) throw new Error(`product not found: ${name}`);
    return p;
  };
  const WIEN_PRODUCTS = [
    'Tafelspitz mit Apfelkren und Schnittlauchsauce',
    'Apfelstrudel',
    'Fiakergulasch',
    'Pizza Margherita',
    'Bowl nach Wahl',
  ].map(byName);
  const GIFT = byName('Geschenkkorb nach Wahl');

  // a 1×1 PNG, uploaded a few times (each upload its own row and file): one in ten orders refers to one of them
  const PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  const uploads = [];
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${gw}/api/uploads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: PNG, filename: `vorlage-${i + 1}.png` }),
    });
    const { data } = await json(res, 'POST /api/uploads');
    uploads.push({ id: data.id, publicHash: data.publicHash });
  }
  return { wien, graz, byName, WIEN_PRODUCTS, GIFT, uploads };
}

let seed = 22;
const rnd = () => {
  // deterministic (mulberry32): the same mix every run
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (list) => list[Math.floor(rnd() * list.length)];

/** The parts of a configured product as a customer picks them: every required step, sometimes an extra. */
function partsOf(product, upload) {
  const parts = {};
  for (const [key, step] of Object.entries(product.config?.parts ?? {})) {
    if (step.type === 'select' && (!step.optional || rnd() < 0.3)) parts[key] = pick(step.options).name;
    else if (step.type === 'multiselect' && (!step.optional || rnd() < 0.5)) parts[key] = [pick(step.options).name];
    else if ((step.type === 'text' || step.type === 'textarea') && (!step.optional || rnd() < 0.3))
      parts[key] = 'Bitte gut verpacken.';
    else if ((step.type === 'image' || step.type === 'images') && upload) parts[key] = [upload];
  }
  return parts;
}
const line = (product, upload = null) => ({
  product: product.id,
  amount: 1 + Math.floor(rnd() * 2),
  parts: partsOf(product, upload),
});
const inHours = (h) => {
  const d = new Date(Date.now() + h * 3_600_000);
  d.setUTCMinutes(Math.ceil(d.getUTCMinutes() / 15) * 15, 0, 0);
  return d.toISOString();
};
const TYPES = ['takeaway', 'delivery', 'preorder', 'dineIn'];
let placed = 0;
/** The next body of the mix: one in ten with an upload, else the four order types in turn at random. */
export function nextOrder(
  { wien, graz, WIEN_PRODUCTS, GIFT, byName, uploads },
  kind = placed++ % 10 === 9 ? 'upload' : pick(TYPES),
) {
  if (kind === 'upload')
    return {
      kind,
      body: {
        ...CUSTOMER,
        branch: graz.id,
        isDelivery: false,
        isDineIn: false,
        appointmentDate: inHours(24 + rnd() * 48),
        items: [line(GIFT, pick(uploads)), ...(rnd() < 0.5 ? [line(byName('Apfelstrudel'))] : [])],
      },
    };
  const count = 1 + Math.floor(rnd() * 3);
  const items = Array.from({ length: count }, () => line(pick(WIEN_PRODUCTS)));
  // the delivery area's minimum order value (15 €): a main course first
  if (kind === 'delivery') items[0] = { product: WIEN_PRODUCTS[0].id, amount: 2, parts: {} };
  return {
    kind,
    body: {
      ...CUSTOMER,
      branch: wien.id,
      isDelivery: kind === 'delivery',
      isDineIn: kind === 'dineIn',
      ...(kind === 'delivery' ? { deliveryArea: '1010 Wien – Innere Stadt' } : {}),
      ...(kind === 'dineIn' ? { table: `tisch-${1 + Math.floor(rnd() * 8)}` } : {}),
      ...(kind === 'preorder' ? { appointmentDate: inHours(1 + rnd() * 30) } : {}),
      items,
    },
  };
}

/**
 * Places one order of each kind of the mix, retrying each for up to 20 s: the order service caches the catalogue
 * per branch and drops it on catalogue events, so the branch changes of prepareShop reach it a moment later.
 * Answers the uids of the orders placed.
 */
export async function firstOrderOfEachKind(gw, shop) {
  const uids = [];
  for (const kind of [...TYPES, 'upload']) {
    const until = Date.now() + 20_000;
    for (;;) {
      const res = await postOrder(gw, nextOrder(shop, kind).body, randomUUID());
      if (res.status === 201) {
        uids.push(res.body.data.uid);
        break;
      }
      if (Date.now() > until) throw new Error(`${kind}: HTTP ${res.status} ${JSON.stringify(res.body).slice(0, 600)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  return uids;
}
