import { z } from 'zod';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';
import { Identifier } from '../catalogue/common.schema.js';
import {
  BLOCK_TYPES,
  NODE_TYPES,
  SITE_LAYOUTS,
  SITE_TYPES,
  type BlockType,
  type NodeType,
  type SiteLayout,
} from './layout.js';
import { isProtectedRedirectSource, redirectTargetProblem, unsafeLinkScheme } from './link-safety.js';

/**
 * The two websites of the platform (issue 16 "Two websites, one platform"): the storefront's host and the
 * presenter's (PRESENTER_HOSTS). Sites, navigations and redirects belong to one; blocks and nodes are shared.
 */
export const WEBSITES = ['storefront', 'presenter'] as const;
export type Website = (typeof WEBSITES)[number];

/** A page path: `/`, `/kontakt`, `/projekte/haus-am-see` (lowercase slugs; no trailing slash, no `..`). */
export const SitePath = z
  .string()
  .trim()
  .max(255)
  .regex(/^\/$|^(\/[a-z0-9]+(?:[-_.][a-z0-9]+)*)+$/, { error: 'content.path' });

/** The content of a site, node or block: checked against its layout definition by the content service. */
const Content = z.record(z.string(), z.unknown()).default({});

/** storefront-presenter.md §3 "Site page: id, path, name, type, isPublic, content (site_data group …)". */
export const SiteInput = z.object({
  website: z.enum(WEBSITES).default('storefront'),
  path: SitePath,
  name: z.string().trim().min(1).max(255),
  type: z.enum(SITE_TYPES).default('default'),
  /** which of the type's layouts the editor used (two share the type 'default') */
  layout: z.enum(Object.keys(SITE_LAYOUTS) as [SiteLayout, ...SiteLayout[]]).default('simple'),
  isPublic: z.boolean().default(false),
  content: Content,
});
export type SiteInput = z.input<typeof SiteInput>;
export interface Site extends EntityMeta, Omit<z.output<typeof SiteInput>, 'content'> {
  content: Record<string, unknown>;
}

/** §3 "Content node: id, type, isPublic, createdAt, content (name plus type-specific fields)". */
export const ContentNodeInput = z.object({
  identifier: Identifier.nullable().default(null),
  type: z.enum(NODE_TYPES),
  isPublic: z.boolean().default(false),
  content: Content,
});
export type ContentNodeInput = z.input<typeof ContentNodeInput>;
export interface ContentNode extends EntityMeta {
  identifier: string | null;
  type: NodeType;
  isPublic: boolean;
  content: Record<string, unknown>;
}

/** A reusable block by identifier (§3 lookups), of one of the block types, with that type's fields. */
export const BlockInput = z.object({
  identifier: Identifier,
  type: z.enum(Object.keys(BLOCK_TYPES) as [BlockType, ...BlockType[]]),
  isPublic: z.boolean().default(true),
  content: Content,
});
export type BlockInput = z.input<typeof BlockInput>;
export interface Block extends EntityMeta {
  identifier: string;
  type: BlockType;
  isPublic: boolean;
  content: Record<string, unknown>;
}

export const NAVIGATION_ITEM_TYPES = ['home', 'site', 'branch', 'link'] as const;
export type NavigationItemType = (typeof NAVIGATION_ITEM_TYPES)[number];
export interface NavigationItem {
  type: NavigationItemType;
  label: string;
  /** the site's or branch's id; the URL of a link; unused for home */
  target: number | string | null;
  suffix: string;
  isEnabled: boolean;
  children: NavigationItem[];
}
export const NavigationItemInput = z
  .object({
    type: z.enum(NAVIGATION_ITEM_TYPES),
    label: z.string().trim().max(255).default(''),
    target: z
      .union([z.number().int().positive(), z.string().trim().max(2048)])
      .nullable()
      .default(null),
    suffix: z.string().trim().max(255).default(''),
    isEnabled: z.boolean().default(true),
    get children(): z.ZodDefault<z.ZodArray<typeof NavigationItemInput>> {
      return z.array(NavigationItemInput).max(100).default([]);
    },
  })
  .meta({ id: 'NavigationItemInput' });

/** §2.9 "target (id for site and branch, URL for link)" */
const targetFits = (item: { type: NavigationItemType; target: number | string | null }) =>
  item.type === 'home' ||
  ((item.type === 'site' || item.type === 'branch') && typeof item.target === 'number') ||
  (item.type === 'link' && typeof item.target === 'string' && /^(https?:\/\/|\/|mailto:|tel:)/.test(item.target));

/** §2.9 "Navigation items: types home, site, branch, link … children nest recursively". */
export const NavigationInput = z
  .object({
    website: z.enum(WEBSITES).default('storefront'),
    identifier: Identifier,
    items: z.array(NavigationItemInput).max(100).default([]),
  })
  .superRefine((nav, ctx) => {
    const walk = (items: NavigationItem[], path: Array<string | number>) =>
      items.forEach((item, i) => {
        if (typeof item.target === 'string' && unsafeLinkScheme(item.target))
          ctx.addIssue({ code: 'custom', path: [...path, i, 'target'], message: 'content.unsafeLink' });
        else if (!targetFits(item))
          ctx.addIssue({ code: 'custom', path: [...path, i, 'target'], message: 'validation.invalid' });
        walk(item.children, [...path, i, 'children']);
      });
    walk(nav.items, ['items']);
  });
export type NavigationInput = z.input<typeof NavigationInput>;
export interface Navigation extends EntityMeta {
  website: Website;
  identifier: string;
  items: NavigationItem[];
}

/**
 * A redirect by source path (§3 lookups "by path for … redirects"): a 301 or 302 to a path or a URL. Issue 42: the
 * start page, checkout and order status are never a source, and the target is a path of this website or an http(s)
 * URL (no `//host`, `\\host`, `javascript:`); its host must be allowed (REDIRECT_ALLOWED_HOSTS, the content service).
 */
export const RedirectInput = z.object({
  website: z.enum(WEBSITES).default('storefront'),
  source: SitePath.refine((path) => !isProtectedRedirectSource(path), { error: 'content.redirectSourceProtected' }),
  target: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .refine((target) => !redirectTargetProblem(target), { error: 'content.redirectTargetUnsafe' }),
  status: z.union([z.literal(301), z.literal(302)]).default(301),
});
export type RedirectInput = z.input<typeof RedirectInput>;
export interface Redirect extends EntityMeta {
  website: Website;
  source: string;
  target: string;
  status: 301 | 302;
  /**
   * Only in the answer of a create or update: the sources of the redirects that led to this one's source and now
   * lead to its target directly (no chain of two hops remains).
   */
  shortened?: string[];
}

/** GET /api/backoffice/websites (staff): the hosts of the presenter (PRESENTER_HOSTS), for the back office's preview. */
export interface BackofficeWebsites {
  presenterHosts: string[];
}

/**
 * Draft preview (issue 18): the query parameter that carries a site's preview token on its page
 * (`<host><path>?vorschau=<token>`) and on the content request (`GET /api/init?vorschau=<token>`).
 */
export const PREVIEW_QUERY = 'vorschau';

/** POST /api/sites/{id}/preview (staff): a signed, short-lived link that shows this one site, also when not public. */
export interface SitePreviewLink {
  token: string;
  /** the page on its website's host with the token (`?vorschau=`) */
  url: string;
  /** ISO time after which the token shows nothing */
  expiresAt: string;
}
