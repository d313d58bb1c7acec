// verify-after-restore: what a former run wrote to JOURNEY_STATE survived a backup and restore.
import { loginAdmin } from './admin.mjs';
import { sql } from './context.mjs';
import { Browser, expectStatus, need, said } from './http.mjs';
import { sha256 } from './media.mjs';
import { domain } from './shop.mjs';

/** Whether a file of the state is served again with the same bytes: null when so, else what is wrong. */
async function servedAgain(browser, url, sha, what) {
  const res = await browser.request('GET', url, { headers: { accept: '*/*' } });
  if (res.status === 404) return `${what}: the file is gone (GET ${url}: 404)`;
  if (res.status !== 200) return `${what}: GET ${url} answered ${said(res)}`;
  const got = sha256(res.bytes);
  if (got !== sha)
    return `${what}: ${url} serves other bytes (sha256 ${got.slice(0, 12)}…, before ${sha.slice(0, 12)}…)`;
  return null;
}

/** The row of a file of the state through the back office's API: null when there, else what is wrong. */
async function rowAgain(browser, path, what) {
  const res = await browser.get(path);
  if (res.status === 404) return { problem: `${what}: its database row is gone (GET ${path}: 404)` };
  if (res.status !== 200) return { problem: `${what}: GET ${path} answered ${said(res)}` };
  return { row: res.json.data };
}

/** The media step's image and upload after a restore: rows (back office API) and files (served bytes) apart. */
async function verifyMedia(ctx, browser, media) {
  const d = await domain();
  const visitor = new Browser(ctx.s.baseUrl, '192.0.2.41');
  const problems = [];
  const notes = [];
  const { image, upload, order } = media;
  if (image) {
    const what = `image ${image.id} "${image.name}"`;
    const before = problems.length;
    const { row, problem } = await rowAgain(browser, `/api/images/${image.id}`, what);
    if (problem) problems.push(problem);
    else if (row.version !== image.version || row.size !== image.size)
      problems.push(
        `${what}: its row says version ${row.version}, ${row.size} bytes; before the backup version ${image.version}, ${image.size} bytes`,
      );
    const file = await servedAgain(visitor, image.url, image.sha256, `${what} (row ${problem ? 'gone' : 'there'})`);
    if (file) problems.push(file);
    const variants = Object.entries(image.variants ?? {});
    const gone = [];
    for (const [size, v] of variants) {
      const res = await visitor.request('GET', v.url, { headers: { accept: '*/*' } });
      const got = res.status === 200 ? sha256(res.bytes) : null;
      // a size without its variant file is served from the original
      if (got === image.sha256 && v.sha256 !== image.sha256)
        problems.push(`${what}: its ${size} variant file is gone (${v.url} serves the original in its place)`);
      else if (res.status === 404) gone.push(size);
      else if (got !== v.sha256)
        problems.push(`${what}: its ${size} variant ${v.url} answered ${got ? 'other bytes' : said(res)}`);
    }
    if (gone.length)
      problems.push(
        `${what}: its size variants ${gone.join(', ')} are gone too (GET ${image.variants[gone[0]].url} and the like: 404)`,
      );
    if (problems.length === before)
      notes.push(
        `${what}: its row is there and ${image.url} serves the bytes of before (sha256 ${image.sha256.slice(0, 12)}…), its ${variants.length} size variants too`,
      );
  }
  if (upload) {
    const what = `upload ${upload.id} "${upload.filename}"`;
    const { row, problem } = await rowAgain(browser, `/api/uploads/${upload.id}`, what);
    if (problem) problems.push(problem);
    else if (row.url !== upload.url || row.size !== upload.size)
      problems.push(
        `${what}: its row says ${row.url}, ${row.size} bytes; before the backup ${upload.url}, ${upload.size} bytes`,
      );
    const where = `(row ${problem ? 'gone' : 'there'})`;
    const file = await servedAgain(browser, upload.url, upload.sha256, `${what} ${where}`);
    if (file) problems.push(file);
    const preview = await servedAgain(browser, upload.previewUrl, upload.previewSha256, `${what}'s preview ${where}`);
    if (preview) problems.push(preview);
    if (!problem && !file && !preview)
      notes.push(
        `${what}: its row is there and ${upload.url} serves the bytes the customer sent (sha256 ${upload.sha256.slice(0, 12)}…), its preview too`,
      );
  }
  if (order) {
    const res = await browser.get(`/api/orders/${order.id}`);
    if (res.status === 404)
      problems.push(`order ${order.id} (ticket ${order.ticketNumber}) with the photo: its database row is gone`);
    else if (res.status !== 200) problems.push(`order ${order.id} with the photo: ${said(res)}`);
    else {
      const line = res.json.data.items.find((i) => i.product === order.product);
      const urls = d
        .orderLineParts(line?.parts ?? {})
        .flatMap((p) => p.values)
        .map((v) => v.url);
      if (upload && !urls.includes(upload.url))
        problems.push(`order ${order.id}'s line no longer links upload ${upload.id} (${upload.url})`);
      else notes.push(`order ${order.id} (ticket ${order.ticketNumber}) still links the photo on its line`);
    }
  }
  return { notes, problems };
}

