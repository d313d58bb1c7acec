import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import {
  addCommand,
  addTv,
  commandEvents,
  countingRelay,
  credentialsOf,
  signageTestDatabase,
} from '../../../../test/signage-test-database.js';
import { SignageDeviceEntity } from '../../../devices/device.entity.js';
import { CommandEntity } from '../../command.entity.js';
import { AcknowledgeCommands } from './acknowledge-commands.usecase.js';

describe('AcknowledgeCommands (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: AcknowledgeCommands;
  const relay = countingRelay();
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('ack_commands'));
    usecase = new AcknowledgeCommands(ds, relay);
  });
  afterAll(() => close());

  const stateOf = async (id: number) => ds.getRepository(CommandEntity).findOneByOrFail({ id });

  it('answers each entry on its own, in order: acknowledged, 401 for a wrong key, 404 for another TV’s command', async () => {
    const [a, b] = [await addTv(ds), await addTv(ds)];
    const [ca, cb] = [await addCommand(ds, a.id), await addCommand(ds, b.id)];
    const { results } = await usecase.execute({
      acks: [
        { ...credentialsOf(a), command: ca.id },
        { identifier: b.identifier, key: a.key, command: cb.id },
        { ...credentialsOf(a), command: cb.id },
        { ...credentialsOf(b), command: cb.id },
      ],
    });
    expect(results).toEqual([
      { command: expect.objectContaining({ id: ca.id, state: 'acknowledged' }) },
      { error: expect.objectContaining({ status: 401, message: t('devices.unauthenticated') }) },
      { error: expect.objectContaining({ status: 404, code: 'NOT_FOUND' }) },
      { command: expect.objectContaining({ id: cb.id, state: 'acknowledged' }) },
    ]);
    expect((await stateOf(ca.id)).acknowledgedAt).not.toBeNull();
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: b.id })).command?.state).toBe(
      'acknowledged',
    );
    expect((await commandEvents(ds)).map((e) => [e.command.id, e.command.state])).toEqual([
      [ca.id, 'acknowledged'],
      [cb.id, 'acknowledged'],
    ]);
    expect(relay.kicks).toBe(1);
  });

  it('a repeated ack (also within the batch) writes nothing and answers the command as it stands', async () => {
    const tv = await addTv(ds);
    const command = await addCommand(ds, tv.id);
    const ack = { ...credentialsOf(tv), command: command.id };
    await usecase.execute({ acks: [ack, ack] });
    const first = await stateOf(command.id);
    const events = (await commandEvents(ds)).length;
    const kicks = relay.kicks;
    const { results } = await usecase.execute({ acks: [ack] });
    expect(results).toEqual([{ command: expect.objectContaining({ state: 'acknowledged' }) }]);
    expect((await stateOf(command.id)).acknowledgedAt).toEqual(first.acknowledgedAt);
    expect((await commandEvents(ds)).length).toBe(events);
    expect(relay.kicks).toBe(kicks);
  });

  it('an ack for an aborted command leaves it aborted; one past its time-to-live expires it', async () => {
    const tv = await addTv(ds);
    const aborted = await addCommand(ds, tv.id, { state: 'aborted', finishedAt: new Date() });
    const late = await addCommand(ds, tv.id, { expiresAt: new Date(Date.now() - 1000) });
    const { results } = await usecase.execute({
      acks: [
        { ...credentialsOf(tv), command: aborted.id },
        { ...credentialsOf(tv), command: late.id },
      ],
    });
    expect(results.map((r) => ('command' in r ? r.command.state : r.error.status))).toEqual(['aborted', 'expired']);
    expect((await stateOf(late.id)).state).toBe('expired');
  });

  it('refuses a malformed batch with 422', async () => {
    await expect(usecase.execute({ acks: [] })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
