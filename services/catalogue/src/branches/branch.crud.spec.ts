import type { Branch, ListReply } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf, idleRelay } from '../../test/catalogue-test-database.js';
import { DivisionEntity } from '../divisions/division.entity.js';
import { MenuEntity } from '../menus/menu.entity.js';
import { TableEntity } from '../tables/table.entity.js';
import { TagEntity } from '../tags/tag.entity.js';
import { branchCrud } from './branch.crud.js';
import { BranchEntity } from './branch.entity.js';

type BranchWithKey = Branch & { apiKey?: string };

describe('branches CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<BranchEntity, unknown>;
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_branches'));
    crud = new CrudService(branchCrud, ds, idleRelay) as CrudService<BranchEntity, unknown>;
  });
  afterAll(() => close());

  const create = (body: Record<string, unknown>) => crud.create(admin, { body }) as Promise<BranchWithKey>;
  const ids = async (actor: Parameters<typeof crud.list>[0], query: Record<string, string> = {}) =>
    ((await crud.list(actor, { query: { perPage: '500', ...query } })) as ListReply<Branch>).items.map((b) => b.id);

  it("generates the counter-screen key once, keeps it on every update, and shows it to administrators and the branch's employees only", async () => {
    const graz = await create({ identifier: 'graz', name: 'Graz' });
    expect(graz.apiKey).toEqual(expect.any(String));
    expect(graz.apiKey?.length).toBeGreaterThanOrEqual(32);
    const updated = (await crud.update(employeeOf(graz.id), {
      id: graz.id,
      body: { identifier: 'graz', name: 'Graz', closedMessage: 'Heute Betriebsausflug', apiKey: 'vom-client' },
    })) as BranchWithKey;
    expect(updated).toMatchObject({ closedMessage: 'Heute Betriebsausflug', apiKey: graz.apiKey });
    expect((await ds.getRepository(BranchEntity).findOneByOrFail({ id: graz.id })).apiKey).toBe(graz.apiKey);
    expect(await crud.get(employeeOf(graz.id + 1000), { id: graz.id })).not.toHaveProperty('apiKey');
    expect(await crud.get(null, { identifier: 'graz' })).not.toHaveProperty('apiKey');
    expect(
      branchCrud.serviceDto?.(await ds.getRepository(BranchEntity).findOneByOrFail({ id: graz.id })),
    ).toMatchObject({ apiKey: graz.apiKey });
  });

  it('an employee updates their own branch only; creating and deleting are for administrators', async () => {
    const linz = await create({ identifier: 'linz', name: 'Linz' });
    const body = { identifier: 'linz', name: 'Nein' };
    await expect(crud.update(employeeOf(linz.id + 1000), { id: linz.id, body })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      errors: [{ message: 'Sie haben keinen Zugriff auf diese Filiale.' }],
    });
    await expect(
      attempt(() => crud.create(employeeOf(linz.id), { body: { identifier: 'x', name: 'X' } })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.delete(employeeOf(linz.id), { id: linz.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(crud.update(null, { id: linz.id, body })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await ds.getRepository(BranchEntity).findOneByOrFail({ id: linz.id })).name).toBe('Linz');
  });

  it("an employee changes the branch's hours, closed message, pause and status e-mails; the rest only an administrator (403 naming the field)", async () => {
    const tag = await ds.getRepository(TagEntity).save({ name: 'Pizza', image: null, weight: 0 });
    const steyr = await create({
      identifier: 'steyr',
      name: 'Steyr',
      tags: [{ id: tag.id }],
      images: [{ id: 3, version: 2, extension: 'jpg' }],
      latitude: 48.04,
    });
    const whole = { ...steyr } as Record<string, unknown>;
    const allowed = {
      ...whole,
      openingHours: [{ type: 'daily', date: null, from: '09:00', to: '18:00', isClosed: false }],
      deliveryHours: [{ type: 'daily', date: null, from: '11:00', to: '14:00', isClosed: false }],
      isDeliveryHoursEnabled: true,
      orderableFrom: '10:30',
      closedMessage: 'Heute geschlossen',
      isCanceledEmailEnabled: false,
      isRejectedEmailEnabled: false,
    };
    // the whole branch as the form sends it: the unchanged fields (tags, images in jsonb's key order) pass
    const saved = (await crud.update(employeeOf(steyr.id), { id: steyr.id, body: allowed })) as Branch;
    expect(saved).toMatchObject({
      orderableFrom: '10:30',
      closedMessage: 'Heute geschlossen',
      isDeliveryHoursEnabled: true,
      isCanceledEmailEnabled: false,
    });
    const refused = async (change: Record<string, unknown>) => {
      const err = await crud.update(employeeOf(steyr.id), { id: steyr.id, body: { ...allowed, ...change } }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toMatchObject({ code: 'FORBIDDEN', status: 403 });
      return (err as { errors: { field: string; message: string }[] }).errors;
    };
    expect(await refused({ name: 'Steyr Neu' })).toEqual([
      { field: 'name', message: 'Die Einstellung „Name“ der Filiale dürfen nur Administratoren ändern.' },
    ]);
    expect((await refused({ isPublic: false, isCashEnabled: false })).map((e) => e.message)).toEqual([
      'Die Einstellung „Öffentlich“ der Filiale dürfen nur Administratoren ändern.',
      'Die Einstellung „Barzahlung“ der Filiale dürfen nur Administratoren ändern.',
    ]);
    expect((await refused({ tags: [] })).map((e) => e.field)).toEqual(['tags']);
    expect((await refused({ latitude: 48.05, printOn: 'created' })).map((e) => e.field)).toEqual([
      'latitude',
      'printOn',
    ]);
    const row = await ds.getRepository(BranchEntity).findOneByOrFail({ id: steyr.id });
    expect([row.name, row.isPublic, row.isCashEnabled, row.tagIds]).toEqual(['Steyr', true, true, [tag.id]]);
    // an administrator changes them all
    const renamed = (await crud.update(admin, {
      id: steyr.id,
      body: { ...allowed, name: 'Steyr Neu', isPublic: false, isCashEnabled: false },
    })) as Branch;
    expect(renamed).toMatchObject({ name: 'Steyr Neu', isPublic: false, isCashEnabled: false });
    await crud.delete(admin, { id: steyr.id }); // the lists of the next test count the branches
  });

  it('names a missing organisation and tags in German, keeps each tag once', async () => {
    await expect(
      create({ identifier: 'wels', name: 'Wels', division: { id: 999_999 }, tags: [{ id: 999_998 }] }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [
        { field: 'division', message: 'Organisation mit der ID 999999 wurde nicht gefunden.' },
        { field: 'tags.0', message: 'Tag mit der ID 999998 wurde nicht gefunden.' },
      ],
    });
    const tag = await ds.getRepository(TagEntity).save({ name: 'Frühstück', image: null, weight: 0 });
    const wels = await create({ identifier: 'wels', name: 'Wels', tags: [{ id: tag.id }, { id: tag.id }] });
    expect(wels.tags).toEqual([{ id: tag.id }]);
  });

  it('visitors see public, enabled branches only; lists filter by organisation, tag, public and enabled', async () => {
    const division = await ds
      .getRepository(DivisionEntity)
      .save({ identifier: 'nord', name: 'Nord', title: null, description: null, logo: null, weight: 0 });
    const tag = await ds.getRepository(TagEntity).save({ name: 'Terrasse', image: null, weight: 0 });
    const open = await create({
      identifier: 'f-offen',
      name: 'Offen',
      division: { id: division.id },
      tags: [{ id: tag.id }],
    });
    const hidden = await create({
      identifier: 'f-intern',
      name: 'Intern',
      isPublic: false,
      division: { id: division.id },
    });
    const closed = await create({ identifier: 'f-zu', name: 'Zu', isEnabled: false });
    const seen = await ids(null);
    expect(seen).toContain(open.id);
    expect(seen).not.toContain(hidden.id);
    expect(seen).not.toContain(closed.id);
    await expect(crud.get(null, { id: hidden.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await ids(employeeOf(1))).toEqual(expect.arrayContaining([hidden.id, closed.id]));
    expect((await ids(admin, { division: String(division.id) })).sort()).toEqual([open.id, hidden.id].sort());
    expect(await ids(admin, { tag: String(tag.id) })).toEqual([open.id]);
    expect(await ids(admin, { isPublic: 'false' })).toEqual([hidden.id]);
    expect(await ids(admin, { isEnabled: 'false' })).toEqual([closed.id]);
  });

  it('a branch a menu names or a table stands in is not deleted (409 in German); an unused one is', async () => {
    const withMenu = await create({ identifier: 'd-menu', name: 'Mit Menü' });
    const withTable = await create({ identifier: 'd-tisch', name: 'Mit Tisch' });
    const unused = await create({ identifier: 'd-leer', name: 'Leer' });
    await ds.getRepository(MenuEntity).save({
      name: 'Karte',
      availableFrom: new Date(),
      branches: [withMenu.id],
      catalog: { categories: [] },
    });
    await ds.getRepository(TableEntity).save({ identifier: 'd-t1', name: 'T1', branchId: withTable.id, seats: null });
    for (const used of [withMenu, withTable])
      await expect(crud.delete(admin, { id: used.id })).rejects.toMatchObject({
        code: 'IN_USE',
        errors: [{ message: 'Filiale wird noch verwendet und kann nicht gelöscht werden.' }],
      });
    await crud.delete(admin, { id: unused.id });
    expect(await ds.getRepository(BranchEntity).existsBy({ id: unused.id })).toBe(false);
    expect(await ds.getRepository(BranchEntity).countBy({ identifier: 'd-menu' })).toBe(1);
  });
});
