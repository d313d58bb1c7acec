import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import {
  addCommand,
  addTv,
  commandEvents,
  countingRelay,
  employee,
  signageTestDatabase,
  testSignageConfig,
} from '../../../../test/signage-test-database.js';
import { CommandEntity } from '../../command.entity.js';
import { AbortCommand } from './abort-command.usecase.js';

describe('AbortCommand (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: AbortCommand;
  const relay = countingRelay();
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('abort_command'));
    usecase = new AbortCommand(ds, relay, testSignageConfig());
  });
  afterAll(() => close());

  it('aborts the open command, records it on the TV and as an event, and answers the TV', async () => {
    const tv = await addTv(ds);
    const open = await addCommand(ds, tv.id, { state: 'acknowledged', acknowledgedAt: new Date() });
    const answer = await usecase.execute(employee, tv.id);
    expect(answer.command).toMatchObject({ id: open.id, state: 'aborted' });
    const row = await ds.getRepository(CommandEntity).findOneByOrFail({ id: open.id });
    expect(row.state).toBe('aborted');
    expect(row.finishedAt).not.toBeNull();
    expect((await commandEvents(ds)).filter((e) => e.device === tv.id).map((e) => e.command.state)).toEqual([
      'aborted',
    ]);
    expect(relay.kicks).toBe(1);
  });

  it('nothing open is 409; a TV outside the branches 404', async () => {
    const tv = await addTv(ds);
    await addCommand(ds, tv.id, { state: 'done', finishedAt: new Date() });
    await expect(usecase.execute(employee, tv.id)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: t('signage.noOpenCommand'),
    });
    const elsewhere = await addTv(ds, { branchId: 9 });
    await addCommand(ds, elsewhere.id);
    await expect(usecase.execute(employee, elsewhere.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await ds.getRepository(CommandEntity).findOneByOrFail({ deviceId: elsewhere.id })).state).toBe('pending');
  });
});
