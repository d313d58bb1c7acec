import request from 'supertest';
import {
  ADMIN,
  login,
  startStack,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

const ALL_DAY = [{ type: 'daily', date: null, from: '00:00', to: '24:00', isClosed: false }];
// a 1×1 PNG
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** storefront-presenter.md §5 "Upload" and §7 "Create upload"; the order's "referenced uploads exist" */
describe('uploads', () => {
  let stack: Stack;
  let admin: StaffClient;
  let cake: { id: number; config: { parts: Record<string, { type: string; options: Array<{ name: string }> }> } };
  let branchId: number;

  beforeAll(async () => {
    stack = await startStack('uploads');
    await stack.seed();
    admin = await login(stack, ADMIN);
    // the custom cake ('Motivtorte') has an image step; it is sold by the deli branches
    const products = (await admin.get('/api/products?perPage=500').expect(200)).body.data as Array<{
      id: number;
      name: string;
    }>;
    cake = (await admin.get(`/api/products/${products.find((p) => p.name.startsWith('Motivtorte'))!.id}`).expect(200))
      .body.data;
    const branch = (await admin.get('/api/branches/graz-lend').expect(200)).body.data;
    branchId = branch.id;
    await admin
      .put(`/api/branches/${branch.id}`, { ...branch, openingHours: ALL_DAY, isAppointmentRequired: false })
      .expect(200);
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const upload = (body: object) => request(stack.baseUrl).post('/api/uploads').send(body);

  it('stores a data-URL and serves it at /upload/{publicHash}/{id}-{version}.{extension}', async () => {
    const res = await upload({ data: `data:image/png;base64,${PNG}`, filename: 'torte.png' }).expect(201);
    const u = res.body.data;
    expect(u).toEqual({
      id: expect.any(Number),
      version: 1,
      extension: 'png',
      publicHash: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      mimeType: 'image/png',
    });
    const file = await request(stack.baseUrl)
      .get(`/upload/${u.publicHash}/${u.id}-${u.version}.png`)
      .buffer(true)
      .expect(200);
    expect(Buffer.compare(file.body as Buffer, Buffer.from(PNG, 'base64'))).toBe(0);
    // a picture is shown in place
    expect(file.headers['content-disposition']).toBeUndefined();
    await request(stack.baseUrl)
      .get(`/upload/${'x'.repeat(22)}/${u.id}-${u.version}.png`)
      .expect(404);
  });

  it('serves uploads that are no picture as downloads, never shown in the browser', async () => {
    const text = Buffer.from('<script>alert(1)</script>').toString('base64');
    const u = (await upload({ data: `data:text/plain;base64,${text}`, filename: 'notiz.txt' }).expect(201)).body.data;
    const file = await request(stack.baseUrl).get(`/upload/${u.publicHash}/${u.id}-${u.version}.${u.extension}`);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });

  it("refuses types outside §5's list, bodies that are no data-URL, and oversized files, in German", async () => {
    const exe = await upload({ data: 'data:application/x-msdownload;base64,TVqQAAMAAAAEAAAA' }).expect(422);
    expect(exe.body.errors[0]).toMatchObject({
      field: 'data',
      message: expect.stringMatching(/^Der Dateityp ist ungültig \(application\/x-msdownload\)\./),
    });
    const notDataUrl = await upload({ data: 'hallo' }).expect(422);
    expect(notDataUrl.body.errors).toEqual([
      { field: 'data', message: 'Die Datei muss als Data-URL (data:<Typ>;base64,…) gesendet werden.' },
    ]);
    const big = Buffer.alloc(11 * 1024 * 1024, 1).toString('base64');
    const tooLarge = await upload({ data: `data:application/pdf;base64,${big}` }).expect(422);
    expect(tooLarge.body.errors[0].message).toBe(
      'Die Datei ist zu groß (11,00 MB). Die maximal zulässige Größe beträgt 10,00 MB.',
    );
    await upload({ data: `data:application/pdf;base64,${Buffer.alloc(13 * 1024 * 1024).toString('base64')}` }).expect(
      413,
    );
  });

  it('accepts an order whose image step names a stored upload, and refuses one whose upload does not exist', async () => {
    const u = (await upload({ data: `data:image/png;base64,${PNG}` }).expect(201)).body.data;
    const parts: Record<string, unknown> = {};
    for (const [key, step] of Object.entries(cake.config.parts)) {
      if (step.type === 'select') parts[key] = step.options[0]!.name;
      if (step.type === 'text' || step.type === 'textarea') parts[key] = 'Alles Gute!';
      if (step.type === 'image' || step.type === 'file') parts[key] = [u];
      if (step.type === 'images' || step.type === 'files') parts[key] = [u];
      if (step.type === 'multiselect') parts[key] = [step.options[0]!.name];
    }
    const order = (p: Record<string, unknown>) =>
      request(stack.baseUrl)
        .post('/api/orders')
        .send({
          branch: branchId,
          items: [{ product: cake.id, amount: 1, parts: p }],
          firstName: 'Eva',
          lastName: 'Huber',
          email: 'eva@example.at',
          phone: '+43 660 7654321',
          legalInstructions: true,
          privacyPolicy: true,
          paymentMethod: 'cash',
          appointmentDate: '2031-06-02T11:00:00+02:00',
        });
    const ok = await order(parts);
    expect(ok.status).toBe(201);
    const imageKey = Object.entries(cake.config.parts).find(([, s]) => s.type === 'image')![0];
    const missing = await order({ ...parts, [imageKey]: [{ ...u, id: 999999 }] }).expect(422);
    expect(missing.body.errors).toEqual([
      {
        field: 'items.0.parts',
        message: 'Die hochgeladene Datei wurde nicht gefunden. Bitte laden Sie sie erneut hoch.',
      },
    ]);
    const forged = await order({ ...parts, [imageKey]: [{ ...u, publicHash: 'A'.repeat(22) }] }).expect(422);
    expect(forged.body.errors[0].field).toBe('items.0.parts');
  });
});
