import type { DataSource } from 'typeorm';
import { branchContext, busStandIn } from '../../../../test/bus-stand-in.js';
import { addTv, credentialsOf, signageTestDatabase } from '../../../../test/signage-test-database.js';
import { LiveBoards } from './live-boards.usecase.js';

describe('LiveBoards (real Postgres, the catalogue and the order service over real NATS)', () => {
  let ds: DataSource;
  let closeDb: () => Promise<void>;
  let standIn: Awaited<ReturnType<typeof busStandIn>>;
  let usecase: LiveBoards;
  beforeAll(async () => {
    ({ ds, close: closeDb } = await signageTestDatabase('live_boards'));
    standIn = await busStandIn();
    usecase = new LiveBoards(ds, standIn.bus);
  });
  afterAll(async () => {
    await standIn.close();
    await closeDb();
  });

  it("the pickup board is the order service's for the TV's branch", async () => {
    standIn.answers.pickupBoards.set(6, { branch: 6, inProgress: ['A12'], ready: ['A10', 'A11'] });
    const tv = await addTv(ds, { branchId: 6 });
    expect(await usecase.pickupBoard(credentialsOf(tv))).toEqual({
      branch: 6,
      inProgress: ['A12'],
      ready: ['A10', 'A11'],
    });
  });

  it("the menu board has the branch's menus and time zone; without a context, empty lists in the default zone", async () => {
    const menus = [{ id: 1, name: 'Frühstück' }];
    standIn.answers.contexts.set(7, branchContext(7, { timezone: 'Europe/Berlin', menus }));
    const tv = await addTv(ds, { branchId: 7 });
    expect(await usecase.menuBoard(credentialsOf(tv))).toEqual({
      branch: 7,
      timeZone: 'Europe/Berlin',
      menus,
      categories: [],
      products: [],
    });
    const elsewhere = await addTv(ds, { branchId: 8 });
    expect(await usecase.menuBoard(credentialsOf(elsewhere))).toEqual({
      branch: 8,
      timeZone: 'Europe/Vienna',
      menus: [],
      categories: [],
      products: [],
    });
  });

  it('a wrong key is 401 before anything is asked', async () => {
    const tv = await addTv(ds, { branchId: 9 });
    const asked = standIn.answers.asked.length;
    const wrong = { identifier: tv.identifier, key: 'z'.repeat(32) };
    await expect(usecase.pickupBoard(wrong)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(usecase.menuBoard(wrong)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(standIn.answers.asked.length).toBe(asked);
  });
});
