import { waitFor } from '@shop/testing';
import request from 'supertest';
import { get } from 'node:http';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { ProductEntity } from '../../services/catalogue/src/products/product.entity.js';
import { addToOutbox, OUTBOX_RELAY, type OutboxRelay } from '@shop/server';
import { ADMIN, login, startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, any>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

const URLS = [
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
];

/** backoffice-platform.md §7 "Start-up batch", api-contract.md "Start-up batch" */
describe('GET /api/init', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('init');
    await stack.seed();
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const anon = () => request(stack.baseUrl).get('/api/init');
  const entry = (body: { data: Array<{ url: string; data: any }> }, url: string) =>
    body.data.find((e) => e.url === url)!.data;

  it('returns the 14 entries in the spec order with the demo shop, users/me null for visitors', async () => {
    const res = await anon().expect(200);
    expect(res.body.data.map((e: { url: string }) => e.url)).toEqual(URLS);
    expect(entry(res.body, '/api/users/me')).toBeNull();
    expect(entry(res.body, '/api/config')).toMatchObject({ currency: 'EUR', country: 'AT', timezone: 'Europe/Vienna' });
    expect(entry(res.body, '/api/branches')).toHaveLength(4);
    expect(entry(res.body, '/api/products').length).toBeGreaterThanOrEqual(60);
    expect(entry(res.body, '/api/donatees')).toHaveLength(3);
    expect(entry(res.body, '/api/branches').every((b: object) => !('apiKey' in b))).toBe(true);
    // a disabled product that is not marked visible-when-unavailable is not public
    const names = entry(res.body, '/api/products').map((p: { name: string }) => p.name);
    const admin = await login(stack, ADMIN);
    const all = (await admin.get('/api/products?isEnabled=false').expect(200)).body.data as Array<{
      name: string;
      isVisibleWhenUnavailable: boolean;
    }>;
    for (const hidden of all.filter((p) => !p.isVisibleWhenUnavailable)) expect(names).not.toContain(hidden.name);
  });

  it('serves staff their user and the non-public data, privately', async () => {
    const admin = await login(stack, ADMIN);
    const res = await admin.get('/api/init').expect(200);
    expect(res.headers['cache-control']).toContain('private');
    expect(entry(res.body, '/api/users/me')).toMatchObject({ username: 'admin' });
    expect(entry(res.body, '/api/branches')[0]).toHaveProperty('apiKey');
  });

  it('is served compressed with an ETag, and 304 for a matching If-None-Match', async () => {
    const plain = await anon().set('accept-encoding', 'identity').expect(200);
    // raw bytes, as a browser receives them (supertest would decompress)
    const gz = await rawGet(`${stack.baseUrl}/api/init`, { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const br = await rawGet(`${stack.baseUrl}/api/init`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body as Buffer).toString())).toEqual(plain.body);
    expect(gunzipSync(gz.body as Buffer).toString()).toEqual(JSON.stringify(plain.body));
    expect(plain.headers.etag).toMatch(/^W\/".+"$/);
    expect(gz.headers.etag).toBe(plain.headers.etag);
    expect(plain.headers.vary).toContain('Accept-Encoding');
    const cached = await anon().set('if-none-match', plain.headers.etag).expect(304);
    expect(cached.headers.etag).toBe(plain.headers.etag);
  });

  it('has a new ETag with the change right after a product create, update and delete through the gateway', async () => {
    const admin = await login(stack, ADMIN);
    const etag0 = (await anon().expect(200)).headers.etag;
    const created = (
      await admin.post('/api/products', { name: 'Marillenknödel', price: 7.5, isEnabled: true }).expect(201)
    ).body.data;
    const after1 = await anon().set('if-none-match', etag0).expect(200);
    expect(entry(after1.body, '/api/products').map((p: { name: string }) => p.name)).toContain('Marillenknödel');
    await admin.put(`/api/products/${created.id}`, { ...created, price: 8.1 }).expect(200);
    const after2 = await anon().set('if-none-match', after1.headers.etag).expect(200);
    expect(entry(after2.body, '/api/products').find((p: { id: number }) => p.id === created.id).price).toBe(8.1);
    await admin.delete(`/api/products/${created.id}`).expect(200);
    const after3 = await anon().set('if-none-match', after2.headers.etag).expect(200);
    expect(entry(after3.body, '/api/products').map((p: { id: number }) => p.id)).not.toContain(created.id);
  });

  it('follows changes made behind its back through the catalogue event stream', async () => {
    const before = await anon().expect(200);
    // a write inside the catalogue service that never passed through this gateway
    const ds = stack.catalogue.get(DataSource);
    await ds.transaction(async (m) => {
      await m.getRepository(ProductEntity).update({ name: 'Wiener Schnitzel vom Kalb' }, { price: 23.4 });
      const p = await m.getRepository(ProductEntity).findOneByOrFail({ name: 'Wiener Schnitzel vom Kalb' });
      await addToOutbox(m, 'catalogue.product.updated', {
        entity: 'product',
        id: p.id,
        verb: 'updated',
        at: new Date().toISOString(),
      });
    });
    await stack.catalogue.get<OutboxRelay>(OUTBOX_RELAY).kick();
    const res = await waitFor(async () => {
      const r = await anon().set('if-none-match', before.headers.etag);
      return r.status === 200 ? r : null;
    }, 3000);
    const schnitzel = entry(res.body, '/api/products').find(
      (p: { name: string }) => p.name === 'Wiener Schnitzel vom Kalb',
    );
    expect(schnitzel.price).toBe(23.4);
  });

  it('is listed with every other route in the OpenAPI document', async () => {
    const doc = (await request(stack.baseUrl).get('/api/docs-json').expect(200)).body;
    const documented = new Set(Object.keys(doc.paths).map((p) => p.replace(/\{[^}]+\}/g, ':param')));
    const routes = stack.gateway.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
    expect(documented).toContain('/api/init');
    for (const resource of [
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
    ]) {
      expect(documented).toContain(`/api/${resource}`);
      expect(documented).toContain(`/api/${resource}/:param`);
    }
    for (const p of [
      '/backend/login',
      '/backend/logout',
      '/api/users/me',
      '/api/config',
      '/api/branches/:param/menus',
      '/health',
      '/api/orders',
      '/api/orders/public/:param/:param',
      '/api/orders/public/:param/:param/questionnaire',
      '/api/orders/current',
      '/api/orders/missed',
      '/api/orders/:param/status/:param',
      '/api/orders/:param/items/:param',
      '/api/orders/frontdesk/:param',
      '/api/uploads',
      '/upload/:param/:param',
      '/image/:param',
    ])
      expect(documented).toContain(p);
    expect(routes).toContain('init');
  });

  it('seeds idempotently: a second seed changes no counts', async () => {
    const count = async () => {
      const body = (await anon().expect(200)).body;
      return URLS.map((u) => (Array.isArray(entry(body, u)) ? entry(body, u).length : 0));
    };
    const first = await count();
    await stack.seed();
    expect(await count()).toEqual(first);
  });
});
