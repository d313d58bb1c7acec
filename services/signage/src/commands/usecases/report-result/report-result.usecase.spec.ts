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
import { ReportResult } from './report-result.usecase.js';

describe('ReportResult (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: ReportResult;
  const relay = countingRelay();
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('report_result'));
    usecase = new ReportResult(ds, relay);
  });
  afterAll(() => close());

  it('an open command becomes done or failed with the report, acknowledged on the way if it was not', async () => {
    const tv = await addTv(ds);
    const ok = await addCommand(ds, tv.id, { state: 'acknowledged', acknowledgedAt: new Date(Date.now() - 5000) });
    expect(await usecase.execute(credentialsOf(tv), ok.id, { ok: true })).toMatchObject({ id: ok.id, state: 'done' });
    const failing = await addCommand(ds, tv.id);
    const answer = await usecase.execute(credentialsOf(tv), failing.id, { ok: false, result: 'Szene fehlt' });
    expect(answer).toMatchObject({ state: 'failed', result: 'Szene fehlt' });
    const row = await ds.getRepository(CommandEntity).findOneByOrFail({ id: failing.id });
    expect(row.acknowledgedAt).not.toBeNull();
    expect(row.finishedAt).not.toBeNull();
    expect((await ds.getRepository(SignageDeviceEntity).findOneByOrFail({ id: tv.id })).command).toMatchObject({
      id: failing.id,
      state: 'failed',
    });
    expect(relay.kicks).toBe(2);
  });

  it("keeps a screenshot's picture in the row and shows its URL in the answer and the event", async () => {
    const tv = await addTv(ds);
    const shot = await addCommand(ds, tv.id, { type: 'screenshot' });
    const picture = 'data:image/jpeg;base64,/9j/AAAA';
    const answer = await usecase.execute(credentialsOf(tv), shot.id, { ok: true, result: picture });
    const url = `/api/digital-signage-devices/${tv.id}/screenshot?c=${shot.id}`;
    expect(answer.result).toBe(url);
    expect((await ds.getRepository(CommandEntity).findOneByOrFail({ id: shot.id })).result).toBe(picture);
    expect((await commandEvents(ds)).find((e) => e.command.id === shot.id)?.command.result).toBe(url);
  });

  it('a report for a command that ended meanwhile answers it as it is; a wrong key is 401, a foreign command 404', async () => {
    const tv = await addTv(ds);
    const aborted = await addCommand(ds, tv.id, { state: 'aborted', finishedAt: new Date() });
    expect(await usecase.execute(credentialsOf(tv), aborted.id, { ok: true })).toMatchObject({ state: 'aborted' });
    await expect(
      usecase.execute({ identifier: tv.identifier, key: 'falsch'.repeat(6) }, aborted.id, { ok: true }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: t('devices.unauthenticated') });
    const other = await addTv(ds);
    await expect(usecase.execute(credentialsOf(other), aborted.id, { ok: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(usecase.execute(credentialsOf(tv), aborted.id, { ok: 'ja' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
