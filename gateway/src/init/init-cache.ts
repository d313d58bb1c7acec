import { Injectable } from '@nestjs/common';
import type { Actor, ContentSnapshot, InitEntry, InitSnapshot, Site, Website } from '@shop/contracts';
import { FollowedCache, FollowedCaches, ServiceBus } from '@shop/server';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** A finished /api/init response in every encoding, with its validator. */
export interface InitBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer | null;
}

/**
 * The 14 URLs of the start-up batch, in the spec's order (backoffice-platform.md §7). The catalogue's entries come
 * from the catalogue service, sites, navigations, blocks and nodes from the content service for the requesting
 * host's website.
 */
export const INIT_URLS = [
  '/api/config',
  '/api/users/me',
  '/api/divisions',
  '/api/branches',
  '/api/menus',
  '/api/categories',
  '/api/products',
  '/api/tags',
  '/api/tables',
  '/api/sites',
  '/api/navigations',
  '/api/blocks',
  '/api/nodes',
  '/api/donatees',
] as const;

/** Both services' parts of one /api/init. */
export interface InitSnapshots {
  catalogue: InitSnapshot;
  content: ContentSnapshot;
}

export function initEntries({ catalogue: snapshot, content }: InitSnapshots, me: unknown): InitEntry[] {
  const byUrl: Record<(typeof INIT_URLS)[number], unknown> = {
    '/api/config': snapshot.config,
    '/api/users/me': me,
    '/api/divisions': snapshot.divisions,
    '/api/branches': snapshot.branches,
    '/api/menus': snapshot.menus,
    '/api/categories': snapshot.categories,
    '/api/products': snapshot.products,
    '/api/tags': snapshot.tags,
    '/api/tables': snapshot.tables,
    '/api/sites': content.sites,
    '/api/navigations': content.navigations,
    '/api/blocks': content.blocks,
    '/api/nodes': content.nodes,
    '/api/donatees': snapshot.donatees,
  };
  return INIT_URLS.map((url) => ({ url, data: byUrl[url] }));
}

function encode(entries: InitEntry[], withBrotli: boolean): InitBody {
  const identity = Buffer.from(JSON.stringify({ data: entries }));
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;
  return {
    etag,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: withBrotli
      ? brotliCompressSync(identity, {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
        })
      : null,
  };
}

/** A build kept by the cache: both services' snapshots, and for a visitor's the finished answer. */
interface Build {
  snapshots: InitSnapshots;
  body: InitBody | null;
}

/**
 * The anonymous /api/init response per website, built once per version and kept compressed; invalidated by catalogue
 * and content events (and at once by writes through this gateway). Concurrent requests share one build. Staff
 * responses embed users/me and non-public entities, so they are built per request from a staff snapshot cached per
 * website and set of rights (roles and branches): a branch's API key is in it only for administrators and that
 * branch's employees.
 */
@Injectable()
export class InitCache {
  /** by website (a visitor's build) or by website and rights (`website|roles|branches`: a staff snapshot) */
  private readonly builds: FollowedCache<string, Build>;

  constructor(
    private readonly bus: ServiceBus,
    caches: FollowedCaches,
  ) {
    this.builds = caches.create<string, Build>({
      follows: { catalogue: () => null, content: () => null },
      onStale: () => this.invalidate(),
    });
  }

  invalidate(): void {
    this.builds.clear();
  }

  private snapshots(website: Website, actor: Actor | null): Promise<InitSnapshots> {
    return Promise.all([
      this.bus.request('catalogue.init.snapshot', {}, actor),
      this.bus.request('content.init.snapshot', { website }, actor),
    ]).then(([catalogue, content]) => ({ catalogue, content }));
  }

  private async anonymousBuild(website: Website): Promise<Build & { body: InitBody }> {
    const build = await this.builds.get(website, async () => {
      const snapshots = await this.snapshots(website, null);
      return { snapshots, body: encode(initEntries(snapshots, null), true) };
    });
    return build as Build & { body: InitBody };
  }

  /**
   * The anonymous answer of the website when it is built and current, else undefined (no build is started: the
   * next request through the controller starts it).
   */
  peekAnonymous(website: Website): InitBody | undefined {
    return this.builds.peek(website)?.body ?? undefined;
  }

  async forAnonymous(website: Website): Promise<InitBody> {
    return (await this.anonymousBuild(website)).body;
  }

  /** What a visitor sees (public entities only), e.g. to answer a storefront page for an unknown branch with 404. */
  async anonymousSnapshot(website: Website = 'storefront'): Promise<InitSnapshot> {
    return (await this.anonymousBuild(website)).snapshots.catalogue;
  }

  /** The content a visitor of the website sees (public sites and nodes), e.g. to answer an unknown presenter page with 404. */
  async anonymousContent(website: Website): Promise<ContentSnapshot> {
    return (await this.anonymousBuild(website)).snapshots.content;
  }

  private async staffSnapshot(actor: Actor, website: Website): Promise<InitSnapshots> {
    const rights = `${website}|${[...actor.roles].sort().join()}|${[...actor.branches].sort((a, b) => a - b).join()}`;
    const build = await this.builds.get(rights, async () => ({
      snapshots: await this.snapshots(website, actor),
      body: null,
    }));
    return build.snapshots;
  }

  async forStaff(actor: Actor, website: Website): Promise<InitBody> {
    const [snapshots, me] = await Promise.all([
      this.staffSnapshot(actor, website),
      this.bus.request('identity.user.me', { id: actor.id }, actor),
    ]);
    return encode(initEntries(snapshots, me), false);
  }

  /**
   * A draft preview (`?vorschau=`, issue 18): what this viewer sees (a visitor's or the staff member's answer) with
   * the previewed site added, and nothing else that is not public. Built per request, never kept.
   */
  async withPreview(actor: Actor | null, website: Website, site: Site): Promise<InitBody> {
    const [snapshots, me] = await Promise.all([
      actor ? this.staffSnapshot(actor, website) : this.anonymousBuild(website).then((b) => b.snapshots),
      actor ? this.bus.request('identity.user.me', { id: actor.id }, actor) : null,
    ]);
    const sites = [...snapshots.content.sites.filter((s) => s.id !== site.id), site];
    return encode(initEntries({ ...snapshots, content: { ...snapshots.content, sites } }, me), false);
  }
}
