import { CRUD_RESOURCES, SITE_LAYOUTS, type Site } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { columnsDto, defineCrud, equalFilters, onlyPublic } from '@shop/server';
import { checkContent, storedContent } from '../common/content-check.js';
import { byWebsitePath } from '../common/website-paths.js';
import { redirectMovedPage } from '../redirects/redirect-rules.js';
import { SiteEntity } from './site.entity.js';
import { requireContentWrite } from '../common/content-access.js';

/** A site as the API answers it. */
export const siteDto = (e: SiteEntity): Site =>
  columnsDto(e, ['website', 'path', 'name', 'type', 'layout', 'isPublic', 'content']);

/** Sites: content editors write; visitors read public sites only. The content is checked against the site's layout. */
export const siteCrud = defineCrud(CRUD_RESOURCES.sites, SiteEntity, {
  ...byWebsitePath<SiteEntity>('path'),
  searchColumns: ['name', 'path'],
  publicScope: onlyPublic,
  applyFilters: equalFilters('website', 'type', 'isPublic'),
  authorize: requireContentWrite,
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
});
