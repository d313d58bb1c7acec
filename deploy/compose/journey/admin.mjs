// The administrator: his login as the back office does it (TOTP enrolment when required) and the first step.
import { generate } from 'otplib';
import { saveState } from './context.mjs';
import { StaffBrowser, expectStatus, need, said, sleep } from './http.mjs';

/* ------------------------------------------------------------ the administrator */

const TOTP_STEP_MS = 30_000;

/**
 * The authenticator app's current code. The identity service takes each 30-second code once and none older than
 * the last one taken, so a code of a step already used waits for the next step, as a person would.
 */
async function totpCode(ctx) {
  const admin = ctx.state.admin;
  const started = Date.now();
  while (Math.floor(Date.now() / TOTP_STEP_MS) <= (admin.lastTotpStep ?? -1)) {
    await sleep(TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 200);
  }
  ctx.totpWaitedMs = (ctx.totpWaitedMs ?? 0) + (Date.now() - started);
  admin.lastTotpStep = Math.floor(Date.now() / TOTP_STEP_MS);
  saveState(ctx);
  return generate({ secret: admin.totpSecret });
}

async function postLogin(browser, body) {
  const res = await browser.request('POST', '/backend/login', { body });
  if (res.status === 200) browser.csrf = res.json.data.csrfToken;
  return res;
}

/**
 * The administrator logs in as the back office does. With the TOTP secret of an earlier run: password and code.
 * Without: password only, and when the answer says enrolment is required (production), he enrols: setup → the
 * secret into the "authenticator app" → enable with its first code → the session's rights grow (new session id
 * and CSRF secret; the old token is refused once and a fresh one fetched). Answers the staff browser and notes.
 */
export async function loginAdmin(ctx) {
  const { s } = ctx;
  need(s, 'baseUrl', 'adminUsername', 'adminPassword');
  const notes = [];
  const browser = new StaffBrowser(s.baseUrl, '192.0.2.10');
  const credentials = { username: s.adminUsername, password: s.adminPassword };
  if (ctx.state.admin?.username !== s.adminUsername) ctx.state.admin = { username: s.adminUsername };
  let res;
  let withCode = false;
  if (ctx.state.admin.totpSecret) {
    res = await postLogin(browser, { ...credentials, code: await totpCode(ctx) });
    withCode = res.status === 200;
  }
  if (!withCode) {
    res = await postLogin(browser, credentials);
    if (res.status === 401)
      throw new Error(
        `login refused (${said(res)}): wrong password, or the administrator enrolled in two-factor login in a run whose JOURNEY_STATE is not given`,
      );
    expectStatus(res, 200, 'POST /backend/login');
  }
  if (res.json.data.mfaSetupRequired) {
    notes.push(
      `login answered mfaSetupRequired: true (two-factor enrolment is required${withCode ? '; the code of an earlier enrolment was not asked for: the administrator is not enrolled on this stack' : ''})`,
    );
    const refused = await browser.get('/api/users');
    if (refused.status !== 403 || refused.json?.code !== 'MFA_SETUP_REQUIRED')
      throw new Error(`before enrolling, GET /api/users should be 403 MFA_SETUP_REQUIRED, got ${said(refused)}`);
    const setup = expectStatus(await browser.post('/api/users/me/mfa/setup'), 200, 'MFA setup');
    if (!setup.secret || !String(setup.otpauthUrl).startsWith('otpauth://totp/'))
      throw new Error(`MFA setup answered no TOTP secret: ${JSON.stringify(setup)}`);
    ctx.state.admin.totpSecret = setup.secret;
    delete ctx.state.admin.lastTotpStep;
    const enabled = expectStatus(
      await browser.post('/api/users/me/mfa/enable', { code: await totpCode(ctx) }),
      200,
      'MFA enable',
    );
    if (!Array.isArray(enabled.recoveryCodes) || enabled.recoveryCodes.length === 0)
      throw new Error('MFA enable answered no recovery codes');
    ctx.state.admin.recoveryCodesLeft = enabled.recoveryCodes.length;
    saveState(ctx);
    notes.push(`enrolled TOTP (${setup.otpauthUrl.split('?')[0]}), ${enabled.recoveryCodes.length} recovery codes`);
    // the session's rights grew: everything is open now, and the enrol-only session's CSRF token is void; the
    // next write is refused for it once and repeated with a fresh token (the back office's way). A write that
    // changes nothing: a new enrolment, refused now that two-factor login is on
    expectStatus(await browser.get('/api/users'), 200, 'GET /api/users after enrolling');
    const again = await browser.post('/api/users/me/mfa/setup');
    if (again.status !== 409 || browser.csrfRefreshes !== 1)
      throw new Error(
        `a write after enrolling: expected 409 after one CSRF token refresh, got ${said(again)} after ${browser.csrfRefreshes}`,
      );
    notes.push('full session: the old CSRF token refused once (403 CSRF_INVALID), a fresh one fetched and accepted');
  } else if (withCode) {
    notes.push('logged in with password and TOTP code (the secret of an earlier run, from JOURNEY_STATE)');
  } else {
    const mfa = expectStatus(await browser.get('/api/users/me/mfa'), 200, 'GET /api/users/me/mfa');
    if (mfa.enabled) throw new Error('an enrolled administrator was let in without a code');
    notes.push('two-factor login is not required on this stack (not production): logged in with the password only');
  }
  // a staff-only list: the full session, not one that may only enrol
  expectStatus(await browser.get('/api/users'), 200, 'GET /api/users');
  if (ctx.totpWaitedMs > 1000)
    notes.push(`waited ${Math.round(ctx.totpWaitedMs / 1000)} s for the next TOTP code (each code is taken once)`);
  ctx.totpWaitedMs = 0;
  const me = expectStatus(await browser.get('/api/users/me'), 200, 'GET /api/users/me');
  if (!me.roles?.includes('ROLE_ADMIN')) throw new Error(`${me.username} is no administrator: ${me.roles}`);
  ctx.admin = browser;
  return { browser, notes };
}

/** The administrator's session, logging him in first when this run has none (his notes join the step's). */
export async function admin(ctx) {
  if (!ctx.admin) {
    const { notes } = await loginAdmin(ctx);
    ctx.stepNotes.push(...notes.map((n) => `administrator: ${n}`));
  }
  return ctx.admin;
}

/** 1. The administrator logs in (enrolling TOTP when required) and lists the branches. */
export async function stepAdminLogin(ctx) {
  const { notes } = await loginAdmin(ctx);
  const res = await ctx.admin.get('/api/branches?perPage=200');
  const branches = expectStatus(res, 200, 'GET /api/branches');
  if (!Array.isArray(branches) || branches.length === 0) throw new Error('the branch list is empty');
  return [...notes, `sees ${branches.length} branches: ${branches.map((b) => b.name).join(', ')}`];
}
