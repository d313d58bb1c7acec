import type { ContentAiGeneration, Site } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import { waitFor } from '@shop/testing';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  ADMIN,
  EMPLOYEE,
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

/**
 * A stand-in for an OpenAI-compatible endpoint: answers from a queue, records every request; `hold()` keeps every
 * answer back until `release()`, as a slow model does.
 */
function fakeAi() {
  const requests: Array<{ path: string; body: unknown; auth: string | undefined }> = [];
  const answers: unknown[] = [];
  let held: Promise<void> | null = null;
  let release = () => {};
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as unknown;
    requests.push({ path: req.url ?? '', body, auth: req.headers.authorization });
    await held;
    const answer = answers.shift();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(answer ?? {}));
  });
  return {
    requests,
    /** how many chat completions were asked for so far (each one is paid) */
    chats: () => requests.filter((r) => r.path.endsWith('/chat/completions')).length,
    /** the next chat answer's message content */
    chat: (content: unknown) =>
      answers.push({
        choices: [{ message: { content: typeof content === 'string' ? content : JSON.stringify(content) } }],
      }),
    image: (b64: string) => answers.push({ data: [{ b64_json: b64 }] }),
    hold: () => {
      held = new Promise((done) => (release = done));
    },
    release: () => {
      held = null;
      release();
    },
    start: () =>
      new Promise<string>((done) =>
        server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)),
      ),
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Polls the generation as the back office does until it is done or failed. */
function settled(client: StaffClient, id: string): Promise<ContentAiGeneration> {
  return waitFor(
    async () => {
      const generation = (await client.get(`/api/content-ai/generations/${id}`).expect(200)).body
        .data as ContentAiGeneration;
      return generation.status === 'done' || generation.status === 'failed' ? generation : null;
    },
    90_000,
    100,
  );
}

const DRAFT = {
  site_data: { hero_name: 'Über Donaugenuss' },
  body: [{ type: 'text_field', text: '<p>Wir kochen seit 1990.</p><script>x</script>' }],
};

