import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import { addCommand, addTv, employee, signageTestDatabase } from '../../../../test/signage-test-database.js';
import { CommandScreenshot } from './command-screenshot.usecase.js';

const picture = (bytes: string) => `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;

describe('CommandScreenshot (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let usecase: CommandScreenshot;
  beforeAll(async () => {
    ({ ds, close } = await signageTestDatabase('command_screenshot'));
    usecase = new CommandScreenshot(ds);
  });
  afterAll(() => close());

  it("answers the given screenshot's picture, else the latest done one", async () => {
    const tv = await addTv(ds);
    const first = await addCommand(ds, tv.id, { type: 'screenshot', state: 'done', result: picture('eins') });
    await addCommand(ds, tv.id, { type: 'screenshot', state: 'done', result: picture('zwei') });
    await addCommand(ds, tv.id, { type: 'screenshot', state: 'failed', result: 'Kein Bild' });
    const latest = await usecase.execute(employee, tv.id, null);
    expect(latest.mediaType).toBe('image/jpeg');
    expect(Buffer.from(latest.base64, 'base64').toString()).toBe('zwei');
    expect(Buffer.from((await usecase.execute(employee, tv.id, first.id)).base64, 'base64').toString()).toBe('eins');
  });

  it('404 without a picture or for an unknown TV; 403 for a TV of another branch', async () => {
    const tv = await addTv(ds);
    const failed = await addCommand(ds, tv.id, { type: 'screenshot', state: 'failed', result: 'Fehler' });
    for (const command of [null, failed.id])
      await expect(usecase.execute(employee, tv.id, command)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: t('http.resourceNotFound', { label: 'Bildschirmfoto' }),
      });
    await expect(usecase.execute(employee, 999_999, null)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const elsewhere = await addTv(ds, { branchId: 5 });
    await addCommand(ds, elsewhere.id, { type: 'screenshot', state: 'done', result: picture('x') });
    await expect(usecase.execute(employee, elsewhere.id, null)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
