// The media step: an image in the media library and a customer's photo with an order, stored and served.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { admin } from './admin.mjs';
import { saveState } from './context.mjs';
import { Browser, expectStatus, need, said } from './http.mjs';
import { customer, domain, newIdempotencyKey, orderBody, photoCart, solveOrderChallenge } from './shop.mjs';

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
const dataUrl = (type, bytes) => `data:${type};base64,${bytes.toString('base64')}`;

/** A picture with some detail (a flat colour compresses to nothing), its colours and shapes this run's own. */
function picture(run, width, height) {
  const n = (i) => parseInt(run.slice(i, i + 2), 16);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="rgb(${n(0)},${n(2)},${n(4)})"/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="rgb(${255 - n(0)},${255 - n(2)},${255 - n(4)})"/>` +
    `<rect x="${(n(6) * width) / 512}" y="${height / 8}" width="${width / 4}" height="${height / 4}" fill="#008FC3"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** A file the gateway serves: 200 in the given content type, else an error naming the URL. */
async function getFile(browser, url, type) {
  const res = await browser.request('GET', url, { headers: { accept: `${type},*/*;q=0.8` } });
  if (res.status !== 200) throw new Error(`GET ${url}: ${said(res)}`);
  const got = res.headers.get('content-type') ?? '';
  if (!got.startsWith(type)) throw new Error(`GET ${url} answered ${got || 'no content type'}, not ${type}`);
  return res;
}

/**
 * 6. Media. The administrator adds an image to the media library as the back office does (ImagesPage.tsx: POST
 * /api/images, the file as a data-URL); anyone gets it at /image/{id}-{version}.{extension}, the same bytes, and its
 * size variants at their widths. A customer uploads a photo as the storefront's image step does (UploadStep.tsx:
 * POST /api/uploads, anonymous), sees its preview, and orders the product that asked for it; staff open the photo
 * from the order line (OrderLineParts.tsx) and the upload list (UploadsPage.tsx) and get the bytes sent. What
 * verify-after-restore needs to find both again (ids, URLs, sha256) goes into JOURNEY_STATE.
 */
export async function stepMedia(ctx) {
  need(ctx.s, 'baseUrl');
  const d = await domain();
  const browser = await admin(ctx);
  const notes = await addImage(ctx, d, browser);
  // the customer's photo, as the image step sends the chosen file; the step then shows its preview
  const customerBrowser = new Browser(ctx.s.baseUrl, `203.0.113.${1 + (parseInt(ctx.run.slice(2, 4), 16) % 250)}`);
  const photo = await uploadPhoto(ctx, d, customerBrowser);
  notes.push(photo.note);
  // the order of the product that asked for the photo; staff open the photo from its line
  const { order, cart, note } = await orderWithPhoto(ctx, d, { browser, customerBrowser }, photo);
  notes.push(note);
  notes.push(await uploadListed(ctx, browser, photo, { order, cart }));
  return notes;
}

/** The administrator adds the image; a visitor gets it and its size variants. Answers the step's notes so far. */
async function addImage(ctx, d, browser) {
  const visitor = new Browser(ctx.s.baseUrl, '192.0.2.40');
  const notes = [];

  // the image: a chosen file's bytes as a data-URL, its file name as the image's name
  const png = await picture(ctx.run, 800, 400).png().toBuffer();
  const name = `journey-${ctx.run}.png`;
  const started = Date.now();
  const image = expectStatus(
    await browser.post('/api/images', { data: dataUrl('image/png', png), name }),
    201,
    'POST /api/images',
  );
  const imageMs = Date.now() - started;
  const sent = { name, mimeType: 'image/png', extension: 'png', width: 800, height: 400, size: png.length };
  const differs = Object.keys(sent).filter((k) => image[k] !== sent[k]);
  if (differs.length)
    throw new Error(
      `image ${image.id} was stored as ${differs.map((k) => `${k} ${image[k]}`).join(', ')}; sent ${differs.map((k) => `${k} ${sent[k]}`).join(', ')}`,
    );
  const url = d.imageUrl(image);
  const original = await getFile(visitor, url, 'image/png');
  if (!original.bytes.equals(png))
    throw new Error(`${url} serves ${original.bytes.length} other bytes than the ${png.length} uploaded`);
  const variants = {};
  for (const [size, width] of Object.entries(d.IMAGE_WIDTHS).filter(([, w]) => w < sent.width)) {
    const variantUrl = d.imageUrl(image, size);
    const variant = await getFile(visitor, variantUrl, 'image/png');
    const meta = await sharp(variant.bytes).metadata();
    const height = Math.round((width * sent.height) / sent.width);
    if (meta.format !== 'png' || meta.width !== width || meta.height !== height)
      throw new Error(
        `${variantUrl} is a ${meta.format} of ${meta.width}×${meta.height}, not a PNG of ${width}×${height}`,
      );
    variants[size] = { url: variantUrl, width, sha256: sha256(variant.bytes) };
  }
  ctx.state.media = {
    run: ctx.run,
    image: { id: image.id, version: image.version, name, size: png.length, url, sha256: sha256(png), variants },
  };
  saveState(ctx);
  notes.push(
    `image ${image.id} "${name}" (PNG 800×400, ${png.length} bytes) added in ${imageMs} ms; ${url} served to a visitor: 200 image/png, the bytes sent (sha256 ${sha256(png).slice(0, 12)}…), cache-control "${original.headers.get('cache-control')}"`,
    `size variants ${Object.entries(variants)
      .map(([size, v]) => `${size} ${v.width} px`)
      .join(', ')}: PNGs at their widths`,
  );
  return notes;
}

/** The customer's upload and the preview the image step shows. */
async function uploadPhoto(ctx, d, customerBrowser) {
  const jpeg = await picture(ctx.run, 1200, 800).jpeg({ quality: 85 }).toBuffer();
  const filename = `torte-${ctx.run}.jpg`;
  const started = Date.now();
  const upload = expectStatus(
    await customerBrowser.request('POST', '/api/uploads', { body: { data: dataUrl('image/jpeg', jpeg), filename } }),
    201,
    'POST /api/uploads',
  );
  const uploadMs = Date.now() - started;
  if (upload.mimeType !== 'image/jpeg' || upload.extension !== 'jpg')
    throw new Error(`the upload was stored as ${upload.mimeType} .${upload.extension}, not image/jpeg .jpg`);
  const uploadUrl = d.uploadUrl(upload);
  const previewUrl = d.uploadUrl(upload, true);
  const preview = await getFile(customerBrowser, previewUrl, 'image/jpeg');
  const previewMeta = await sharp(preview.bytes).metadata();
  if (previewMeta.width !== 640) throw new Error(`the preview ${previewUrl} is ${previewMeta.width} px wide, not 640`);
  const note = `a customer uploaded "${filename}" (JPEG 1200×800, ${jpeg.length} bytes) in ${uploadMs} ms: upload ${upload.id}; the storefront's preview ${previewUrl}: 200 image/jpeg, ${previewMeta.width}×${previewMeta.height}`;
  return { upload, filename, jpeg, uploadUrl, previewUrl, preview, note };
}

/**
 * The order of a product that asks for the photo (when a branch sells one now), the proof-of-work solved when the
 * gateway asks for it; staff see the photo on the order's line and open it. Order null when no branch sells one.
 */
async function orderWithPhoto(ctx, d, { browser, customerBrowser }, { upload, filename, jpeg, uploadUrl, previewUrl }) {
  const cart = await photoCart(ctx, { ...upload, filename });
  if (!cart)
    return {
      order: null,
      cart,
      note: 'no branch sells a product that asks for a photo now: the upload is in no order',
    };
  const who = customer(ctx, 'foto');
  const body = orderBody(cart, who);
  const key = newIdempotencyKey();
  let res = await customerBrowser.request('POST', '/api/orders', { body, headers: { 'idempotency-key': key } });
  let challenge = '';
  if (res.status === 429 && res.json?.code === 'CHALLENGE_REQUIRED') {
    const solution = await solveOrderChallenge(customerBrowser);
    res = await customerBrowser.request('POST', '/api/orders', {
      body,
      headers: { 'idempotency-key': key, 'x-altcha': solution.header },
    });
    challenge = ' (after the proof-of-work it asked for)';
  }
  const order = expectStatus(res, 201, 'the order with the photo');
  const staffOrder = expectStatus(await browser.get(`/api/orders/${order.id}`), 200, `GET /api/orders/${order.id}`);
  const line = staffOrder.items.find((i) => i.product === cart.items[0].product);
  const shown = d
    .orderLineParts(line?.parts ?? {}, cart.steps)
    .flatMap((p) => p.values.map((v) => ({ ...v, label: p.label })))
    .find((v) => v.kind === 'upload');
  if (!shown?.url)
    throw new Error(`staff see no photo on order ${order.id}'s line: parts ${JSON.stringify(line?.parts ?? null)}`);
  if (shown.url !== uploadUrl || shown.thumbnailUrl !== previewUrl)
    throw new Error(`order ${order.id}'s line links ${shown.url} (${shown.thumbnailUrl}), not upload ${uploadUrl}`);
  const fromLine = await getFile(browser, shown.url, 'image/jpeg');
  if (!fromLine.bytes.equals(jpeg)) throw new Error(`${shown.url}, opened from the order line, serves other bytes`);
  const price = Number(staffOrder.pricing?.totalGross);
  if (!(Math.abs(price - cart.totalGross) < 0.005))
    throw new Error(
      `the server priced the order with the photo at ${price}, the storefront's cart at ${cart.totalGross}`,
    );
  const note = `order ${order.id} (ticket ${order.ticketNumber})${challenge} of ${cart.items[0].name} at ${cart.branch.name}, ${cart.appointment ? `preorder for ${cart.appointment.toISOString()}` : 'now'}, ${cart.totalGross.toFixed(2)}; staff see "${shown.label}: ${shown.name}" on its line and open ${shown.url}: the bytes sent`;
  return { order, cart, note };
}

/** The back office's upload list (newest first) has the photo, with a link to the same bytes; into JOURNEY_STATE. */
async function uploadListed(ctx, browser, { upload, filename, jpeg, uploadUrl, previewUrl, preview }, { order, cart }) {
  const list = expectStatus(await browser.get('/api/uploads?page=1&perPage=50'), 200, 'GET /api/uploads');
  const listed = list.find((u) => u.id === upload.id);
  if (!listed) throw new Error(`upload ${upload.id} is not on the first page of the back office's upload list`);
  if (listed.url !== uploadUrl || listed.previewUrl !== previewUrl || listed.originalName !== filename)
    throw new Error(`the upload list shows ${JSON.stringify(listed)}; expected ${uploadUrl}, "${filename}"`);
  if (listed.size !== jpeg.length)
    throw new Error(`the upload list says ${listed.size} bytes; ${jpeg.length} were sent`);
  const fetched = await getFile(browser, listed.url, 'image/jpeg');
  if (!fetched.bytes.equals(jpeg)) throw new Error(`${listed.url} serves other bytes than the customer sent`);
  ctx.state.media.upload = {
    id: upload.id,
    version: upload.version,
    filename,
    size: jpeg.length,
    url: uploadUrl,
    sha256: sha256(jpeg),
    previewUrl,
    previewSha256: sha256(preview.bytes),
  };
  ctx.state.media.order = order && {
    id: order.id,
    uid: order.uid,
    ticketNumber: order.ticketNumber,
    product: cart.items[0].product,
  };
  saveState(ctx);
  return `the back office's upload list shows "${filename}", ${listed.size} bytes; its link ${listed.url} serves the bytes sent (sha256 ${sha256(jpeg).slice(0, 12)}…)`;
}
