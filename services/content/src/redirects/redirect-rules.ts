import {
  isAllowedHost,
  isProtectedRedirectSource,
  redirectHostOf,
  type FieldError,
  type Website,
} from '@shop/contracts';
import { t } from '@shop/i18n-de';
import type { EntityManager } from 'typeorm';
import { SiteEntity } from '../sites/site.entity.js';
import { RedirectEntity } from './redirect.entity.js';

const MAX_CHAIN = 50;

/**
 * An editor's redirect must not hide an existing page of its website, nor lead back to where it starts (directly or
 * through the redirects that already exist), nor lead to a path that itself redirects: a visitor would take two
 * hops (slower, and search engines follow chains only so far), so the editor is told the final target to enter
 * instead of the server storing something other than what was typed. An external target's host must be one an
 * administrator allowed (`allowedHosts`, REDIRECT_ALLOWED_HOSTS; the contract already refused unsafe targets).
 */
export async function checkRedirect(
  manager: EntityManager,
  input: { website: Website; source: string; target: string },
  allowedHosts: readonly string[],
): Promise<FieldError[]> {
  const host = redirectHostOf(input.target);
  if (host !== null && !isAllowedHost(host, allowedHosts))
    return [{ field: 'target', message: t('content.redirectHostNotAllowed', { host }) }];
  const errors: FieldError[] = [];
  if (await manager.getRepository(SiteEntity).existsBy({ website: input.website, path: input.source }))
    errors.push({ field: 'source', message: t('content.redirectShadowsSite') });
  const redirects = manager.getRepository(RedirectEntity);
  let at = input.target;
  for (let i = 0; i < MAX_CHAIN && at.startsWith('/'); i++) {
    if (at === input.source) {
      errors.push({ field: 'target', message: t('content.redirectLoop') });
      return errors;
    }
    const next = await redirects.findOneBy({ website: input.website, source: at });
    if (!next) break;
    at = next.target;
  }
  if (at !== input.target)
    errors.push({ field: 'target', message: t('content.redirectChain', { target: input.target, final: at }) });
  return errors;
}

/**
 * Redirects that led to `source` now lead to `target` directly (A→B then B→C leaves A→C and B→C); answers the
 * sources of the redirects it shortened, oldest path first.
 */
export async function collapseInto(
  manager: EntityManager,
  website: Website,
  source: string,
  target: string,
): Promise<string[]> {
  const redirects = manager.getRepository(RedirectEntity);
  const shortened = await redirects.find({ where: { website, target: source }, order: { source: 'ASC' } });
  if (shortened.length) await redirects.update({ website, target: source }, { target });
  return shortened.map((r) => r.source);
}

/**
 * A public page moved from `from` to `to`: a 301 keeps its old address working (and the links and search results
 * that point there), chains through the old path collapse, and a redirect away from the new path is dropped. A
 * protected path (the start page) gets no redirect.
 */
export async function redirectMovedPage(manager: EntityManager, website: Website, from: string, to: string) {
  // the start page, checkout and order status are never redirected (issue 42), not even after a page moved away
  if (isProtectedRedirectSource(from)) return;
  const redirects = manager.getRepository(RedirectEntity);
  // renamed back to an old path: the redirect that led away from it goes
  await redirects.delete({ website, source: to });
  await collapseInto(manager, website, from, to);
  const existing = await redirects.findOneBy({ website, source: from });
  if (existing) await redirects.update({ id: existing.id }, { target: to, status: 301 });
  else await redirects.insert({ website, source: from, target: to, status: 301 });
}
