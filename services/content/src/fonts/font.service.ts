import { Inject, Injectable } from '@nestjs/common';
import { FontFamily, FontVariant, type FontFamilyInfo } from '@shop/contracts';
import { CONFIG, DomainException, LOGGER } from '@shop/server';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import type { Logger } from 'pino';
import type { ContentConfig } from '../config/content-config.js';

/** Font files are small; anything bigger is not a font file. */
const MAX_FONT_BYTES = 2 * 1024 * 1024;
const MAX_FILES_PER_CSS = 64;
const FETCH_TIMEOUT_MS = 10_000;
const FONT_EXTENSIONS = new Set(['.woff2', '.woff', '.ttf', '.otf']);
/** Google answers woff2 (the smallest format) to a current browser's user agent. */
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/**
 * Fonts without a font CDN on the page (issue 16; German courts fined sites that embed Google Fonts from Google): a
 * family's CSS is fetched once from FONTS_UPSTREAM_URL, every font file it names is downloaded from an allowed host
 * and stored under FILES_DIR/font/files/, and the CSS is kept with its url()s pointing at /font/…, so a visitor's
 * browser only ever talks to this server. Family and variant are checked against allow-list patterns and the
 * upstream is fixed by config, so the route fetches nothing else. A family whose npm package is installed
 * (`@fontsource/<family>` in FONTS_PACKAGES_DIR, issue 43) comes from its files instead: no request leaves the server.
 */
@Injectable()
export class FontService {
  private readonly root: string;
  private readonly fileHosts: Set<string>;
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    @Inject(CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.root = resolve(config.FILES_DIR, 'font');
    this.fileHosts = new Set(
      config.FONTS_FILE_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    );
  }

  /**
   * The families on offer (FONT_FAMILIES) and those fetched to this server through the embed route, each with the
   * variants whose CSS and files are stored here (`stored`), so the back office shows what a fetch brought.
   */
  async families(): Promise<FontFamilyInfo[]> {
    const offered = this.config.FONT_FAMILIES.split(';')
      .map((entry) => {
        const [family = '', variants = 'regular'] = entry.split(':');
        return { family: family.trim(), variants: variants.split('|').filter((v) => FontVariant.safeParse(v).success) };
      })
      .filter(({ family }) => FontFamily.safeParse(family).success);
    const stored = await this.storedVariants();
    const list: FontFamilyInfo[] = offered.map((f) => ({ ...f, stored: stored.get(f.family) ?? [] }));
    for (const [family, variants] of stored)
      if (!offered.some((f) => f.family === family)) list.push({ family, variants, stored: variants });
    return list;
  }

  /** family → variants of the CSS files stored under FILES_DIR/font/css (the family as the CSS declares it). */
  private async storedVariants(): Promise<Map<string, string[]>> {
    const dir = join(this.root, 'css');
    const names = await readdir(dir).catch(() => [] as string[]);
    const byFamily = new Map<string, string[]>();
    for (const name of names.filter((n) => n.endsWith('.css')).sort()) {
      const variant = /-([a-z0-9]+)\.css$/.exec(name)?.[1] ?? '';
      const css = await readFile(join(dir, name), 'utf8').catch(() => '');
      const family = /font-family:\s*['"]?([^;'"]+?)['"]?\s*;/.exec(css)?.[1]?.trim() ?? '';
      if (!FontVariant.safeParse(variant).success || !FontFamily.safeParse(family).success) continue;
      byFamily.set(family, [...(byFamily.get(family) ?? []), variant]);
    }
    return byFamily;
  }

