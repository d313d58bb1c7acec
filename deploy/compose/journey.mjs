#!/usr/bin/env node
// The container check's user journey (issue 38): proves a running stack works as its users use it, over HTTP to
// the gateway only (as browsers, staff and printers do), plus two shell hooks for what no user can do: crash the
// order service (KILL_ORDER_CMD) and read the database (SQL_CMD). Run from the repo root on the host:
//
//   BASE_URL=http://127.0.0.1:3000 ADMIN_USERNAME=admin ADMIN_PASSWORD=… MAIL_API_URL=http://127.0.0.1:1080 \
//   KILL_ORDER_CMD='…' SQL_CMD='psql -X -At -F "$(printf "\t")" postgres://…/shop' \
//   JOURNEY_STATE=/tmp/journey-state.json node deploy/compose/journey.mjs [--only=order,board,mail]
//
// Steps (ids for --only): admin-login, order, board, mail, printer, media, load; and verify-after-restore (only when
// named), which checks that what a former run wrote to JOURNEY_STATE survived a backup and restore: the
// administrator's TOTP login, the order step's orders on the board API, every order of the state in the database, and
// the media step's image and customer upload: their rows and their files, served with the same bytes. Run it before
// any new order or media step (those write their own into the state). Each step prints `✔ <step> (<ms> ms)` with its
// findings below, or `✖ <step>: <why>` and the script exits 1. The steps are exported too (runJourney, step*).
//
// The gateway believes this host's X-Forwarded-For and X-Forwarded-Proto (TRUSTED_PROXIES): every request says
// https and names its client, as the operator's TLS proxy does; each customer gets an address, phone number and
// e-mail address of their own. The Secure cookies of a production gateway are kept in each client's own jar.
// The storefront's rules (open now, preorder slots, active menu, pricing, payment methods) come from @shop/domain,
// the same code the storefront runs: libs/domain must be built (npx nx run-many -t build).
import { pathToFileURL } from 'node:url';
import { stepAdminLogin } from './journey/admin.mjs';
import { createContext } from './journey/context.mjs';
import { stepLoad } from './journey/load.mjs';
import { stepMedia } from './journey/media.mjs';
import { stepBoard, stepMail, stepOrder } from './journey/order.mjs';
import { stepPrinter } from './journey/printer.mjs';
import { stepVerifyAfterRestore } from './journey/verify.mjs';

// the steps live in journey/, one module a step or two; this file names them, runs them and is the operator's entry
export { loginAdmin, stepAdminLogin } from './journey/admin.mjs';
export { createContext, sql } from './journey/context.mjs';
export { Browser, StaffBrowser, settings } from './journey/http.mjs';
export { stepLoad } from './journey/load.mjs';
export { stepMedia } from './journey/media.mjs';
export { stepBoard, stepMail, stepOrder } from './journey/order.mjs';
export { stepPrinter } from './journey/printer.mjs';
export { cartFor, storefrontData } from './journey/shop.mjs';
export { stepVerifyAfterRestore } from './journey/verify.mjs';

export const STEPS = [
  ['admin-login', 'the administrator logs in (TOTP enrolment when required) and sees the branches', stepAdminLogin],
  ['order', 'a customer orders from the catalogue: free orders, then one with a solved proof-of-work', stepOrder],
  ['board', "the order is on the administrator's order board", stepBoard],
  ['mail', "the customer's confirmation e-mail reached the mail catcher", stepMail],
  ['printer', "a CloudPRNT printer of the branch prints the order's receipt", stepPrinter],
  ['media', "an image in the media library and a customer's photo with an order: stored and served", stepMedia],
  ['load', 'orders at once while the order service is killed: each 201 in the database exactly once', stepLoad],
];
export const VERIFY_STEP = [
  'verify-after-restore',
  "after a restore: the administrator's TOTP login, the orders, the image and the upload with the same bytes",
  stepVerifyAfterRestore,
];

/** Runs the named steps in order (default: all but verify-after-restore); false after the first failure. */
export async function runJourney(names, ctx = createContext(), out = console.log) {
  const all = [...STEPS, VERIFY_STEP];
  const chosen = names?.length ? all.filter(([id]) => names.includes(id)) : STEPS;
  const unknown = (names ?? []).filter((n) => !all.some(([id]) => id === n));
  if (unknown.length) throw new Error(`unknown step ${unknown.join(', ')}; steps: ${all.map(([id]) => id).join(', ')}`);
  out(`journey ${ctx.run} against ${ctx.s.baseUrl || '(BASE_URL unset)'}`);
  for (const [id, title, fn] of chosen) {
    const started = performance.now();
    ctx.stepNotes = [];
    try {
      const notes = await fn(ctx);
      out(`✔ ${id}: ${title} (${Math.round(performance.now() - started)} ms)`);
      for (const n of [...ctx.stepNotes, ...(notes ?? [])]) out(`    ${n}`);
    } catch (err) {
      out(`✖ ${id}: ${err.message}`);
      return false;
    }
  }
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const only = process.argv
    .filter((a) => a.startsWith('--only='))
    .flatMap((a) => a.slice('--only='.length).split(','))
    .map((n) => n.trim())
    .filter(Boolean);
  try {
    process.exitCode = (await runJourney(only)) ? 0 : 1;
  } catch (err) {
    console.log(`✖ ${err.message}`);
    process.exitCode = 1;
  }
}