/** The order step's orders on the board API, every order of the run (step 2 and the load) in the database. */
async function verifyOrders(ctx, browser) {
  const { state } = ctx;
  const notes = [];
  const orders = state.orders ?? [state.order];
  for (const o of orders) {
    const got = expectStatus(await browser.get(`/api/orders/${o.id}`), 200, `GET /api/orders/${o.id}`);
    if (got.uid !== o.uid || got.ticketNumber !== o.ticketNumber)
      throw new Error(`order ${o.id} came back as ${got.uid} / ticket ${got.ticketNumber}`);
  }
  const board = expectStatus(
    await browser.get(`/api/orders/current?branch=${state.order.branch}`),
    200,
    'GET /api/orders/current',
  );
  if (!board.some((o) => o.id === state.order.id)) throw new Error(`order ${state.order.id} is not on the board`);
  notes.push(
    `the ${orders.length} orders of the order step (run ${state.order.run}) are on the board API; order ${state.order.id}, ticket ${state.order.ticketNumber}, on the current board`,
  );
  const ids = [...orders.map((o) => o.id), ...(state.load?.ids ?? [])];
  const found = sql(ctx, `SELECT id FROM "order"."order" WHERE id = ANY('{${ids.join(',')}}'::int[]);`).map((r) =>
    Number(r[0]),
  );
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length)
    throw new Error(
      `${missing.length} of the run's ${ids.length} orders are not in the database: ${missing.slice(0, 10)}`,
    );
  const load = state.load ? ` and the ${state.load.ids.length} of the load step (run ${state.load.run})` : '';
  notes.push(`all ${ids.length} orders are in the database: the ${orders.length} of the order step${load}`);
  return notes;
}

/**
 * After a backup and restore: what a former run wrote to JOURNEY_STATE is still there. The administrator logs in
 * with his TOTP secret (his enrolment survived), the step-2 orders are on the board API, every order of the run
 * (step 2 and the load) is in the database, and the media step's image and upload have their rows and are served
 * with the bytes of before (an image's size variants too), the order with the photo still linking it. Every
 * problem found is named, the database row apart from the file.
 */
export async function stepVerifyAfterRestore(ctx) {
  need(ctx.s, 'statePath');
  const { state } = ctx;
  if (!state.order && !state.media)
    throw new Error(`${ctx.s.statePath} holds neither orders nor media of a former run`);
  const notes = [];
  if (state.admin?.totpSecret) {
    const before = state.admin.totpSecret;
    ctx.admin = null;
    const { notes: login } = await loginAdmin(ctx);
    if (state.admin.totpSecret !== before)
      throw new Error('the administrator had to enrol anew: his TOTP enrolment is gone');
    notes.push(...login);
  } else {
    await loginAdmin(ctx);
    notes.push('no TOTP secret in the state (two-factor login was not required): logged in with the password');
  }
  const browser = ctx.admin;
  const problems = [];
  if (state.order) {
    try {
      notes.push(...(await verifyOrders(ctx, browser)));
    } catch (err) {
      problems.push(err.message);
    }
  } else notes.push('no orders in the state: the order step did not run before the backup');
  if (state.media) {
    const media = await verifyMedia(ctx, browser, state.media);
    notes.push(...media.notes);
    problems.push(...media.problems);
  } else notes.push('no media in the state: the media step did not run before the backup');
  if (problems.length) throw new Error(problems.join('; '));
  return notes;
}
