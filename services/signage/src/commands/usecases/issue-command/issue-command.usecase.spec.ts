import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import {
  addTv,
  admin,
  commandEvents,
  countingRelay,
  employee,
  signageTestDatabase,
  testSignageConfig,
} from '../../../../test/signage-test-database.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';
import { IssueCommand } from './issue-command.usecase.js';

describe('IssueCommand (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: IssueCommand;
  const relay = countingRelay();
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('issue_command'));
    usecase = new IssueCommand(ds, relay, testSignageConfig());
  });
  afterAll(() => close());

  it('records a pending command, the TV’s copy and the event in one go, and answers the TV without its key', async () => {
    const tv = await addTv(ds);
    const kicks = relay.kicks;
    const answer = await usecase.execute(employee, tv.id, { type: 'identify', ttlSeconds: 60 });
    const [row] = await ds.getRepository(CommandEntity).findBy({ deviceId: tv.id });
    expect(row).toMatchObject({ type: 'identify', state: 'pending', sceneId: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60_000);
    expect(answer.command).toMatchObject({ id: row!.id, type: 'identify', state: 'pending' });
    expect(answer).not.toHaveProperty('key');
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).command?.id).toBe(row!.id);
    expect((await commandEvents(ds)).filter((e) => e.device === tv.id).map((e) => e.command.state)).toEqual([
      'pending',
    ]);
    expect(relay.kicks).toBe(kicks + 1);
    // the key is shown once, at creation (issue 42): not to administrators either
    expect(await usecase.execute(admin, tv.id, { type: 'reload' })).not.toHaveProperty('key');
  });

  it('a new command aborts the open one first (the latest wish of staff counts)', async () => {
    const tv = await addTv(ds);
    await usecase.execute(admin, tv.id, { type: 'screen-off' });
    const answer = await usecase.execute(admin, tv.id, { type: 'screen-on' });
    const rows = await ds.getRepository(CommandEntity).find({ where: { deviceId: tv.id }, order: { id: 'ASC' } });
    expect(rows.map((r) => [r.type, r.state])).toEqual([
      ['screen-off', 'aborted'],
      ['screen-on', 'pending'],
    ]);
    expect(rows[0]!.finishedAt).not.toBeNull();
    expect(answer.command?.id).toBe(rows[1]!.id);
    expect((await commandEvents(ds)).filter((e) => e.device === tv.id).map((e) => e.command.state)).toEqual([
      'pending',
      'aborted',
      'pending',
    ]);
  });

  it('refuses a disabled TV (409), a TV of another branch (404 as if unknown), a visitor and a show-scene without scene', async () => {
    const disabled = await addTv(ds, { isEnabled: false });
    await expect(usecase.execute(admin, disabled.id, { type: 'reload' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: t('signage.deviceDisabled'),
    });
    const elsewhere = await addTv(ds, { branchId: 2 });
    await expect(usecase.execute(employee, elsewhere.id, { type: 'reload' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(usecase.execute(null, elsewhere.id, { type: 'reload' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(usecase.execute(admin, elsewhere.id, { type: 'show-scene' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'scene', message: t('validation.required') }],
    });
    expect(await ds.getRepository(CommandEntity).countBy({ deviceId: elsewhere.id })).toBe(0);
  });
});
