import type { FastifyReply } from 'fastify';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import { readFile } from 'node:fs/promises';
import { DomainException } from '@shop/server';
import { InlinedPageCache, type PageHead, type ManifestChunk } from './inline-init.js';

/** Replaces one directive of the policy the security headers set for every answer (see security-headers.ts). */
export function relaxCsp(reply: FastifyReply, directive: string, replacement: string) {
  const policy = reply.getHeader('content-security-policy');
  if (typeof policy === 'string') reply.header('content-security-policy', policy.replace(directive, replacement));
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

const NOT_BUILT = (app: string) => `<!doctype html><html lang="de"><meta charset="utf-8"><title>Nicht gebaut</title>
<p>The ${app} web app is not built yet: run <code>npm start</code> (or <code>npx nx run @shop/web-${app}:build</code>).</p></html>`;

/** One built web app of the gateway's origin: its index.html (with the inlined start-up batch) and its assets. */
export class WebApp {
  private indexHtml: Buffer | null = null;
  private readonly inlined: InlinedPageCache;
  /** `headHtml`: what the gateway adds to the head of index.html (the map style's meta, see web-apps.ts) */
  constructor(
    readonly name: string,
    readonly root: string,
    private readonly cacheIndex: boolean,
    private readonly headHtml = '',
  ) {
    this.inlined = new InlinedPageCache(root);
  }

  /** In production read once (a new build comes with a restart); otherwise on every load, so a rebuild shows at once. */
  index(): Buffer | null {
    if (this.indexHtml && this.cacheIndex) return this.indexHtml;
    const file = resolve(this.root, 'index.html');
    const html = existsSync(file) ? readFileSync(file) : null;
    this.indexHtml =
      html && this.headHtml
        ? Buffer.from(html.toString('utf8').replace('</head>', () => `${this.headHtml}</head>`))
        : html;
    return this.indexHtml;
  }

  /** `headers` replace the defaults (a draft preview's no-store) */
  sendIndex(reply: FastifyReply, status: number = 200, headers: Record<string, string> = {}) {
    const html = this.index();
    reply.code(status).header('content-type', TYPES['.html']).header('cache-control', 'no-cache').headers(headers);
    return reply.send(html ?? NOT_BUILT(this.name));
  }

  /**
   * index.html with the visitor's start-up data in it and the modulepreloads of the path's page chunk (see
   * inline-init.ts), compressed as the browser accepts.
   */
  sendIndexWithInit(
    reply: FastifyReply,
    status: number,
    init: { etag: string; identity: Buffer },
    head: (manifest: Record<string, ManifestChunk>) => PageHead,
  ) {
    const index = this.index();
    const page = index && this.inlined.get(index, init, head);
    if (!page) return this.sendIndex(reply, status);
    const accepted = String(reply.request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
    reply.code(status).header('content-type', TYPES['.html']).header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding, cookie');
    // a rendered page's loader, by its hash: every other inline script stays refused
    if (page.scriptSource) relaxCsp(reply, "script-src 'self'", `script-src 'self' ${page.scriptSource}`);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  }

  async sendAsset(reply: FastifyReply, relative: string) {
    const file = resolve(this.root, relative);
    // a directory (GET /build/assets) is no asset: 404 like a missing file, never an EISDIR 500; nor are the build's
    // hidden files (.vite's manifest, the presenter's server bundle in .server)
    const hidden = relative.split('/').some((part) => part.startsWith('.'));
    if (hidden || !file.startsWith(this.root + sep) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      throw DomainException.notFound();
    // the storefront build ships brotli copies next to its assets (web/storefront/vite.config.ts)
    const br = /\bbr\b/.test(String(reply.request.headers['accept-encoding'] ?? '')) && existsSync(`${file}.br`);
    const body = await readFile(br ? `${file}.br` : file);
    if (br) reply.header('content-encoding', 'br');
    reply.header('vary', 'accept-encoding');
    const immutable = relative.startsWith('assets/');
    reply.header('content-type', TYPES[extname(file)] ?? 'application/octet-stream');
    reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (relative === 'service-worker.js') reply.header('service-worker-allowed', '/');
    return reply.send(body);
  }
}
