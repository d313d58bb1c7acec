import request from 'supertest';
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

type Case = {
  resource: string;
  /** a valid body (ids resolved from the seeded demo) */
  valid: () => Record<string, unknown>;
  /** one field changed for the update */
  change: Record<string, unknown>;
  /** a field of the wrong type and the German message expected for it */
  wrongType: [string, unknown, string];
  /** a required field */
  required: string;
  /** a unique identifier field, if any */
  unique?: string;
  /** a reference to an unknown id and the field the error names */
  unknownRef?: [Record<string, unknown>, string];
};

/** api-contract.md "Standard CRUD" and the "Bad input" list, for each catalogue resource */
describe('catalogue CRUD through the gateway', () => {
  let stack: Stack;
  let admin: StaffClient;
  let ids: Record<string, number>;

  beforeAll(async () => {
    stack = await startStack('crud');
    ids = (await stack.seed()).branchIds;
    admin = await login(stack, ADMIN);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const n = () => Math.random().toString(36).slice(2, 8);
  const cases: Case[] = [
    {
      resource: 'divisions',
      valid: () => ({ identifier: `div-${n()}`, name: 'Catering' }),
      change: { title: 'Catering & Events' },
      wrongType: ['weight', 'schwer', 'Dieser Wert sollte vom Typ Zahl sein.'],
      required: 'name',
      unique: 'identifier',
    },
    {
      resource: 'branches',
      valid: () => ({
        identifier: `filiale-${n()}`,
        name: 'Filiale Salzburg',
        openingHours: [{ type: 'monday', from: '10:00', to: '18:00' }],
      }),
      change: { closedMessage: 'Heute geschlossen' },
      wrongType: ['isPublic', 'ja', 'Dieser Wert sollte vom Typ Wahrheitswert sein.'],
      required: 'name',
      unique: 'identifier',
      unknownRef: [{ division: { id: 999999 } }, 'division'],
    },
    {
      resource: 'menus',
      valid: () => ({
        name: `Sommerkarte ${n()}`,
        availableFrom: '2026-06-01T00:00:00+02:00',
        branches: [ids['wien-neubau']],
      }),
      change: { name: 'Herbstkarte' },
      wrongType: ['availableFrom', 'morgen', 'Dieser Wert entspricht keiner gültigen Datums- und Zeitangabe.'],
      required: 'availableFrom',
      unknownRef: [{ branches: [999999] }, 'branches.0'],
    },
    {
      resource: 'categories',
      valid: () => ({ name: `Snacks ${n()}` }),
      change: { weight: 5 },
      wrongType: ['isEnabled', 1, 'Dieser Wert sollte vom Typ Wahrheitswert sein.'],
      required: 'name',
    },
    {
      resource: 'tags',
      valid: () => ({ name: `Bio ${n()}` }),
      change: { weight: 3 },
      wrongType: ['name', 42, 'Dieser Wert sollte vom Typ Text sein.'],
      required: 'name',
    },
    {
      resource: 'products',
      valid: () => ({ name: `Topfenstrudel ${n()}`, price: 4.9, unit: 'piece' }),
      change: { price: 5.2 },
      wrongType: ['price', 'teuer', 'Dieser Wert sollte vom Typ Zahl sein.'],
      required: 'price',
    },
    {
      resource: 'tables',
      valid: () => ({ identifier: `tisch-${n()}`, name: 'Tisch 20', branch: ids['wien-innere-stadt'] }),
      change: { seats: 6 },
      wrongType: ['seats', 'viele', 'Dieser Wert sollte vom Typ Zahl sein.'],
      required: 'branch',
      unique: 'identifier',
      unknownRef: [{ branch: 999999 }, 'branch'],
    },
    {
      resource: 'donatees',
      valid: () => ({ identifier: `verein-${n()}`, name: 'Tierschutzverein' }),
      change: { description: 'Hilft Tieren.' },
      wrongType: ['isEnabled', 'nein', 'Dieser Wert sollte vom Typ Wahrheitswert sein.'],
      required: 'name',
      unique: 'identifier',
    },
  ];

  const count = async (resource: string) => (await admin.get(`/api/${resource}`).expect(200)).body.meta.total as number;

  describe.each(cases)('$resource', (c) => {
    it('creates (201), reads, lists, replaces (200) and deletes (200 {data: null})', async () => {
      const created = await admin.post(`/api/${c.resource}`, c.valid()).expect(201);
      const entity = created.body.data;
      expect(entity.id).toEqual(expect.any(Number));
      expect((await admin.get(`/api/${c.resource}/${entity.id}`).expect(200)).body.data).toEqual(entity);
      const list = await admin.get(`/api/${c.resource}?perPage=500`).expect(200);
      expect(list.body.data.map((e: { id: number }) => e.id)).toContain(entity.id);
      expect(list.body.meta).toMatchObject({ total: expect.any(Number), page: 1 });

      const updated = await admin.put(`/api/${c.resource}/${entity.id}`, { ...entity, ...c.change }).expect(200);
      expect(updated.body.data).toMatchObject(c.change);
      if (c.unique) {
        const byIdentifier = await admin.get(`/api/${c.resource}/${entity[c.unique]}`).expect(200);
        expect(byIdentifier.body.data.id).toBe(entity.id);
      }
      expect((await admin.delete(`/api/${c.resource}/${entity.id}`).expect(200)).body).toEqual({ data: null });
      const gone = await admin.get(`/api/${c.resource}/${entity.id}`).expect(404);
      expect(gone.body.code).toBe('NOT_FOUND');
    });

    it('answers bad input with the German envelope (4xx) and stores nothing', async () => {
      const before = await count(c.resource);
      const malformed = await admin.agent
        .post(`/api/${c.resource}`)
        .set('x-csrf-token', admin.csrf)
        .set('content-type', 'application/json')
        .send('{"name": ')
        .expect(400);
      expect(malformed.body).toEqual({
        code: 'BAD_REQUEST',
        message: 'Die Anfrage enthält kein gültiges JSON.',
        errors: [{ field: null, message: 'Die Anfrage enthält kein gültiges JSON.' }],
      });

      const [field, value, message] = c.wrongType;
      const wrong = await admin.post(`/api/${c.resource}`, { ...c.valid(), [field]: value }).expect(422);
      expect(wrong.body.code).toBe('VALIDATION_FAILED');
      expect(wrong.body.errors).toContainEqual({ field, message });
      expect(wrong.body.message).toBe(wrong.body.errors[0].message);

      const { [c.required]: _omit, ...incomplete } = c.valid();
      const missing = await admin.post(`/api/${c.resource}`, incomplete).expect(422);
      expect(missing.body.errors).toContainEqual({ field: c.required, message: 'Dieser Wert sollte nicht leer sein.' });

      const huge = await admin
        .post(`/api/${c.resource}`, { ...c.valid(), description: 'x'.repeat(1_100_000) })
        .expect(413);
      expect(huge.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Die Anfrage ist zu groß.' });

      await admin.post(`/api/${c.resource}`, []).expect(400);

      const unknownPut = await admin.put(`/api/${c.resource}/987654`, c.valid()).expect(404);
      expect(unknownPut.body.code).toBe('NOT_FOUND');
      await admin.delete(`/api/${c.resource}/987654`).expect(404);
      await admin.get(`/api/${c.resource}/987654`).expect(404);
      await admin.delete(`/api/${c.resource}/-1`).expect(404);

      if (c.unknownRef) {
        const [patch, refField] = c.unknownRef;
        const res = await admin.post(`/api/${c.resource}`, { ...c.valid(), ...patch }).expect(422);
        expect(res.body.errors).toContainEqual({
          field: refField,
          message: expect.stringMatching(/mit der ID 999999 wurde nicht gefunden\.$/),
        });
      }
      expect(await count(c.resource)).toBe(before);
    });

    if (c.unique) {
      it(`rejects a duplicate ${c.unique} with 409 and keeps the first`, async () => {
        const body = c.valid();
        const first = await admin.post(`/api/${c.resource}`, body).expect(201);
        const before = await count(c.resource);
        const dup = await admin.post(`/api/${c.resource}`, { ...c.valid(), [c.unique!]: body[c.unique!] }).expect(409);
        expect(dup.body).toMatchObject({
          code: 'DUPLICATE',
          errors: [{ field: c.unique, message: 'Dieser Wert wird bereits verwendet.' }],
        });
        expect(await count(c.resource)).toBe(before);
        expect((await admin.get(`/api/${c.resource}/${first.body.data.id}`).expect(200)).body.data).toEqual(
          first.body.data,
        );
      });
    }
  });

  it('refuses to delete what is still in use (409) and keeps it', async () => {
    const res = await admin.delete(`/api/branches/${ids['wien-innere-stadt']}`).expect(409);
    expect(res.body).toMatchObject({
      code: 'IN_USE',
      message: 'Filiale wird noch verwendet und kann nicht gelöscht werden.',
    });
    await admin.get(`/api/branches/${ids['wien-innere-stadt']}`).expect(200);
  });

  it('filters lists and searches', async () => {
    const tables = await request(stack.baseUrl).get(`/api/tables?branch=${ids['wien-neubau']}`).expect(200);
    expect(tables.body.data.length).toBeGreaterThan(0);
    expect(tables.body.data.every((t: { branch: number }) => t.branch === ids['wien-neubau'])).toBe(true);
    const search = await request(stack.baseUrl).get('/api/branches?search=graz').expect(200);
    expect(search.body.data.map((b: { identifier: string }) => b.identifier)).toEqual(['graz-lend']);
    const paged = await request(stack.baseUrl).get('/api/products?perPage=10&page=2').expect(200);
    expect(paged.body.data).toHaveLength(10);
    expect(paged.body.meta).toMatchObject({ page: 2, perPage: 10 });
    const bad = await request(stack.baseUrl).get('/api/products?perPage=abc').expect(422);
    expect(bad.body.errors[0].field).toBe('perPage');
  });

  it('hides non-public branches and the branch API key from visitors', async () => {
    const branch = (await admin.get(`/api/branches/${ids['graz-lend']}`).expect(200)).body.data;
    expect(branch.apiKey).toEqual(expect.any(String));
    const anon = await request(stack.baseUrl).get(`/api/branches/${ids['graz-lend']}`).expect(200);
    expect(anon.body.data).not.toHaveProperty('apiKey');
    await admin.put(`/api/branches/${branch.id}`, { ...branch, isPublic: false }).expect(200);
    await request(stack.baseUrl).get(`/api/branches/${branch.id}`).expect(404);
    const list = await request(stack.baseUrl).get('/api/branches').expect(200);
    expect(list.body.data.map((b: { id: number }) => b.id)).not.toContain(branch.id);
    await admin.put(`/api/branches/${branch.id}`, { ...branch, isPublic: true }).expect(200);
  });

  it('sends a branch API key in /api/init only to administrators and the employees of that branch', async () => {
    const employee = await login(stack, EMPLOYEE);
    const keyed = async (get: (path: string) => request.Test) => {
      const entries = (await get('/api/init').expect(200)).body.data as Array<{
        url: string;
        data: Array<{ id: number; apiKey?: string }>;
      }>;
      return entries
        .find((e) => e.url === '/api/branches')!
        .data.filter((b) => b.apiKey !== undefined)
        .map((b) => b.id)
        .sort((a, b) => a - b);
    };
    // the employee asks before and after the administrator: staff of different rights never share a cached snapshot
    expect(await keyed((path) => employee.get(path))).toEqual([ids['wien-innere-stadt']]);
    const all = ((await admin.get('/api/branches').expect(200)).body.data as Array<{ id: number }>)
      .map((b) => b.id)
      .sort((a, b) => a - b);
    expect(all.length).toBeGreaterThan(1);
    expect(await keyed((path) => admin.get(path))).toEqual(all);
    expect(await keyed((path) => employee.get(path))).toEqual([ids['wien-innere-stadt']]);
    expect(await keyed((path) => request(stack.baseUrl).get(path))).toEqual([]);
  });

  it('reads and saves the configuration (admin only), with German errors', async () => {
    const config = (await request(stack.baseUrl).get('/api/config').expect(200)).body.data;
    expect(config).toMatchObject({ currency: 'EUR', country: 'AT', timezone: 'Europe/Vienna' });
    const saved = await admin.post('/api/config', { ...config, shopName: 'Donaugenuss Test' }).expect(200);
    expect(saved.body.data.shopName).toBe('Donaugenuss Test');
    const bad = await admin.post('/api/config', { ...config, email: 'keine-mail' }).expect(422);
    expect(bad.body.errors).toContainEqual({
      field: 'email',
      message: 'Dieser Wert ist keine gültige E-Mail-Adresse.',
    });
    const tz = await admin.post('/api/config', { ...config, timezone: 'Europe/Wien' }).expect(422);
    expect(tz.body.errors).toContainEqual({ field: 'timezone', message: 'Dieser Wert ist keine gültige Zeitzone.' });
    expect((await request(stack.baseUrl).get('/api/config').expect(200)).body.data.shopName).toBe('Donaugenuss Test');
    await request(stack.baseUrl).post('/api/config').send(config).expect(401);
  });
});
