/**
 * The real-estate presenter's page resolution and breadcrumbs (storefront-presenter.md §2.1 route table, §2.9
 * breadcrumbs, §7 file links, §9 slugs). The web app renders with them and the gateway answers a path no page
 * matches with status 404 from the same function, so both agree on what exists.
 */
import { IMAGE_WIDTHS, type ImageSize } from '../constants.js';
import { text } from '../texts.js';
import { slugify } from '../format/text.js';
import { imageUrl, type StoredFile } from './layout.js';

/** The structural subset of sites and nodes these rules read (the contracts' Site and ContentNode fit). */
export interface PresenterSiteLike {
  id: number;
  path: string;
  name: string;
  type: string;
  isPublic: boolean;
  content: Record<string, unknown>;
}
export interface PresenterNodeLike {
  id: number;
  type: string;
  isPublic: boolean;
  content: Record<string, unknown>;
}
export interface PresenterData<
  S extends PresenterSiteLike = PresenterSiteLike,
  N extends PresenterNodeLike = PresenterNodeLike,
> {
  sites: readonly S[];
  nodes: readonly N[];
}

export type PresenterPage<
  S extends PresenterSiteLike = PresenterSiteLike,
  N extends PresenterNodeLike = PresenterNodeLike,
> =
  | { kind: 'site'; site: S }
  | { kind: 'project'; node: N }
  | { kind: 'object'; node: N; project: N | null }
  | { kind: 'reference'; node: N };

/** The reference id of a reference value (`{ id, type }`), a bare id, or a collection entry holding one. */
export function referenceId(value: unknown, key?: string): number | null {
  const inner = key && value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : value;
  if (typeof inner === 'number') return inner;
  if (inner && typeof inner === 'object' && typeof (inner as { id?: unknown }).id === 'number')
    return (inner as { id: number }).id;
  return null;
}

