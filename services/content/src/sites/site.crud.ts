import { CRUD_RESOURCES, SITE_LAYOUTS, SiteInput, type Site } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { type CrudDefinition, equalFilters, meta, onlyPublic, requireWriteAccess } from '@shop/server';
import type { z } from 'zod';
import { checkContent, storedContent } from '../common/content-check.js';
import { byWebsitePath } from '../common/website-paths.js';
import { redirectMovedPage } from '../redirects/redirect-rules.js';
import { SiteEntity } from './site.entity.js';

type Input = z.output<typeof SiteInput>;

/** A site as the API answers it. */
export const siteDto = (e: SiteEntity): Site => ({
  ...meta(e),
  website: e.website,
  path: e.path,
  name: e.name,
  type: e.type,
  layout: e.layout,
  isPublic: e.isPublic,
  content: e.content,
});

/** Sites: staff write; visitors read public sites only. The content is checked against the site's layout. */
export const siteCrud: CrudDefinition<SiteEntity, Input> = {
  ...CRUD_RESOURCES.sites,
  target: SiteEntity,
  ...byWebsitePath<SiteEntity>('path'),
  searchColumns: ['name', 'path'],
  publicScope: onlyPublic,
  applyFilters: equalFilters('website', 'type', 'isPublic'),
  authorize: (actor, verb) => requireWriteAccess(actor, verb, 'staff'),
  async checkReferences(manager, input) {
    const layout = SITE_LAYOUTS[input.layout];
    if (layout.type !== input.type)
      return [{ field: 'layout', message: t('content.layoutMismatch', { layout: layout.label, type: input.type }) }];
    return checkContent(manager, layout.fields, input.content);
  },
  async assign(input, e, manager) {
    const moved = e.id && e.isPublic && e.website === input.website && e.path !== input.path ? e.path : null;
    Object.assign(e, { ...input, content: storedContent(SITE_LAYOUTS[input.layout].fields, input.content) });
    if (moved) await redirectMovedPage(manager, input.website, moved, input.path);
  },
  toDto: siteDto,
};
