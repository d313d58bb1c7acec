import { pageTitle, shopDescription } from '@shop/domain';
import { serverPlainText } from '@shop/web-shared/server';
import type { InitData } from '../api/types';
import { shownDivision } from '../features/branches/DivisionPage';

/** A page's title and description as the page's head has them (plain text). */
export interface HeadMeta {
  title: string;
  description: string;
}

const BRANCH_PATH = /^\/store\/([^/]+)\/?$/;

/**
 * The title and description a visitor's page (`/` or a branch page, the pages the gateway renders) sets once the app
 * runs (§2.2 "a division prepends its title if present; a branch gives 'branch name - shop title' with the branch
 * description"), for the rendered page's head (issue 43: the division title in the page the server sends, not
 * index.html's); any other path gets the shop's title.
 */
export function pageMetaAt(path: string, data: InitData): HeadMeta {
  const { config } = data;
  const description = serverPlainText(shopDescription(config) ?? '');
  if (path === '/' || path === '') {
    const branches = data.branches.filter((b) => b.isEnabled);
    return { title: pageTitle(config, shownDivision(data.divisions, branches)?.title), description };
  }
  const identifier = BRANCH_PATH.exec(path)?.[1];
  const branch = identifier
    ? data.branches.find((b) => b.identifier === decodeURIComponent(identifier) && b.isEnabled && b.isPublic)
    : undefined;
  if (branch)
    return {
      title: pageTitle(config, branch.name),
      description: serverPlainText(branch.description ?? '') || description,
    };
  return { title: pageTitle(config), description };
}