const nameOf = (node: PresenterNodeLike) => (typeof node.content.name === 'string' ? node.content.name : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** §2.9 "The owning project is the public project node whose objects list includes the current site's id." */
export function owningProject<N extends PresenterNodeLike>(nodes: readonly N[], objectId: number): N | null {
  const projects = nodes.filter((n) => n.type === 'project' && n.isPublic);
  const listed = projects.find((p) => list(p.content.objects).some((o) => referenceId(o, 'object') === objectId));
  if (listed) return listed;
  // the object's own projects field points the other way (§3 "object: … projects (references to project nodes)")
  const object = nodes.find((n) => n.id === objectId);
  const ids = list(object?.content.projects).map((r) => referenceId(r, 'project'));
  return projects.find((p) => ids.includes(p.id)) ?? null;
}

/** §2.1 "An object's project parameter is the slug of the project that lists it, or the word 'undefined'". */
export function objectPath(nodes: readonly PresenterNodeLike[], object: PresenterNodeLike): string {
  const project = owningProject(nodes, object.id);
  return `/projekte/${project ? slugify(nameOf(project)) : 'undefined'}/${slugify(nameOf(object))}`;
}
export const projectPath = (project: PresenterNodeLike) => `/projekte/${slugify(nameOf(project))}`;
export const referencePath = (reference: PresenterNodeLike) => `/referenzen/${slugify(nameOf(reference))}`;

/** The page of a node (project, object, reference), or null for a form. */
export function nodePath(nodes: readonly PresenterNodeLike[], node: PresenterNodeLike): string | null {
  if (node.type === 'project') return projectPath(node);
  if (node.type === 'object') return objectPath(nodes, node);
  if (node.type === 'reference') return referencePath(node);
  return null;
}

const trimPath = (path: string) => {
  let p = path.split(/[?#]/)[0] ?? '/';
  try {
    p = decodeURIComponent(p);
  } catch {
    // a malformed escape is just a path no page has
  }
  return p.replace(/\/+$/, '') || '/';
};

function publicNode<N extends PresenterNodeLike>(nodes: readonly N[], type: string, slug: string): N | undefined {
  return nodes.find((n) => n.type === type && n.isPublic && slugify(nameOf(n)) === slug);
}

/**
 * §2.1: `projekte/{project}` and `projekte/{project}/{object}` match only public project and object nodes by the
 * slug of their name, `referenzen/{reference}` public reference nodes; any other path is a site page by its path.
 * `includeDrafts` (staff) also finds sites that are not public; nodes stay public-only (§6). Null: the 404 page.
 */
export function resolvePresenterPage<S extends PresenterSiteLike, N extends PresenterNodeLike>(
  rawPath: string,
  data: PresenterData<S, N>,
  includeDrafts = false,
): PresenterPage<S, N> | null {
  const path = trimPath(rawPath);
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'projekte' && segments.length === 2) {
    const node = publicNode(data.nodes, 'project', segments[1]);
    if (node) return { kind: 'project', node };
  }
  if (segments[0] === 'projekte' && segments.length === 3) {
    const node = publicNode(data.nodes, 'object', segments[2]);
    if (node) {
      const project = owningProject(data.nodes, node.id);
      const expected = project ? slugify(nameOf(project)) : 'undefined';
      if (expected === segments[1]) return { kind: 'object', node, project };
    }
  }
  if (segments[0] === 'referenzen' && segments.length === 2) {
    const node = publicNode(data.nodes, 'reference', segments[1]);
    if (node) return { kind: 'reference', node };
  }
  const site = data.sites.find((s) => s.path === path && (s.isPublic || includeDrafts));
  return site ? { kind: 'site', site } : null;
}

/**
 * The site types the presenter has a page for (§3 site types 'default' and 'home'). A site of any other type shows
 * the 500 page (§2.1 "A page whose type is not configured shows a 500 page"), and the gateway answers it with 500.
 */
export const PRESENTER_PAGE_TYPES: readonly string[] = ['default', 'home'];

/** The HTTP status of a presenter path: 404 without a page, 500 for a site of an unconfigured type. */
export function presenterPageStatus(path: string, data: PresenterData, includeDrafts = false): 200 | 404 | 500 {
  const page = resolvePresenterPage(path, data, includeDrafts);
  if (!page) return 404;
  return page.kind === 'site' && !PRESENTER_PAGE_TYPES.includes(page.site.type) ? 500 : 200;
}

export interface Crumb {
  label: string;
  /** null: the current page (not a link) */
  to: string | null;
}

function siteName(site: PresenterSiteLike | undefined): string {
  if (!site) return '';
  const content = site.content as { name?: unknown };
  return (typeof content.name === 'string' && content.name) || site.name;
}

/**
 * §2.9 breadcrumbs (not on the start page): 'Startseite' → '/'; with a project or object parameter 'Aktuelle
 * Projekte' (/aktuelle-projekte); with an object parameter and a findable owning project a link to it labelled with
 * its name (fallback 'Projekt'); with a reference parameter 'Referenzen' (/referenzen). The last crumb is the
 * current page's name: the site registered at the path, else the content's name, else the site's name.
 */
export function breadcrumbs(rawPath: string, page: PresenterPage, data: PresenterData): Crumb[] {
  const path = trimPath(rawPath);
  if (path === '/' || (page.kind === 'site' && page.site.type === 'home')) return [];
  const crumbs: Crumb[] = [{ label: text('breadcrumbHome'), to: '/' }];
  if (page.kind === 'project' || page.kind === 'object')
    crumbs.push({ label: text('breadcrumbProjects'), to: '/aktuelle-projekte' });
  if (page.kind === 'object' && page.project)
    crumbs.push({ label: nameOf(page.project) || text('fallbackProjectLabel'), to: projectPath(page.project) });
  if (page.kind === 'reference') crumbs.push({ label: text('breadcrumbReferences'), to: '/referenzen' });
  const registered = data.sites.find((s) => s.path === path);
  const current = page.kind === 'site' ? siteName(page.site) : siteName(registered) || nameOf(page.node) || '';
  crumbs.push({ label: current, to: null });
  return crumbs;
}

/** §9 "Image widths: icon 64 … large 1920": the `srcset` of the six sizes. */
export function imageSrcSet(image: StoredFile): string {
  return (Object.keys(IMAGE_WIDTHS) as ImageSize[])
    .map((size) => `${imageUrl(image, size)} ${IMAGE_WIDTHS[size]}w`)
    .join(', ');
}

/** A stored image or file value of the content (§3 "file (id, version, extension, publicHash); image (…, alt)"). */
export function isFileRef(value: unknown): value is StoredFile & { publicHash?: string; alt?: string } {
  const v = value as { id?: unknown; version?: unknown; extension?: unknown } | null;
  return (
    !!v &&
    typeof v === 'object' &&
    typeof v.id === 'number' &&
    typeof v.version === 'number' &&
    typeof v.extension === 'string'
  );
}
