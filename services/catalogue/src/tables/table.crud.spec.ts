import type { ListReply, Table } from '@shop/contracts';
import { CrudService } from '@shop/server';
import type { DataSource } from 'typeorm';
import { admin, attempt, catalogueTestDatabase, employeeOf, idleRelay } from '../../test/catalogue-test-database.js';
import { branchCrud } from '../branches/branch.crud.js';
import { tableCrud } from './table.crud.js';
import { TableEntity } from './table.entity.js';

describe('tables CRUD rules (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let crud: CrudService<TableEntity, unknown>;
  let wien: number;
  let graz: number;
  let hidden: number;
  const branch = async (identifier: string, o: Record<string, unknown> = {}) =>
    (
      (await new CrudService(branchCrud, ds, idleRelay).create(admin, {
        body: { identifier, name: identifier, ...o },
      })) as {
        id: number;
      }
    ).id;
  beforeAll(async () => {
    ({ ds, close } = await catalogueTestDatabase('catalogue_tables'));
    crud = new CrudService(tableCrud, ds, idleRelay) as CrudService<TableEntity, unknown>;
    wien = await branch('wien');
    graz = await branch('graz');
    hidden = await branch('intern', { isPublic: false });
  });
  afterAll(() => close());

  it("employees manage the tables of their own branches: no creating elsewhere, no moving a table to another's branch", async () => {
    const staff = employeeOf(wien);
    const t1 = (await crud.create(staff, { body: { identifier: 'wien-1', name: 'Tisch 1', branch: wien } })) as Table;
    expect(t1).toMatchObject({ branch: wien, seats: null });
    await expect(
      attempt(() => crud.create(staff, { body: { identifier: 'graz-1', name: 'Tisch 1', branch: graz } })),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
      errors: [{ message: 'Sie haben keinen Zugriff auf diese Filiale.' }],
    });
    await expect(
      crud.update(staff, { id: t1.id, body: { identifier: 'wien-1', name: 'Tisch 1', branch: graz } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await ds.getRepository(TableEntity).findOneByOrFail({ id: t1.id })).branchId).toBe(wien);
    // staff of both branches may move it
    const moved = (await crud.update(employeeOf(wien, graz), {
      id: t1.id,
      body: { identifier: 'wien-1', name: 'Tisch 1', branch: graz, seats: 4 },
    })) as Table;
    expect(moved).toMatchObject({ branch: graz, seats: 4 });
    await expect(crud.delete(staff, { id: t1.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await crud.delete(employeeOf(graz), { id: t1.id });
    expect(await ds.getRepository(TableEntity).existsBy({ id: t1.id })).toBe(false);
  });

  it('names a missing branch in German; the identifier is unique', async () => {
    await expect(
      crud.create(admin, { body: { identifier: 'nirgends', name: 'X', branch: 999_999 } }),
    ).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'branch', message: 'Filiale mit der ID 999999 wurde nicht gefunden.' }],
    });
    await crud.create(admin, { body: { identifier: 'terrasse', name: 'Terrasse', branch: wien } });
    await expect(
      crud.create(admin, { body: { identifier: 'terrasse', name: 'Terrasse', branch: graz } }),
    ).rejects.toMatchObject({ code: 'DUPLICATE', errors: [{ field: 'identifier' }] });
  });

  it("visitors see the tables of public, enabled branches only; ?branch= lists a branch's tables", async () => {
    const open = (await crud.create(admin, { body: { identifier: 'graz-9', name: 'Graz 9', branch: graz } })) as Table;
    const inner = (await crud.create(admin, { body: { identifier: 'i-1', name: 'Intern', branch: hidden } })) as Table;
    const ids = async (actor: Parameters<typeof crud.list>[0], query: Record<string, string> = {}) =>
      ((await crud.list(actor, { query })) as ListReply<Table>).items.map((t) => t.id);
    expect(await ids(null)).toContain(open.id);
    expect(await ids(null)).not.toContain(inner.id);
    await expect(crud.get(null, { identifier: 'i-1' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await crud.get(admin, { identifier: 'i-1' })).toMatchObject({ id: inner.id });
    expect(await ids(admin, { branch: String(hidden) })).toEqual([inner.id]);
  });
});
