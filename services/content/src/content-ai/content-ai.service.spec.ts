import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { InitSnapshot } from '@shop/contracts';
import { BusServer, createLogger, createServiceBus, Rpc, type ServiceBus } from '@shop/server';
import { NATS_URL } from '@shop/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { contentTestContext, failure, type ContentTestContext } from '../../test/content-test-context.js';
import { ImageService } from '../images/image.service.js';
import { NodeEntity } from '../nodes/node.entity.js';
import { SiteEntity } from '../sites/site.entity.js';
import { ContentAiService } from './content-ai.service.js';

/** The shop's public data as the catalogue answers it (only what the grounding reads). */
@Controller()
class CatalogueStandIn {
  @Rpc('catalogue.init.snapshot')
  snapshot(): InitSnapshot {
    return {
      config: { shopName: 'Bäckerei Huber', street: 'Hauptplatz 1', zipCode: '4020', city: 'Linz', phone: null },
      branches: [{ name: 'Linz Mitte', street: 'Landstraße 5', zipCode: '4020', city: 'Linz', phone: '+43 732 1' }],
    } as unknown as InitSnapshot;
  }
}
@Module({ controllers: [CatalogueStandIn] })
class CatalogueStandInModule {}

/** An OpenAI-compatible endpoint (never the internet): answers queued per call, each call recorded. */
async function fakeAi() {
  const calls: Array<{ path: string; auth: string | undefined; body: Record<string, unknown> }> = [];
  const answers: Array<{ status: number; body: unknown }> = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({
        path: req.url ?? '',
        auth: req.headers.authorization,
        body: JSON.parse(raw) as Record<string, unknown>,
      });
      const answer = answers.shift() ?? { status: 500, body: {} };
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`, server, calls, answers };
}
const chatAnswer = (content: unknown) => ({
  status: 200,
  body: { choices: [{ message: { content: typeof content === 'string' ? content : JSON.stringify(content) } }] },
});
const FAILED = {
  code: 'SERVICE_UNAVAILABLE',
  errors: [
    { field: null, message: 'Die KI hat gerade keinen gültigen Inhalt geliefert. Bitte versuchen Sie es erneut.' },
  ],
};

describe('ContentAiService (real Postgres, the catalogue on real NATS, a fake AI endpoint)', () => {
  let ai: Awaited<ReturnType<typeof fakeAi>>;
  let ctx: ContentTestContext;
  let catalogue: INestMicroservice;
  let bus: ServiceBus;
  let service: ContentAiService;
  const signal = new AbortController().signal;
  beforeAll(async () => {
    ai = await fakeAi();
    ctx = await contentTestContext('content_ai_service', { CONTENT_AI_URL: ai.url, CONTENT_AI_KEY: 'geheim' });
    catalogue = await NestFactory.createMicroservice(CatalogueStandInModule, {
      strategy: new BusServer(ctx.config.NATS_SUBJECT_PREFIX, { servers: NATS_URL, queue: 'stand-in' }),
      logger: false,
    });
    await catalogue.listen();
    bus = await createServiceBus(ctx.config, 'content');
    const images = new ImageService(ctx.ds, { kick: () => Promise.resolve() }, ctx.config, ctx.staged);
    service = new ContentAiService(ctx.ds, bus, images, ctx.config, createLogger('test', 'silent'));
  }, 60_000);
  afterAll(async () => {
    await bus.close();
    await catalogue.close();
    await ctx.close();
    ai.server.closeAllConnections();
    await new Promise((done) => ai.server.close(done));
  });
  beforeEach(() => {
    ai.calls.length = 0;
    ai.answers.length = 0;
  });

  const site = (o: Partial<SiteEntity> = {}) =>
    ctx.ds.getRepository(SiteEntity).save({
      website: 'storefront',
      path: `/s-${Math.random().toString(36).slice(2, 8)}`,
      name: 'Über uns',
      type: 'default',
      layout: 'simple',
      isPublic: false,
      content: {},
      ...o,
    } as SiteEntity);

  it("asks for the site's layout as structured output, grounded in the shop's data, and answers the draft sanitised", async () => {
    const page = await site();
    ai.answers.push(chatAnswer({ body: '<p>Frisches Brot aus Linz</p><script>alert(1)</script>' }));
    const draft = await service.draftSite({ siteId: page.id, prompt: 'Kurz und freundlich' }, signal);
    expect(draft).toEqual({ body: '<p>Frisches Brot aus Linz</p>' });
    expect(ai.calls).toHaveLength(1);
    const [call] = ai.calls;
    expect(call).toMatchObject({ path: '/v1/chat/completions', auth: 'Bearer geheim' });
    expect(call!.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'site_content' } });
    const messages = call!.body.messages as Array<{ role: string; content: string }>;
    const asked = JSON.parse(messages[1]!.content) as { auftrag: string; daten: Record<string, unknown> };
    expect(asked.auftrag).toBe('Kurz und freundlich');
    expect(asked.daten).toMatchObject({
      seite: { name: 'Über uns', pfad: page.path },
      shop: { name: 'Bäckerei Huber', adresse: expect.stringMatching(/^Hauptplatz 1, 4020,? Linz$/) },
      filialen: [{ name: 'Linz Mitte', adresse: 'Landstraße 5, 4020 Linz', telefon: '+43 732 1' }],
      inhalte: [],
    });
    // nothing is saved: the editor reviews the draft
    expect((await ctx.ds.getRepository(SiteEntity).findOneByOrFail({ id: page.id })).content).toEqual({});
  });

  it('grounds the draft in the nodes the site refers to', async () => {
    const form = await ctx.ds.getRepository(NodeEntity).save({
      identifier: null,
      type: 'form',
      isPublic: true,
      content: { name: 'Anfrage' },
      name: 'Anfrage',
    });
    const page = await site({
      type: 'home',
      layout: 'home',
      content: { body: [{ type: 'form', form: { id: form.id, type: 'node' } }] },
    });
    ai.answers.push(chatAnswer({ body: [] }));
    await service.draftSite({ siteId: page.id, prompt: '' }, signal);
    const messages = ai.calls[0]!.body.messages as Array<{ content: string }>;
    const asked = JSON.parse(messages[1]!.content) as { auftrag: string; daten: { inhalte: unknown[] } };
    expect(asked.auftrag).toBe('Inhalt für die Seite „Über uns“');
    expect(asked.daten.inhalte).toEqual([{ id: form.id, typ: 'form', inhalt: { name: 'Anfrage' } }]);
  });

  it('an answer that does not fit the layout is asked for once more with its errors, then the German 503', async () => {
    const page = await site();
    ai.answers.push(chatAnswer({ erfunden: 1 }), chatAnswer({ body: '<p>Passt</p>' }));
    expect(await service.draftSite({ siteId: page.id, prompt: 'x' }, signal)).toEqual({ body: '<p>Passt</p>' });
    const retry = ai.calls[1]!.body.messages as Array<{ role: string; content: string }>;
    expect(retry.slice(2).map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(retry[3]!.content).toContain('Die Antwort passt nicht zum Schema');
    expect(retry[3]!.content).toContain('erfunden');

    ai.calls.length = 0;
    ai.answers.push(chatAnswer('kein JSON'), chatAnswer({ erfunden: 2 }));
    expect(await failure(service.draftSite({ siteId: page.id, prompt: 'x' }, signal))).toEqual(FAILED);
    expect(ai.calls).toHaveLength(2);
  });

  it('an endpoint that fails, no endpoint configured and an unknown site answer in German', async () => {
    const page = await site();
    ai.answers.push({ status: 500, body: {} });
    expect(await failure(service.draftSite({ siteId: page.id, prompt: 'x' }, signal))).toEqual(FAILED);
    const unconfigured = new ContentAiService(
      ctx.ds,
      bus,
      {} as ImageService,
      { ...ctx.config, CONTENT_AI_URL: undefined },
      createLogger('test', 'silent'),
    );
    expect(await failure(unconfigured.generateImage({ prompt: 'Haus', name: '', alt: '' }, signal))).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      errors: [{ field: null, message: 'Die KI-Generierung ist nicht eingerichtet.' }],
    });
    expect(await failure(service.draftSite({ siteId: 999_999, prompt: 'x' }, signal))).toEqual({
      code: 'NOT_FOUND',
      errors: [{ field: null, message: 'Seite wurde nicht gefunden.' }],
    });
  });

  it('stores a generated picture as an image of the library, named by the prompt unless named', async () => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    ai.answers.push({ status: 200, body: { data: [{ b64_json: png.toString('base64') }] } });
    const image = await service.generateImage({ prompt: 'Ein Haus am See', name: '', alt: 'Haus' }, signal);
    expect(image).toMatchObject({ name: 'Ein Haus am See', alt: 'Haus', width: 64, height: 32, extension: 'png' });
    expect(ai.calls[0]).toMatchObject({
      path: '/v1/images/generations',
      body: { prompt: 'Ein Haus am See', n: 1, response_format: 'b64_json' },
    });
    ai.answers.push({ status: 200, body: { data: [{}] } });
    expect(await failure(service.generateImage({ prompt: 'Nichts', name: '', alt: '' }, signal))).toEqual(FAILED);
    ai.answers.push({ status: 200, body: { data: [{ b64_json: Buffer.from('kein Bild').toString('base64') }] } });
    expect(await failure(service.generateImage({ prompt: 'Kaputt', name: '', alt: '' }, signal))).toEqual(FAILED);
  });
});
