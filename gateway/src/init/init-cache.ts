import { Injectable } from '@nestjs/common';
import type { Actor, InitEntry, InitSnapshot } from '@shop/contracts';
import { ServiceBus } from '@shop/server';
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
 * The 14 URLs of the start-up batch, in the spec's order (backoffice-platform.md §7). sites, navigations,
 * blocks and nodes belong to the content service, which does not exist yet: they are empty lists until it does.
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

export function initEntries(snapshot: InitSnapshot, me: unknown): InitEntry[] {
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
    '/api/sites': [],
    '/api/navigations': [],
    '/api/blocks': [],
    '/api/nodes': [],
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

/**
 * The anonymous /api/init response, built once per catalogue version and kept compressed; invalidated by
 * catalogue events (and at once by writes through this gateway). Concurrent requests share one build.
 * Staff responses embed users/me and non-public entities, so they are built per request from a staff snapshot
 * cached per set of rights (roles and branches): a branch's API key is in it only for administrators and that
 * branch's employees.
 */
@Injectable()
export class InitCache {
  private anonymous: Promise<{ snapshot: InitSnapshot; body: InitBody }> | null = null;
  private readonly staffSnapshots = new Map<string, Promise<InitSnapshot>>();

  constructor(private readonly bus: ServiceBus) {}

  invalidate(): void {
    this.anonymous = null;
    this.staffSnapshots.clear();
  }

  private anonymousBuild() {
    if (!this.anonymous) {
      const build = this.bus
        .request('catalogue.init.snapshot', {}, null)
        .then((snapshot) => ({ snapshot, body: encode(initEntries(snapshot, null), true) }));
      build.catch(() => this.anonymous === build && (this.anonymous = null));
      this.anonymous = build;
    }
    return this.anonymous;
  }

  async forAnonymous(): Promise<InitBody> {
    return (await this.anonymousBuild()).body;
  }

  /** What a visitor sees (public entities only), e.g. to answer a storefront page for an unknown branch with 404. */
  async anonymousSnapshot(): Promise<InitSnapshot> {
    return (await this.anonymousBuild()).snapshot;
  }

  async forStaff(actor: Actor): Promise<InitBody> {
    const rights = `${[...actor.roles].sort().join()}|${[...actor.branches].sort((a, b) => a - b).join()}`;
    let build = this.staffSnapshots.get(rights);
    if (!build) {
      const started = this.bus.request('catalogue.init.snapshot', {}, actor);
      started.catch(() => this.staffSnapshots.get(rights) === started && this.staffSnapshots.delete(rights));
      this.staffSnapshots.set(rights, (build = started));
    }
    const [snapshot, me] = await Promise.all([build, this.bus.request('identity.user.me', { id: actor.id }, actor)]);
    return encode(initEntries(snapshot, me), false);
  }
}
