import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import {
  addCommand,
  addScene,
  addStream,
  addTv,
  admin,
  commandEvents,
  countingRelay,
  employee,
  signageTestDatabase,
} from '../../../../test/signage-test-database.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';
import { IssueBulkCommand } from './issue-bulk-command.usecase.js';

describe('IssueBulkCommand (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: IssueBulkCommand;
  const relay = countingRelay();
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('bulk_command'));
    usecase = new IssueBulkCommand(ds, relay);
  });
  afterAll(() => close());

  const openOf = async (deviceId: number) =>
    ds.getRepository(CommandEntity).find({ where: { deviceId }, order: { id: 'ASC' } });

  it('listed TVs: each gets its own pending command (an open one aborted), with its copy and event', async () => {
    const [a, b] = [await addTv(ds), await addTv(ds)];
    const earlier = await addCommand(ds, a.id);
    const result = await usecase.execute(employee, { type: 'reload', devices: [b.id, a.id] });
    expect(result.count).toBe(2);
    expect(result.devices.map((d) => d.id)).toEqual([a.id, b.id]);
    for (const { id, command } of result.devices) {
      const rows = await openOf(id);
      expect(rows.at(-1)).toMatchObject({ id: command, state: 'pending', type: 'reload' });
      expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id })).command?.id).toBe(command);
    }
    expect((await ds.getRepository(CommandEntity).findOneByOrFail({ id: earlier.id })).state).toBe('aborted');
    const events = await commandEvents(ds);
    expect(events.filter((e) => e.device === a.id).map((e) => e.command.state)).toEqual(['aborted', 'pending']);
    expect(relay.kicks).toBe(1);
  });

  it('listed TVs are all or nothing: one unknown or outside the branches is 404 on devices, a disabled one 409', async () => {
    const mine = await addTv(ds);
    const foreign = await addTv(ds, { branchId: 3 });
    const disabled = await addTv(ds, { isEnabled: false });
    await expect(usecase.execute(employee, { type: 'reload', devices: [mine.id, foreign.id] })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      errors: [{ field: 'devices', message: t('validation.referenceNotFound', { label: 'TV', id: foreign.id }) }],
    });
    await expect(usecase.execute(admin, { type: 'reload', devices: [mine.id, disabled.id] })).rejects.toMatchObject({
      code: 'CONFLICT',
      errors: [{ field: 'devices', message: t('signage.deviceDisabled') }],
    });
    expect(await openOf(mine.id)).toEqual([]);
  });

  it("a branch: its enabled TVs; an employee's foreign branch is 403, a branch without an enabled TV 422", async () => {
    const [on, off] = [await addTv(ds, { branchId: 7 }), await addTv(ds, { branchId: 7, isEnabled: false })];
    const result = await usecase.execute(admin, { type: 'identify', branch: 7 });
    expect(result.devices.map((d) => d.id)).toEqual([on.id]);
    expect(await openOf(off.id)).toEqual([]);
    await expect(usecase.execute(employee, { type: 'identify', branch: 7 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      errors: [{ field: 'branch' }],
    });
    await expect(usecase.execute(admin, { type: 'identify', branch: 8 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'branch', message: t('signage.noDevices') }],
    });
  });

  it("a stream: the enabled TVs whose scene plays it, limited to an employee's branches", async () => {
    const stream = await addStream(ds, []);
    const other = await addStream(ds, []);
    const scene = await addScene(ds, [other.id, stream.id]);
    const elsewhere = await addScene(ds, [other.id]);
    const playing = await addTv(ds, { sceneId: scene.id });
    await addTv(ds, { sceneId: scene.id, branchId: 4 });
    await addTv(ds, { sceneId: elsewhere.id });
    expect((await usecase.execute(employee, { type: 'reload', stream: stream.id })).devices.map((d) => d.id)).toEqual([
      playing.id,
    ]);
    const unplayed = await addStream(ds, []);
    await expect(usecase.execute(admin, { type: 'reload', stream: unplayed.id })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'stream', message: t('signage.noDevices') }],
    });
  });

  it('none or several targets are 422', async () => {
    await expect(usecase.execute(admin, { type: 'reload' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(usecase.execute(admin, { type: 'reload', branch: 1, stream: 1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'devices', message: t('signage.bulkTarget') }],
    });
  });
});
