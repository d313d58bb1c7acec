import type { DataSource } from 'typeorm';
import { addCommand, addTv, commandEvents, signageTestDatabase } from '../../../../test/signage-test-database.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';
import { finishOpenCommands, recordCommands } from './command-records.js';

describe('recording command changes (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => ({ ds, close } = await signageTestDatabase('command_records')));
  afterAll(() => close());

  const copyOf = async (id: number) => (await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id })).command;

  it("a TV's copy is its latest command: a change to an older one is an event only", async () => {
    const tv = await addTv(ds);
    const older = await addCommand(ds, tv.id, { state: 'done' });
    const latest = await addCommand(ds, tv.id);
    await ds.transaction((m) => recordCommands(m, [tv], [latest]));
    await ds.transaction(async (m) =>
      recordCommands(m, [await m.findOneByOrFail(SignageDeviceEntity, { id: tv.id })], [older]),
    );
    expect(await copyOf(tv.id)).toMatchObject({ id: latest.id, state: 'pending' });
    expect((await commandEvents(ds)).map((e) => e.command.id)).toEqual([latest.id, older.id]);
  });

  it('an event leaves out a long error text (it stays in the row)', async () => {
    const tv = await addTv(ds);
    const text = 'Fehler '.repeat(400);
    const failed = await addCommand(ds, tv.id, { state: 'failed', result: text });
    await ds.transaction((m) => recordCommands(m, [tv], [failed]));
    expect((await commandEvents(ds)).find((e) => e.command.id === failed.id)?.command.result).toBeNull();
    expect((await copyOf(tv.id))?.result).toBe(text);
  });

  it('ends the open commands of many TVs at once and says whether there was one', async () => {
    const [a, b] = [await addTv(ds), await addTv(ds)];
    const open = [await addCommand(ds, a.id), await addCommand(ds, b.id, { state: 'acknowledged' })];
    expect(await ds.transaction((m) => finishOpenCommands(m, [a, b], 'expired'))).toBe(true);
    const rows = await ds.getRepository(CommandEntity).findBy(open.map((c) => ({ id: c.id })));
    expect(rows.map((r) => r.state)).toEqual(['expired', 'expired']);
    expect(await ds.transaction((m) => finishOpenCommands(m, [a, b], 'aborted'))).toBe(false);
  });
});
