import type { Image, Site } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  response_format: { type: string; json_schema: { schema: { properties: Record<string, unknown> } } };
}

/** A stand-in for an OpenAI-compatible endpoint: answers from a queue, records every request. */
function fakeAi() {
  const requests: Array<{ path: string; body: unknown; auth: string | undefined }> = [];
  const answers: unknown[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as unknown;
    requests.push({ path: req.url ?? '', body, auth: req.headers.authorization });
    const answer = answers.shift();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? {}));
  });
  return {
    requests,
    /** the next chat answer's message content */
    chat: (content: unknown) =>
      answers.push({
        choices: [{ message: { content: typeof content === 'string' ? content : JSON.stringify(content) } }],
      }),
    image: (b64: string) => answers.push({ data: [{ b64_json: b64 }] }),
    start: () =>
      new Promise<string>((done) =>
        server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)),
      ),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** issue 16 "Content AI" against a local fake endpoint (never the internet). */
describe('content AI', () => {
  const ai = fakeAi();
  let stack: Stack;
  let unconfigured: Stack;
  let admin: StaffClient;
  let site: Site;

  beforeAll(async () => {
    const url = await ai.start();
    stack = await startStack('content-ai', { CONTENT_AI_URL: url, CONTENT_AI_KEY: 'test-key' });
    await stack.seed();
    admin = await login(stack, ADMIN);
    const form = await admin
      .post('/api/nodes', { type: 'form', isPublic: true, content: { name: 'Kontakt' } })
      .expect(201);
    site = (
      await admin
        .post('/api/sites', {
          path: '/ueber-uns',
          name: 'Über uns',
          layout: 'subpage',
          content: { body: [{ type: 'form', form: { id: form.body.data.id, type: 'node' } }] },
        })
        .expect(201)
    ).body.data as Site;
  }, STACK_START_MS);
  afterAll(async () => {
    await stack?.close();
    await unconfigured?.close();
    await ai.close();
  }, STACK_CLOSE_MS);

  it("asks for the site layout's JSON Schema, grounded in the shop's data, and returns a draft without saving it", async () => {
    ai.chat({
      site_data: { hero_name: 'Über Donaugenuss' },
      body: [{ type: 'text_field', text: '<p>Wir kochen seit 1990.</p><script>x</script>' }],
    });
    const res = await admin
      .post(`/api/content-ai/generate/site/${site.id}`, { prompt: 'Kurz und freundlich' })
      .expect(200);
    expect(res.body.data.content).toEqual({
      site_data: { hero_name: 'Über Donaugenuss' },
      body: [{ type: 'text_field', text: '<p>Wir kochen seit 1990.</p>', orientation: 'left', width: 'default' }],
    });
    const sent = ai.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.auth).toBe('Bearer test-key');
    const chat = sent.body as ChatRequest;
    expect(chat.response_format.type).toBe('json_schema');
    expect(Object.keys(chat.response_format.json_schema.schema.properties)).toEqual(['site_data', 'file', 'body']);
    const grounding = JSON.parse(chat.messages[1]!.content) as { auftrag: string; daten: Record<string, unknown> };
    expect(grounding.auftrag).toBe('Kurz und freundlich');
    expect(JSON.stringify(grounding.daten)).toContain('Donaugenuss');
    // the site referred to the form node: it is part of the grounding
    expect(JSON.stringify(grounding.daten)).toContain('"typ":"form"');
    // a draft only: the stored site is unchanged
    expect((await admin.get(`/api/sites/${site.id}`).expect(200)).body.data.content).toEqual(site.content);
  });

  it('asks once more with the errors when the answer does not fit the layout, then answers a German error', async () => {
    ai.chat({ body: [{ type: 'hero_tabs' }] });
    ai.chat({ body: [{ type: 'map', text: '<p>Anfahrt</p>' }] });
    const fixed = await admin.post(`/api/content-ai/generate/site/${site.id}`, {}).expect(200);
    // a group always comes back as an object (empty when the answer had none)
    expect(fixed.body.data.content).toEqual({ site_data: {}, body: [{ type: 'map', text: '<p>Anfahrt</p>' }] });
    const retry = ai.requests.at(-1)!.body as ChatRequest;
    expect(retry.messages.at(-1)!.content).toContain('content.body.0.type');

    ai.chat('kein json');
    ai.chat({ nope: true });
    const failed = await admin.post(`/api/content-ai/generate/site/${site.id}`, {}).expect(503);
    expect(failed.body.message).toBe(t('content.aiFailed'));
    await admin.post('/api/content-ai/generate/site/999999', {}).expect(404);
  });

  it('stores a generated picture as an image', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#008FC3' } })
      .png()
      .toBuffer();
    ai.image(png.toString('base64'));
    const res = await admin
      .post('/api/content-ai/generate/image', { prompt: 'Ein Haus am See', alt: 'Haus am See' })
      .expect(201);
    const image = res.body.data as Image;
    expect(image).toMatchObject({ name: 'Ein Haus am See', alt: 'Haus am See', width: 64, height: 48, version: 1 });
    expect((await admin.get(`/image/${image.id}-1.png`).expect(200)).headers['content-type']).toBe('image/png');
    const bad = await admin.post('/api/content-ai/generate/image', { prompt: '' }).expect(422);
    expect(bad.body.errors[0].field).toBe('prompt');
  });

  it('without a configured endpoint answers 503 with a German message; visitors get 401', async () => {
    unconfigured = await startStack('content-ai-off');
    await unconfigured.seed();
    const staff = await login(unconfigured, ADMIN);
    const res = await staff.post('/api/content-ai/generate/image', { prompt: 'x' }).expect(503);
    expect(res.body.message).toBe(t('content.aiUnavailable'));
    const visitor = await fetch(`${unconfigured.baseUrl}/api/content-ai/generate/image`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"prompt":"x"}',
    });
    expect(visitor.status).toBe(401);
  }, 90_000);
});
