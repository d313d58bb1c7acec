import { Controller, Inject, Injectable } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CRUD_RESOURCES, type Site, WEBSITES } from '@shop/contracts';
import { CONFIG, DomainException, parseOrThrow, requireAccess, Rpc, type RpcMessage } from '@shop/server';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { ContentConfig } from '../config/content-config.js';
import { siteDto } from './site.crud.js';
import { SiteEntity } from './site.entity.js';

/** What a preview token says: this site of this website, until then (Unix seconds). */
const Claims = z.object({ s: z.number().int().positive(), w: z.enum(WEBSITES), e: z.number().int() });
type Claims = z.infer<typeof Claims>;

const TokenRequest = z.object({ id: z.number().int().positive() });
const PreviewRequest = z.object({ token: z.string().max(512), website: z.enum(WEBSITES) });

/**
 * Draft preview tokens (issue 18): `base64url(claims).base64url(HMAC-SHA256)`, bound to one site and its website and
 * valid for PREVIEW_TOKEN_TTL_SECONDS. The back office's 'Vorschau' opens the page with one, because the staff
 * session cookie belongs to the back office's host and the presenter's host would only show public pages. A valid
 * token shows that one site (public or not), nothing else: nodes and other sites stay as visitors see them.
 */
@Injectable()
export class SitePreviewTokens {
  private readonly key: Buffer;

  constructor(@Inject(CONFIG) private readonly config: ContentConfig) {
    this.key = config.PREVIEW_TOKEN_SECRET
      ? Buffer.from(config.PREVIEW_TOKEN_SECRET)
      : Buffer.from(hkdfSync('sha256', config.SERVICE_SECRET, 'content', 'site-preview-token', 32));
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  issue(site: Pick<SiteEntity, 'id' | 'website'>, now = Date.now()): { token: string; expiresAt: string } {
    const e = Math.floor(now / 1000) + this.config.PREVIEW_TOKEN_TTL_SECONDS;
    const body = Buffer.from(JSON.stringify({ s: site.id, w: site.website, e } satisfies Claims)).toString('base64url');
    return { token: `${body}.${this.sign(body)}`, expiresAt: new Date(e * 1000).toISOString() };
  }

  /** The claims of a well-signed, unexpired token; null for anything else (never an error: the page is a 404). */
  verify(token: string, now = Date.now()): Claims | null {
    const [body, mac, ...rest] = token.split('.');
    if (!body || !mac || rest.length) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const parsed = Claims.safeParse(claims);
    return parsed.success && parsed.data.e * 1000 > now ? parsed.data : null;
  }
}

@Controller()
export class SitePreviewController {
  constructor(
    private readonly tokens: SitePreviewTokens,
    private readonly ds: DataSource,
  ) {}

  /** staff who may edit sites (the sites' write permission) */
  @Rpc('content.site.preview-token')
  async token(@Payload() m: RpcMessage<'content.site.preview-token'>) {
    requireAccess(m.actor, 'staff');
    const { id } = parseOrThrow(TokenRequest, m.payload);
    const site = await this.ds.getRepository(SiteEntity).findOneBy({ id });
    if (!site) throw DomainException.notFound(CRUD_RESOURCES.sites.label);
    return { ...this.tokens.issue(site), website: site.website, path: site.path };
  }

  @Rpc('content.site.preview')
  async preview(@Payload() m: RpcMessage<'content.site.preview'>): Promise<Site | null> {
    const { token, website } = parseOrThrow(PreviewRequest, m.payload);
    const claims = this.tokens.verify(token);
    if (!claims || claims.w !== website) return null;
    const site = await this.ds.getRepository(SiteEntity).findOneBy({ id: claims.s, website });
    return site ? siteDto(site) : null;
  }
}
