import { de } from '@shop/i18n-de';
import { waitFor } from '@shop/testing';
import { isDeepStrictEqual } from 'node:util';
import { Agent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import {
  ADMIN,
  login,
  orderableProductOf,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/**
 * "Bad input gets a clear German error (field + message), never a 500, and nothing already stored is lost"
 * (api-contract.md "Envelope"), checked for every operation of the gateway's OpenAPI document: malformed JSON,
 * bodies that are no object, wrong content types, wrong field types, huge strings, NUL bytes, emoji, broken
 * percent-encoding, non-numeric, negative and enormous ids, unknown query parameters — as a visitor and as the
 * administrator (with the CSRF token).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Operation {
  method: string;
  path: string;
  doc: Record<string, any>;
}
interface Probe {
  op: Operation;
  who: 'visitor' | 'admin';
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
  what: string;
}
interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** A JSON literal JSON.stringify cannot write (too big for any id column, or Infinity once parsed). */
const RAW = (literal: string) => `\u0001raw:${literal}\u0001`;
const toJson = (value: unknown): string => JSON.stringify(value).replace(/"\\u0001raw:([^\\]+)\\u0001"/g, '$1');

const HUGE = '99999999999999999999';
const BAD_SEGMENTS = [
  'abc',
  '-1',
  '0',
  '1.5',
  '1e3',
  HUGE,
  '2147483648',
  '%00',
  '1%00',
  '%E0%A4%A',
  '%',
  '%F0%9F%98%80',
  '\u00e4',
  '%C3%A4',
  'a'.repeat(3000),
  '..%2F..%2Fetc%2Fpasswd',
  '%FF%FE',
];
const BAD_QUERY_VALUES = [
  'abc',
  '-1',
  '0',
  '1.5',
  HUGE,
  '2147483648',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%F0%9F%98%80',
  'x'.repeat(5000),
  '',
  'true',
  '%27%3B--',
];
const STRING_BAD: unknown[] = [
  123,
  true,
  [],
  {},
  '\u0000',
  'a\u0000b',
  'x'.repeat(70_000),
  '😀🍕',
  '\ud800',
  ' ',
  '%E0%A4%A',
];
const NUMBER_BAD: unknown[] = [
  'abc',
  '1',
  1.5,
  -1,
  0,
  RAW(HUGE),
  2147483648,
  RAW('1e999'),
  -2147483649,
  1e-7,
  true,
  [],
  {},
];
const BOOLEAN_BAD: unknown[] = ['true', 1, 'ja', []];
const ARRAY_BAD: unknown[] = [
  {},
  'x',
  1,
  [null],
  [{}],
  ['\u0000'],
  [RAW(HUGE)],
  [2147483648],
  [-1],
  new Array(5000).fill(1),
];
const OBJECT_BAD: unknown[] = [[], 'x', 1, { '\u0000': '\u0000' }, { [`${'k'.repeat(500)}`]: 1 }];
const ANY_BAD: unknown[] = [...new Set([...STRING_BAD, ...NUMBER_BAD.slice(0, 8), ...ARRAY_BAD.slice(0, 3)])];

/** Every German text of the message catalogue as a pattern ({placeholders} match anything). */
const GERMAN: RegExp[] = [];
(function collect(node: unknown) {
  if (typeof node === 'string') {
    const pattern = node
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[{}]/g, '\\$&'))
      .join('[\\s\\S]*');
    GERMAN.push(new RegExp(`^${pattern}$`));
  } else if (node && typeof node === 'object') Object.values(node).forEach(collect);
})(de);
const isGerman = (text: unknown) => typeof text === 'string' && text.length > 0 && GERMAN.some((re) => re.test(text));

