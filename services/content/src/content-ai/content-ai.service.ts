import { Inject, Injectable } from '@nestjs/common';
import { CRUD_RESOURCES, type Image, SITE_LAYOUTS } from '@shop/contracts';
import { layoutJsonSchema, validateContent } from '@shop/domain';
import { CONTENT_AI_PROMPTS, format } from '@shop/i18n-de';
import { CONFIG, DomainException, LOGGER, sanitizeRichText, ServiceBus } from '@shop/server';
import type { Logger } from 'pino';
import { DataSource, In } from 'typeorm';
import type { ContentConfig } from '../config/content-config.js';
import { ImageService } from '../images/image.service.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { SiteEntity } from '../sites/site.entity.js';
import type { ImageGenerationInput, SiteGenerationInput } from './ai-generation.entity.js';

const ATTEMPTS = 2;

/** The configured endpoint (`…/v1`), or the German 503 when there is none. */
export function aiEndpoint(config: Pick<ContentConfig, 'CONTENT_AI_URL'>): string {
  if (!config.CONTENT_AI_URL) throw DomainException.of('SERVICE_UNAVAILABLE', 'content.aiUnavailable');
  return config.CONTENT_AI_URL.replace(/\/$/, '');
}

/**
 * Content AI (issue 16) through an OpenAI-compatible endpoint (CONTENT_AI_URL, key and models in the config).
 * A site's draft is asked for as structured output in the JSON Schema of the site's layout, grounded in the shop's
 * public data and the project and object nodes the site refers to; an answer that does not validate against the
 * layout is asked for once more with its errors, then the editor gets a German error. Nothing is saved: the editor
 * reviews the draft and saves it. A generated picture is stored as an image. Both run in the `content-ai` job
 * (ContentAiProcessor), never while a request waits; `signal` ends every call when the generation's time is up.
 */
@Injectable()
export class ContentAiService {
  constructor(
    private readonly ds: DataSource,
    private readonly bus: ServiceBus,
    private readonly images: ImageService,
    @Inject(CONFIG) private readonly config: ContentConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async draftSite({ siteId, prompt }: SiteGenerationInput, signal: AbortSignal): Promise<Record<string, unknown>> {
    const site = await this.ds.getRepository(SiteEntity).findOneBy({ id: siteId });
    if (!site) throw DomainException.notFound(CRUD_RESOURCES.sites.label);
    const endpoint = aiEndpoint(this.config);
    const layout = SITE_LAYOUTS[site.layout];
    const grounding = await this.grounding(site);
    const messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }> = [
      {
        role: 'system',
        content: CONTENT_AI_PROMPTS.siteSystem,
      },
      {
        role: 'user',
        content: JSON.stringify({
          auftrag: prompt || format(CONTENT_AI_PROMPTS.siteTask, { site: site.name }),
          daten: grounding,
        }),
      },
    ];
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const answer = await this.chat(endpoint, messages, layoutJsonSchema(layout.fields), signal);
      const check = answer ? validateContent(layout.fields, answer, sanitizeRichText) : null;
      if (check && check.errors.length === 0) return check.value;
      this.logger.warn({ siteId, attempt, errors: check?.errors }, 'content AI answer did not fit the layout');
      messages.push(
        { role: 'assistant', content: JSON.stringify(answer) },
        {
          role: 'user',
          content: format(CONTENT_AI_PROMPTS.siteRetry, {
            errors: JSON.stringify(check?.errors ?? CONTENT_AI_PROMPTS.noJson),
          }),
        },
      );
    }
    throw DomainException.of('SERVICE_UNAVAILABLE', 'content.aiFailed');
  }

  async generateImage(input: ImageGenerationInput, signal: AbortSignal): Promise<Image> {
    const endpoint = aiEndpoint(this.config);
    const res = await this.post(
      endpoint,
      '/images/generations',
      {
        model: this.config.CONTENT_AI_IMAGE_MODEL,
        prompt: input.prompt,
        n: 1,
        size: '1024x1024',
        response_format: 'b64_json',
      },
      signal,
    );
    const b64 = (res as { data?: Array<{ b64_json?: string }> }).data?.[0]?.b64_json;
    if (!b64) throw this.failed('image answer without b64_json');
    return this.images
      .storeGenerated(Buffer.from(b64, 'base64'), { name: input.name || input.prompt.slice(0, 255), alt: input.alt })
      .catch((err: unknown) => {
        throw this.failed('generated image could not be stored', err);
      });
  }

  /** The shop's public data and the nodes the site refers to: all the model may state as fact. */
  private async grounding(site: SiteEntity) {
    const init = await this.bus.request('catalogue.init.snapshot', {}, null);
    const referenced = validateContent(SITE_LAYOUTS[site.layout].fields, site.content, (h) => h).references;
    const nodeIds = referenced.filter((r) => r.type === 'node').map((r) => r.id);
    const nodes = nodeIds.length ? await this.ds.getRepository(NodeEntity).findBy({ id: In(nodeIds) }) : [];
    return {
      seite: { name: site.name, pfad: site.path, inhalt: site.content },
      shop: init.config && {
        name: init.config.shopName,
        adresse: [init.config.street, init.config.zipCode, init.config.city].filter(Boolean).join(', '),
        telefon: init.config.phone,
        email: init.config.email,
        beschreibung: init.config.description,
      },
      filialen: init.branches.map((b) => ({
        name: b.name,
        adresse: `${b.street}, ${b.zipCode} ${b.city}`,
        telefon: b.phone,
      })),
      inhalte: nodes.map((n) => ({ id: n.id, typ: n.type, inhalt: n.content })),
    };
  }

  private async chat(
    endpoint: string,
    messages: unknown[],
    schema: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<unknown> {
    const res = (await this.post(
      endpoint,
      '/chat/completions',
      {
        model: this.config.CONTENT_AI_MODEL,
        messages,
        response_format: { type: 'json_schema', json_schema: { name: 'site_content', schema } },
      },
      signal,
    )) as { choices?: Array<{ message?: { content?: string } }> };
    const text = res.choices?.[0]?.message?.content;
    try {
      return text ? (JSON.parse(text) as unknown) : null;
    } catch {
      return null;
    }
  }

  private async post(endpoint: string, path: string, body: unknown, signal: AbortSignal): Promise<unknown> {
    let res: Response;
    try {
      res = await fetch(`${endpoint}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.config.CONTENT_AI_KEY}` },
        body: JSON.stringify(body),
        // one call's limit, and the generation's own (no call outlives the time its owner is told it failed)
        signal: AbortSignal.any([AbortSignal.timeout(this.config.CONTENT_AI_TIMEOUT_MS), signal]),
      });
    } catch (err) {
      throw this.failed('AI endpoint unreachable', err);
    }
    if (!res.ok) throw this.failed(`AI endpoint answered ${res.status}`);
    return res.json().catch((err: unknown) => {
      throw this.failed('AI endpoint answered no JSON', err);
    });
  }

  private failed(reason: string, err?: unknown): DomainException {
    this.logger.warn({ err, reason }, 'content AI failed');
    return DomainException.of('SERVICE_UNAVAILABLE', 'content.aiFailed');
  }
}