/** issue 16 "Content AI" (issue 37 item 6: a job the back office polls) against a local fake endpoint. */
describe('content AI', () => {
  const ai = fakeAi();
  let stack: Stack;
  let unconfigured: Stack;
  let admin: StaffClient;
  let site: Site;

  beforeAll(async () => {
    const url = await ai.start();
    stack = await startStack('content-ai', {
      CONTENT_AI_URL: url,
      CONTENT_AI_KEY: 'test-key',
      CONTENT_AI_PER_USER_RUNNING: '2',
    });
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

  it('answers a slow AI at once with a generation to poll; a repeat while it runs joins it and the AI is asked once', async () => {
    const before = ai.chats();
    ai.hold();
    ai.chat(DRAFT);
    const ask = () => admin.post(`/api/content-ai/generate/site/${site.id}`, { prompt: 'Kurz und freundlich' });
    // the editor's double click: two identical requests at once
    const [first, second] = await Promise.all([ask(), ask()]);
    await waitFor(() => ai.chats() > before, 60_000);
    // and a retry after a while (before issue 37 the gateway had given up after its bus timeout by then)
    const retry = await ask();
    expect({
      statuses: [first.status, second.status, retry.status],
      generations: new Set([first.body.data?.id, second.body.data?.id, retry.body.data?.id]).size,
      aiCalls: ai.chats() - before,
    }).toEqual({ statuses: [202, 202, 202], generations: 1, aiCalls: 1 });
    const id = first.body.data.id as string;
    expect((await admin.get(`/api/content-ai/generations/${id}`).expect(200)).body.data).toMatchObject({
      id,
      kind: 'site',
      status: 'running',
      content: null,
    });

    ai.release();
    const done = await settled(admin, id);
    expect(done).toMatchObject({ status: 'done', message: null, image: null });
    expect(done.content).toEqual({
      site_data: { hero_name: 'Über Donaugenuss' },
      body: [{ type: 'text_field', text: '<p>Wir kochen seit 1990.</p>', orientation: 'left', width: 'default' }],
    });
    expect(ai.chats() - before).toBe(1);
    // the result is stored once: polling again reads it, nothing is asked again
    expect((await admin.get(`/api/content-ai/generations/${id}`).expect(200)).body.data).toEqual(done);
    expect(ai.chats() - before).toBe(1);

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
  }, 180_000);

  it('asks once more with the errors when the answer does not fit the layout, then the generation fails in German', async () => {
    ai.chat({ body: [{ type: 'hero_tabs' }] });
    ai.chat({ body: [{ type: 'map', text: '<p>Anfahrt</p>' }] });
    const fixed = await admin.post(`/api/content-ai/generate/site/${site.id}`, {}).expect(202);
    // a group always comes back as an object (empty when the answer had none)
    expect((await settled(admin, fixed.body.data.id)).content).toEqual({
      site_data: {},
      body: [{ type: 'map', text: '<p>Anfahrt</p>' }],
    });
    const retry = ai.requests.at(-1)!.body as ChatRequest;
    expect(retry.messages.at(-1)!.content).toContain('content.body.0.type');

    ai.chat('kein json');
    ai.chat({ nope: true });
    const failing = await admin.post(`/api/content-ai/generate/site/${site.id}`, {}).expect(202);
    expect(await settled(admin, failing.body.data.id)).toMatchObject({
      status: 'failed',
      content: null,
      message: t('content.aiFailed'),
    });
    // the user's retry after a failure is a new generation
    ai.chat({ body: [{ type: 'map', text: '<p>Anfahrt</p>' }] });
    const again = await admin.post(`/api/content-ai/generate/site/${site.id}`, {}).expect(202);
    expect(again.body.data.id).not.toBe(failing.body.data.id);
    expect((await settled(admin, again.body.data.id)).status).toBe('done');
    await admin.post('/api/content-ai/generate/site/999999', {}).expect(404);
  }, 180_000);

  it('stores a generated picture as an image', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#008FC3' } })
      .png()
      .toBuffer();
    ai.image(png.toString('base64'));
    const res = await admin
      .post('/api/content-ai/generate/image', { prompt: 'Ein Haus am See', alt: 'Haus am See' })
      .expect(202);
    expect(res.body.data).toMatchObject({ kind: 'image', image: null });
    const { image } = await settled(admin, res.body.data.id);
    expect(image).toMatchObject({ name: 'Ein Haus am See', alt: 'Haus am See', width: 64, height: 48, version: 1 });
    expect((await admin.get(`/image/${image!.id}-1.png`).expect(200)).headers['content-type']).toBe('image/png');
    const bad = await admin.post('/api/content-ai/generate/image', { prompt: '' }).expect(422);
    expect(bad.body.errors[0].field).toBe('prompt');
  }, 180_000);

  it('limits the generations running at once per user (429 in German with Retry-After); a repeat still joins its own', async () => {
    const employee = await login(stack, EMPLOYEE);
    const before = ai.chats();
    ai.hold();
    ai.chat(DRAFT);
    ai.chat(DRAFT);
    const prompts = ['eins', 'zwei', 'drei'];
    const ask = (prompt: string) => employee.post(`/api/content-ai/generate/site/${site.id}`, { prompt });
    // three different requests at once: two may run, the third is refused
    const requests = prompts.map(ask);
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 429]);
    const refused = answers.findIndex((a) => a.status === 429);
    const seconds = Number(answers[refused]!.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(answers[refused]!.body.message).toBe(t('http.tooManyRequests', { seconds }));
    const accepted = answers.filter((a) => a.status === 202);
    const first = answers.findIndex((a) => a.status === 202);
    const repeat = await ask(prompts[first]!).expect(202);
    expect(repeat.body.data.id).toBe(answers[first]!.body.data.id);

    // a generation is its owner's: another user (or a made-up id) finds nothing
    await admin.get(`/api/content-ai/generations/${repeat.body.data.id}`).expect(404);
    await employee.get('/api/content-ai/generations/not-an-id').expect(404);

    await waitFor(() => ai.chats() - before === 2, 60_000);
    ai.release();
    for (const a of accepted) expect((await settled(employee, a.body.data.id)).status).toBe('done');
    expect(ai.chats() - before).toBe(2);
    // with none running, the next one is taken
    ai.chat(DRAFT);
    const next = await ask(prompts[refused]!).expect(202);
    expect((await settled(employee, next.body.data.id)).status).toBe('done');
  }, 180_000);

  it(
    'without a configured endpoint answers 503 with a German message; visitors get 401',
    async () => {
      unconfigured = await startStack('content-ai-off');
      await unconfigured.seed();
      const staff = await login(unconfigured, ADMIN);
      const res = await staff.post('/api/content-ai/generate/image', { prompt: 'x' }).expect(503);
      expect(res.body.message).toBe(t('content.aiUnavailable'));
      for (const [method, path] of [
        ['POST', '/api/content-ai/generate/image'],
        ['GET', '/api/content-ai/generations/0b5c5c1e-7d1e-4a57-9a3c-1f6f0c0f7a11'],
      ]) {
        const visitor = await fetch(`${unconfigured.baseUrl}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: method === 'POST' ? '{"prompt":"x"}' : undefined,
        });
        expect(visitor.status).toBe(401);
      }
    },
    STACK_START_MS,
  );
});
