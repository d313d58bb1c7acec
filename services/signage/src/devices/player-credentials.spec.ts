import { t } from '@shop/i18n-de';
import type { DataSource } from 'typeorm';
import { addTv, credentialsOf, signageTestDatabase } from '../../test/signage-test-database.js';
import { authenticatePlayer, authenticatePlayers } from './player-credentials.js';

describe("a player's sign-in (real Postgres)", () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  beforeAll(async () => ({ ds, close } = await signageTestDatabase('player_credentials')));
  afterAll(() => close());

  it('the same 401 for an unknown identifier, a wrong key, a disabled TV and a NUL in the identifier', async () => {
    const tv = await addTv(ds);
    const disabled = await addTv(ds, { isEnabled: false });
    for (const creds of [
      { identifier: 'nobody', key: tv.key },
      { identifier: tv.identifier, key: `${tv.key}x` },
      { identifier: tv.identifier, key: disabled.key },
      credentialsOf(disabled),
      { identifier: `${tv.identifier}\0`, key: tv.key },
      { identifier: '', key: tv.key },
    ])
      await expect(authenticatePlayer(ds.manager, creds)).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
        message: t('devices.unauthenticated'),
      });
    expect((await authenticatePlayer(ds.manager, credentialsOf(tv))).id).toBe(tv.id);
  });

  it("answers many sign-ins at once, each with its own TV or null, in the batch's order", async () => {
    const [a, b] = [await addTv(ds), await addTv(ds)];
    const found = await authenticatePlayers(ds.manager, [
      credentialsOf(b),
      { identifier: a.identifier, key: b.key },
      credentialsOf(a),
      credentialsOf(b),
    ]);
    expect(found.map((d) => d?.id ?? null)).toEqual([b.id, null, a.id, b.id]);
  });
});