  /**
   * The stored font file of a family's variant (the first the CSS names), for rendering text on the server (image
   * templates); fetched from upstream once, like the CSS.
   */
  async fontFile(family: string, variant: string): Promise<string> {
    const css = await this.embed(family, variant);
    const name = /url\(\s*['"]?\/font\/([0-9a-f]{32}\.(?:woff2|woff|ttf|otf))/.exec(css)?.[1];
    if (!name) throw this.unavailable(`no font file for ${family} ${variant}`);
    return join(this.root, 'files', name);
  }

  /** The family's CSS for one variant, every url() served by this server; fetched from upstream once. */
  async embed(family: string, variant: string): Promise<string> {
    if (!FontFamily.safeParse(family).success || !FontVariant.safeParse(variant).success)
      throw DomainException.notFound();
    const key = `${family.toLowerCase().replaceAll(' ', '-')}-${variant}`;
    const cached = join(this.root, 'css', `${key}.css`);
    const stored = await readFile(cached, 'utf8').catch(() => null);
    if (stored !== null) return stored;
    let running = this.pending.get(key);
    if (!running) {
      running = this.fromPackage(family, variant, cached)
        .then((css) => css ?? this.fetchAndStore(family, variant, cached))
        .finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  /**
   * The variant from the family's npm package (FONTS_PACKAGES_DIR/<family as kebab case>, Fontsource's layout:
   * files/<name>-latin-<weight>-<normal|italic>.woff2, the Latin subset with the German letters), stored and described
   * like a fetched one; null when the package or the file is not there (then the upstream is asked).
   */
  private async fromPackage(family: string, variant: string, cached: string): Promise<string | null> {
    const name = family.toLowerCase().replaceAll(' ', '-');
    const style = variant === 'italic' || variant.endsWith('italic') ? 'italic' : 'normal';
    const weight = /^\d+/.exec(variant)?.[0] ?? '400';
    const file = resolve(this.config.FONTS_PACKAGES_DIR, name, 'files', `${name}-latin-${weight}-${style}.woff2`);
    const bytes = await readFile(file).catch(() => null);
    if (!bytes || bytes.length === 0 || bytes.length > MAX_FONT_BYTES) return null;
    const stored = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.woff2`;
    await this.writeAtomically(join(this.root, 'files', stored), bytes);
    const css = `@font-face {\n  font-family: '${family}';\n  font-style: ${style};\n  font-weight: ${weight};\n  font-display: swap;\n  src: url(/font/${stored}) format('woff2');\n}\n`;
    await this.writeAtomically(cached, css);
    return css;
  }

  private async fetchAndStore(family: string, variant: string, cached: string): Promise<string> {
    const italic = variant === 'italic' || variant.endsWith('italic') ? 1 : 0;
    const weight = /^\d+/.exec(variant)?.[0] ?? '400';
    const url = new URL('/css2', this.config.FONTS_UPSTREAM_URL);
    url.searchParams.set('family', `${family}:ital,wght@${italic},${weight}`);
    url.searchParams.set('display', 'swap');
    const res = await this.fetch(url);
    if (res.status === 400 || res.status === 404) throw DomainException.notFound();
    if (!res.ok) throw this.unavailable(`font CSS upstream answered ${res.status}`);
    let css = await res.text();
    const urls = [...new Set([...css.matchAll(/url\(\s*['"]?([^'")\s]+)['"]?\s*\)/g)].map((m) => m[1] ?? ''))];
    if (urls.length > MAX_FILES_PER_CSS) throw this.unavailable('font CSS names too many files');
    for (const fileUrl of urls) css = css.replaceAll(fileUrl, await this.storeFile(fileUrl));
    await this.writeAtomically(cached, css);
    return css;
  }

  /** Downloads one font file from an allowed host and answers its local address. */
  private async storeFile(raw: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw this.unavailable(`font CSS names an unusable address`);
    }
    const ext = extname(url.pathname).toLowerCase();
    if (!/^https?:$/.test(url.protocol) || !this.fileHosts.has(url.host.toLowerCase()) || !FONT_EXTENSIONS.has(ext))
      throw this.unavailable(`font file from a host or of a type not allowed: ${url.host}${url.pathname}`);
    const res = await this.fetch(url);
    if (!res.ok) throw this.unavailable(`font file upstream answered ${res.status}`);
    const bytes = Buffer.from(await res.arrayBuffer());
    if (bytes.length === 0 || bytes.length > MAX_FONT_BYTES) throw this.unavailable('font file empty or too large');
    const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}${ext}`;
    await this.writeAtomically(join(this.root, 'files', name), bytes);
    return `/font/${name}`;
  }

  private async fetch(url: URL): Promise<Response> {
    try {
      return await fetch(url, {
        headers: { 'user-agent': USER_AGENT },
        redirect: 'error',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch (err) {
      throw this.unavailable('font upstream unreachable', err);
    }
  }

  private async writeAtomically(file: string, data: string | Buffer): Promise<void> {
    await mkdir(resolve(file, '..'), { recursive: true });
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  private unavailable(reason: string, err?: unknown): DomainException {
    this.logger.warn({ err, reason }, 'font embedding failed');
    return DomainException.of('SERVICE_UNAVAILABLE', 'content.fontsUnavailable');
  }
}