/** What is wrong with an answer to bad input; null when it is fine. */
function complaint({ op, what }: Probe, answer: Answer): string | null {
  if (answer.status === 0) return `no answer (${answer.text})`;
  if (answer.status >= 500 && !(answer.status === 503 && op.doc.responses?.['503']))
    return `status ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (answer.status < 400) return null;
  if (!answer.contentType.includes('application/json'))
    return `status ${answer.status} without the JSON envelope (${answer.contentType}): ${answer.text.slice(0, 200)}`;
  let body: { message?: unknown; code?: unknown; errors?: unknown };
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `status ${answer.status} with a body that is no JSON`;
  }
  if (typeof body.code !== 'string' || !Array.isArray(body.errors))
    return `status ${answer.status} without {message, code, errors[]}: ${answer.text.slice(0, 200)}`;
  if (!isGerman(body.message)) return `message is not a German catalogue text: ${JSON.stringify(body.message)}`;
  // the form submission's client expects the errors as a list of German strings (storefront-presenter.md §7); a
  // URL no route matches gets the usual envelope
  const stringsAllowed = op.path === '/api/custom/form/{id}';
  for (const e of body.errors as Array<{ field?: unknown; message?: unknown } | string>) {
    if (
      typeof e === 'string'
        ? !stringsAllowed || !isGerman(e)
        : !(e.field === null || typeof e.field === 'string') || !isGerman(e.message)
    )
      return `error entry not {field, German message}: ${JSON.stringify(e).slice(0, 200)}`;
  }
  // a spoiled field is named
  if (
    body.code === 'VALIDATION_FAILED' &&
    what.startsWith('field ') &&
    !(body.errors as Array<{ field: unknown }>).some((e) => e.field)
  )
    return 'no field named';
  return null;
}

describe('bad input never gets a 500, always the German error envelope, and changes nothing stored', () => {
  let stack: Stack;
  let admin: StaffClient;
  let cookie: string;
  let ops: Operation[];
  const IN_FLIGHT = 12;
  /** one probe's answer, however busy the machine: far above the ~10 ms it takes on an idle one */
  const PROBE_LIMIT_MS = 30_000;
  const http = new Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

  function send(
    p: { method: string; url: string; headers: Record<string, string>; body?: Buffer },
    retried = false,
  ): Promise<Answer> {
    const { port } = new URL(stack.baseUrl);
    const headers: OutgoingHttpHeaders = { ...p.headers };
    if (p.body) headers['content-length'] = String(p.body.length);
    return new Promise((resolve) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: p.method, path: p.url, headers, agent: http },
        (res) => {
          const contentType = String(res.headers['content-type'] ?? '');
          // the back office's event stream stays open: its status is the answer
          if (contentType.startsWith('text/event-stream')) {
            res.destroy();
            return resolve({ status: res.statusCode!, contentType, text: '' });
          }
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, contentType, text: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', (err) => resolve({ status: 0, contentType, text: String(err) }));
        },
      );
      // the time limit is per probe, from sending to the last byte: a busy machine slows the run, never fails it
      const deadline = setTimeout(
        () => req.destroy(new Error(`no answer within ${PROBE_LIMIT_MS} ms`)),
        PROBE_LIMIT_MS,
      );
      req.on('close', () => clearTimeout(deadline));
      req.on('error', (err: NodeJS.ErrnoException) => {
        // a kept-alive socket the server closed while idle fails the request that reuses it (a race of every
        // keep-alive client); Node's documentation says to send such a request again, once
        if (req.reusedSocket && err.code === 'ECONNRESET' && !retried) return resolve(send(p, true));
        resolve({ status: 0, contentType: '', text: String(err) });
      });
      req.end(p.body);
    });
  }

  /** Everything stored that a visitor or the administrator can read, by resource and id. */
  async function snapshot(): Promise<Record<string, Map<unknown, unknown>>> {
    const lists: Record<string, Map<unknown, unknown>> = {};
    const put = (url: string, data: unknown) => {
      lists[url] = new Map(
        Array.isArray(data) ? data.map((item: { id?: unknown }, i) => [item?.id ?? i, item]) : [['', data]],
      );
    };
    const init = (await admin.get('/api/init').expect(200)).body.data as Array<{ url: string; data: unknown }>;
    for (const entry of init) if (entry.url !== '/api/users/me') put(`init ${entry.url}`, entry.data);
    const urls = [
      '/api/users',
      '/api/departments',
      '/api/devices',
      '/api/customers',
      '/api/external-users',
      '/api/images',
      '/api/orders',
      '/api/products?isEnabled=false',
      '/api/categories?isEnabled=false',
    ];
    await Promise.all(urls.map(async (url) => put(url, (await admin.get(url).expect(200)).body.data)));
    return lists;
  }

  beforeAll(async () => {
    stack = await startStack('badinput');
    await stack.seed();
    admin = await login(stack, ADMIN);
    cookie = (admin.agent as unknown as { jar: { getCookies(o: object): Array<{ name: string; value: string }> } }).jar
      .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const doc = (await admin.get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, Record<string, any>>>;
    };
    // the test's order is placed at a branch that is open all day, before the data is looked at
    const branch = (
      (await admin.get('/api/branches').expect(200)).body.data as Array<{ id: number; identifier: string }>
    ).find((b) => b.identifier === 'wien-innere-stadt')!;
    const allDay = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
    await admin
      .put(`/api/branches/${branch.id}`, { ...branch, openingHours: allDay, deliveryHours: allDay })
      .expect(200);
    ops = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, d]) => ({ method: method.toUpperCase(), path, doc: d })),
    );
  }, STACK_START_MS);
  afterAll(async () => {
    http.destroy();
    await stack?.close();
  }, STACK_CLOSE_MS);

  it('reads the operations from the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['POST /api/orders', 'PUT /api/products/{id}', 'GET /api/logs']),
    );
  });

  it('answers every malformed request with a 4xx German error envelope and keeps the stored data', async () => {
    const before = await snapshot();
    const scratch = await scratchTargets();
    const probes = ops.flatMap((op) => probesFor(op, scratch));
    const failures: string[] = [];
    // a fixed number of probes in flight (the agent's sockets): enough to finish in seconds on an idle machine,
    // not so many that the services' pools queue for long on a busy one
    let next = 0;
    const probeOne = async (p: Probe) => {
      const problem = complaint(p, await send(p));
      if (problem) failures.push(`${p.who} ${p.method} ${p.url.slice(0, 160)} [${p.what.slice(0, 120)}]: ${problem}`);
    };
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < probes.length) await probeOne(probes[next++]!);
      }),
    );
    const after = await snapshot();
    const lost: string[] = [];
    for (const [url, items] of Object.entries(before)) {
      for (const [id, item] of items) {
        const now = after[url]!.get(id) as Record<string, unknown> | undefined;
        if (isDeepStrictEqual(now, item)) continue;
        const changed = now
          ? Object.keys(item as object).filter((k) => !isDeepStrictEqual(now[k], (item as Record<string, unknown>)[k]))
          : ['all'];
        lost.push(
          `${url} #${String(id)}: ${changed.map((k) => `${k} ${JSON.stringify((item as Record<string, unknown>)[k])?.slice(0, 80)} → ${JSON.stringify(now?.[k])?.slice(0, 80)}`).join(', ')}`,
        );
      }
    }
    expect(failures.sort()).toEqual([]);
    expect(lost).toEqual([]);
    // each probe has its own limit (PROBE_LIMIT_MS); this only stops a run that hangs as a whole
  }, 3_600_000);

  /* ------------------------------------------------------------------ what the probes aim at */

  interface Scratch {
    /** path parameters that name something real (reads) or the test's own copies (writes) */
    params: Record<string, string>;
    /** a valid body per operation ("POST /api/tags"), the base that one field at a time is spoiled in */
    bodies: Record<string, Json>;
    /** PUT targets: the test's own copy of a seeded entity per resource */
    copies: Record<string, number>;
  }

  /** Real targets for the reads, copies for the writes, and a valid body per operation. */
  async function scratchTargets(): Promise<Scratch> {
    const branches = (await admin.get('/api/branches').expect(200)).body.data as Array<
      Record<string, Json> & { id: number; apiKey: string }
    >;
    const open = branches.find((b) => b.identifier === 'wien-innere-stadt')!;
    const bodies: Record<string, Json> = {};
    const copies: Record<string, number> = {};
    const crud = [
      'divisions',
      'branches',
      'menus',
      'categories',
      'tags',
      'products',
      'tables',
      'donatees',
      'users',
      'departments',
      'customers',
      'external-users',
      'devices',
    ];
    for (const resource of crud) {
      const first = ((await admin.get(`/api/${resource}`).expect(200)).body.data as Array<Record<string, Json>>)[0];
      if (!first) continue;
      const base: Record<string, Json> = { ...first };
      delete base.id;
      bodies[`POST /api/${resource}`] = base;
      // one path template per resource: {id} (a resource's single read also takes its identifier there)
      bodies[`PUT /api/${resource}/{id}`] = base;
      // the copy the PUTs spoil: unique fields made unique until the service takes it
      const copy: Record<string, Json> = { ...base, password: 'Kopie-Passwort-2026!' };
      for (let attempt = 0; attempt < 3 && !copies[resource]; attempt++) {
        const res = await admin.post(`/api/${resource}`, copy);
        if (res.status === 201) copies[resource] = res.body.data.id;
        for (const e of (res.body.errors ?? []) as Array<{ field: string | null }>)
          if (e.field && !e.field.includes('.')) copy[e.field] = `kopie${resource.replace(/\W/g, '')}${attempt}`;
      }
    }
    const config = (await admin.get('/api/config').expect(200)).body.data as Json;
    bodies['POST /api/config'] = config;
    // an order of the test's own, for the order actions
    const product = await orderableProductOf(admin, open.id);
    const orderBody = {
      branch: open.id,
      isDelivery: false,
      isDineIn: false,
      items: [{ product, amount: 1, parts: {} }],
      firstName: 'Anna',
      lastName: 'Berger',
      email: 'anna.berger@example.at',
      phone: '+43 660 1234567',
      street: 'Landstraßer Hauptstraße 1',
      zipCode: '1030',
      city: 'Wien',
      country: 'AT',
      legalInstructions: true,
      privacyPolicy: true,
      paymentMethod: 'cash',
    };
    let order: { id: number; uid: string; hash: string } | undefined;
    await waitFor(async () => {
      const res = await send({
        method: 'POST',
        url: '/api/orders',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(orderBody)),
      });
      if (res.status === 201) order = JSON.parse(res.text).data;
      if (!order) throw new Error(res.text);
      return true;
    }, 10_000);
    bodies['POST /api/orders'] = orderBody;
    bodies['POST /api/orders/public/{uid}/{hash}/questionnaire'] = {
      rating: 5,
      foodRating: 5,
      serviceRating: 5,
      processRating: 5,
      comment: 'gut',
    };
    bodies['POST /api/orders/{id}/status/{action}'] = { rejectionMessage: 'Leider nicht' };
    bodies['POST /api/orders/{id}/counter-appointment'] = {
      counterAppointment: new Date(Date.now() + 86_400_000).toISOString(),
    };
    bodies['PUT /api/orders/{id}/items/{index}'] = { amount: 2, unit: 'piece', parts: {} };
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    bodies['POST /api/images'] = { data: `data:image/png;base64,${png}`, name: 'Probe', alt: 'Probe' };
    bodies['PUT /api/images/{id}'] = { name: 'Probe', alt: 'Probe' };
    bodies['POST /backend/login'] = { username: 'niemand', password: 'falsch' };
    bodies['POST /backend/login-link'] = { token: 'abcdefabcdef' };
    bodies['POST /api/analytics-log'] = {
      events: [{ type: 'page', action: 'view', category: null, data: { a: 1 }, occurredAt: new Date().toISOString() }],
    };
    bodies['POST /api/uploads'] = { data: 'data:text/plain;base64,aGFsbG8=', filename: 'hallo.txt' };
    const image = ((await admin.get('/api/images').expect(200)).body.data as Array<{ id: number }>)[0]!;
    return {
      params: {
        uid: order!.uid,
        hash: order!.hash,
        orderId: String(order!.id),
        branchId: String(open.id),
        apiKey: open.apiKey,
        action: 'reject',
        index: '0',
        imageId: String(image.id),
        size: 'small',
        file: `${image.id}-1.jpg`,
        publicHash: 'abcdef',
        reference: 'abcdef',
      },
      bodies,
      copies,
    };
  }

  /** The value of a path parameter when another part of the request is the bad one. */
  function paramFor(op: Operation, name: string, s: Scratch): string {
    const resource = /^\/api\/([a-z-]+)\/\{(id|key|idOrIdentifier)\}$/.exec(op.path)?.[1];
    if (op.path.startsWith('/api/orders/') && name === 'id') return s.params.orderId!;
    if (resource && op.method === 'PUT' && s.copies[resource]) return String(s.copies[resource]);
    // writes to anything seeded only ever aim at an id that does not exist
    if (op.method !== 'GET' && (name === 'id' || name === 'key' || name === 'idOrIdentifier')) return '2147483000';
    if (op.path.startsWith('/api/images/') && name === 'id') return s.params.imageId!;
    return s.params[name] ?? '1';
  }

  const VISITOR_WRITES = new Set([
    'POST /backend/login',
    'POST /backend/login-link',
    'POST /api/orders',
    'POST /api/orders/public/{uid}/{hash}/questionnaire',
    'POST /api/analytics-log',
    'POST /api/uploads',
  ]);

  function probesFor(op: Operation, s: Scratch): Probe[] {
    const key = `${op.method} ${op.path}`;
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const fill = (bad: Record<string, string> = {}) =>
      op.path.replace(/\{(\w+)\}/g, (_, n: string) => bad[n] ?? encodeURIComponent(paramFor(op, n, s)));
    const probes: Probe[] = [];
    const isWrite = op.method !== 'GET';
    // the administrator's session must outlive the probes
    const whos: Array<Probe['who']> = op.path === '/backend/logout' ? ['visitor'] : ['visitor', 'admin'];
    const add = (
      who: Probe['who'],
      url: string,
      what: string,
      body?: Buffer,
      contentType?: string,
      extra: Record<string, string> = {},
    ) => {
      const headers: Record<string, string> = { ...extra };
      if (who === 'admin') {
        headers.cookie = cookie;
        headers['x-csrf-token'] = admin.csrf;
      }
      if (contentType) headers['content-type'] = contentType;
      probes.push({ op, who, method: op.method, url, headers, body, what });
    };

    // path parameters: non-numeric, negative, enormous, NUL bytes, broken percent-encoding, emoji, latin-1 bytes
    for (const name of params)
      for (const bad of BAD_SEGMENTS) for (const who of whos) add(who, fill({ [name]: bad }), `path ${name}=${bad}`);

    // query strings: unknown and broken parameters everywhere; every known filter spoiled on reads
    const generic = ['zzz=1', '%00=1', 'a=%E0%A4%A', '=&&=', 'page[]=1&page[x]=2', '%F0%9F%98%80=%F0%9F%98%80'];
    for (const q of generic) for (const who of whos) add(who, `${fill()}?${q}`, `query ${q}`);
    if (!isWrite) {
      const names = new Set<string>(
        (op.doc.parameters ?? []).filter((p: { in: string }) => p.in === 'query').map((p: { name: string }) => p.name),
      );
      const filters = /filters: ([^)]*)\)/.exec(String(op.doc.summary ?? ''))?.[1];
      filters?.split(',').forEach((f) => names.add(f.trim()));
      if (/^List /.test(String(op.doc.summary ?? ''))) ['page', 'perPage', 'search'].forEach((n) => names.add(n));
      for (const name of names) {
        for (const bad of BAD_QUERY_VALUES)
          for (const who of whos) add(who, `${fill()}?${name}=${bad}`, `query ${name}=${bad}`);
        for (const who of whos) add(who, `${fill()}?${name}=1&${name}=2`, `query ${name} twice`);
      }
    }

    if (!isWrite && !op.doc.requestBody) return probes;
    // bodies: malformed JSON, no object, wrong content types
    const url = fill();
    const structural: Array<[string, string | Buffer, string | undefined]> = [
      ['invalid JSON', '{"a":', 'application/json'],
      ['truncated JSON', '{', 'application/json'],
      ['empty JSON', '', 'application/json'],
      ['null', 'null', 'application/json'],
      ['array', '[]', 'application/json'],
      ['array of objects', '[{}]', 'application/json'],
      ['string', '"text"', 'application/json'],
      ['number', '42', 'application/json'],
      ['boolean', 'true', 'application/json'],
      ['huge number', HUGE, 'application/json'],
      ['deep array', `${'['.repeat(20_000)}${']'.repeat(20_000)}`, 'application/json'],
      ['deep object', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, 'application/json'],
      ['prototype keys', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', 'application/json'],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 'application/json'],
      ['byte order mark', '\ufeff{}', 'application/json'],
      ['latin1 charset', '{}', 'application/json; charset=latin1'],
      ['too large', `{"a":"${'x'.repeat(1_100_000)}"}`, 'application/json'],
      ['text/plain', '{"name":"x"}', 'text/plain'],
      ['form', 'name=x&id=1&id=2', 'application/x-www-form-urlencoded'],
      [
        'multipart',
        '--X\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--X--\r\n',
        'multipart/form-data; boundary=X',
      ],
      ['xml', '<a/>', 'application/xml'],
      ['no content type', '{"name":"x"}', undefined],
      ['garbage content type', '{}', '%%%/;;;'],
    ];
    const whosForBody = VISITOR_WRITES.has(key) ? ['visitor' as const] : whos;
    for (const [what, body, type] of structural)
      for (const who of whosForBody) add(who, url, `body ${what}`, Buffer.from(body as string), type);
    if (op.doc.requestBody?.content?.['application/x-www-form-urlencoded']) {
      for (const form of [
        'id=%00',
        'id=%E0%A4%A',
        'id[]=1&id=2',
        `id=${'x'.repeat(70_000)}`,
        'ID=%F0%9F%98%80&ConnectionType=%00&ResponseFile=%E0',
      ]) {
        add('visitor', url, `form ${form.slice(0, 40)}`, Buffer.from(form), 'application/x-www-form-urlencoded');
      }
    }
    // documented headers (Idempotency-Key, Datatrans-Signature), spoiled
    for (const header of (op.doc.parameters ?? []).filter((p: { in: string }) => p.in === 'header')) {
      for (const bad of ['', 'abc', '\u00e4\u00f6', 'x'.repeat(10_000), 't=abc,s0=%00']) {
        add(
          whosForBody[0]!,
          url,
          `header ${header.name}=${bad.slice(0, 20)}`,
          Buffer.from(toJson(s.bodies[key] ?? {})),
          'application/json',
          { [header.name]: bad },
        );
      }
    }
    // the device protocols' credentials, spoiled
    if (op.doc.security) {
      for (const auth of [
        'Basic !!!',
        `Basic ${Buffer.from(`${HUGE}:x`).toString('base64')}`,
        `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`,
        'Bearer x',
      ]) {
        add('visitor', url, `authorization ${auth}`, undefined, undefined, { authorization: auth });
      }
    }

    // one field at a time spoiled in an otherwise valid body (only an administrator gets that far, or a visitor on the public writes)
    const schema = op.doc.requestBody?.content?.['application/json']?.schema as Record<string, any> | undefined;
    // a resource's create takes the same body as its update, whose probes aim at the test's own copy
    const created = /^POST \/api\/([a-z-]+)$/.exec(key)?.[1];
    if (!schema || (created && s.copies[created])) return probes;
    const base = (s.bodies[key] ?? {}) as Record<string, Json>;
    // a shop setting is stored as sent: only values that can never be valid go there
    const singleton = key === 'POST /api/config';
    const who: Probe['who'] = VISITOR_WRITES.has(key) ? 'visitor' : 'admin';
    for (const [path, types] of fieldPaths(schema, base)) {
      for (const bad of badValuesFor(types)) {
        if (singleton && !(typeof bad === 'string' && bad.includes('\u0000')) && fits(bad, types)) continue;
        add(
          who,
          url,
          `field ${path} = ${toJson(bad).slice(0, 40)}`,
          Buffer.from(toJson(spoil(base, path, bad))),
          'application/json',
        );
      }
    }
    return probes;
  }

  /** The fields of a body schema (and of the first element of its lists of objects), with their JSON types. */
  function fieldPaths(
    schema: Record<string, any>,
    base: Record<string, Json>,
    prefix: string[] = [],
    depth = 0,
  ): Array<[string[], Set<string>]> {
    const out: Array<[string[], Set<string>]> = [];
    for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, any>>)) {
      const types = typesOf(sub);
      out.push([[...prefix, name], types]);
      if (depth >= 2) continue;
      const value = base?.[name];
      const items = sub.items ?? (sub.anyOf ?? []).find((a: { items?: unknown }) => a.items)?.items;
      if (items?.properties && Array.isArray(value) && value[0] && typeof value[0] === 'object') {
        out.push(...fieldPaths(items, value[0] as Record<string, Json>, [...prefix, name, '0'], depth + 1));
      }
      const objectSchema = sub.properties ? sub : (sub.anyOf ?? []).find((a: { properties?: unknown }) => a.properties);
      if (objectSchema && value && typeof value === 'object' && !Array.isArray(value)) {
        out.push(...fieldPaths(objectSchema, value as Record<string, Json>, [...prefix, name], depth + 1));
      }
    }
    return out;
  }

  function typesOf(schema: Record<string, any>): Set<string> {
    const types = new Set<string>();
    const visit = (s: Record<string, any>) => {
      if (Array.isArray(s.type)) s.type.forEach((t: string) => types.add(t));
      else if (s.type) types.add(s.type);
      if (s.enum) types.add('string');
      (s.anyOf ?? s.oneOf ?? []).forEach(visit);
    };
    visit(schema);
    return types;
  }

  /** Whether a value is of one of the JSON types (a RAW literal is a number). */
  function fits(value: unknown, types: Set<string>): boolean {
    if (typeof value === 'string') return types.has(value.startsWith('\u0001raw:') ? 'number' : 'string');
    if (typeof value === 'number') return types.has('number') || (types.has('integer') && Number.isInteger(value));
    if (Array.isArray(value)) return types.has('array');
    return types.has(value === null ? 'null' : typeof value);
  }

  function badValuesFor(types: Set<string>): unknown[] {
    const values: unknown[] = [];
    if (types.has('string')) values.push(...STRING_BAD);
    if (types.has('number') || types.has('integer')) values.push(...NUMBER_BAD);
    if (types.has('boolean')) values.push(...BOOLEAN_BAD);
    if (types.has('array')) values.push(...ARRAY_BAD);
    if (types.has('object')) values.push(...OBJECT_BAD);
    if (values.length === 0) values.push(...ANY_BAD);
    return values;
  }

  function spoil(base: Record<string, Json>, path: string[], bad: unknown): Json {
    const copy = structuredClone(base) as Record<string, any>;
    let node = copy;
    for (const step of path.slice(0, -1)) {
      if (node[step] === null || typeof node[step] !== 'object')
        node[step] = /^\d+$/.test(path[path.indexOf(step) + 1] ?? '') ? [{}] : {};
      node = node[step];
    }
    node[path.at(-1)!] = bad;
    return copy;
  }
});
