import { privacyKit, type PrivacyKit } from '../../../../test/privacy-test-kit.js';
import { PrivacyExportSweep } from '../../privacy-export.sweep.js';
import { PrivacyRequestEntity } from '../../privacy-request.entity.js';

const INPUT = { query: { email: 'anna.berger@example.at' }, requestedBy: 'Brief vom 1. 12.' };
const attempt = <T>(f: () => Promise<T>) => Promise.resolve().then(f);

describe('DownloadExport (issue 44: once, by the staff member who made it; real Postgres)', () => {
  let kit: PrivacyKit;
  const stored = (id: number) => kit.ds.getRepository(PrivacyRequestEntity).findOneByOrFail({ id });
  beforeAll(async () => {
    kit = await privacyKit('identity_privacy_download');
  });
  afterAll(() => kit.close());

  it('hands the file out once to the staff member who made it, then refuses with a German 404 and keeps no file', async () => {
    const record = await kit.exporter.execute(kit.staff.officer, { ...INPUT, format: 'csv' });
    const file = await kit.download.execute(kit.staff.officer, record.id);
    expect(file).toEqual({
      fileName: `datenauskunft-${record.id}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: expect.stringMatching(/^\ufeffBereich;Nr\.;Feld;Wert\r\n/),
    });
    const after = await stored(record.id);
    expect(after.exportBody).toBeNull();
    expect(after.exportDownloadedAt).toBeInstanceOf(Date);

    await expect(kit.download.execute(kit.staff.officer, record.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(
        /^Dieser Export wurde am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} bereits heruntergeladen und danach gelöscht\. Bitte erstellen Sie bei Bedarf einen neuen Export\.$/,
      ),
    });
  });

  it('refuses another staff member, an administrator too, with a German 403 naming who made it', async () => {
    const record = await kit.exporter.execute(kit.staff.officer, { ...INPUT, format: 'json' });
    for (const other of [kit.staff.colleague, kit.staff.admin])
      await expect(kit.download.execute(other, record.id)).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: 'Nur die Person, die den Export erstellt hat (Dora Daten), kann ihn herunterladen.',
      });
    await expect(attempt(() => kit.download.execute(kit.staff.employee, record.id))).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'Keine Rechte, um die Ressource anzufragen.',
    });
    // still there for the one who made it
    const file = await kit.download.execute(kit.staff.officer, record.id);
    expect(file.fileName).toBe(`datenauskunft-${record.id}.json`);
    expect(file.contentType).toBe('application/json; charset=utf-8');
    expect(JSON.parse(file.body)).toHaveProperty('Bereiche');
  });

  it('refuses an expired export with a German 404; the sweep deletes expired files and keeps the records', async () => {
    const expired = await kit.exporter.execute(kit.staff.officer, { ...INPUT, format: 'json' });
    const fresh = await kit.exporter.execute(kit.staff.officer, { ...INPUT, format: 'json' });
    await kit.ds
      .getRepository(PrivacyRequestEntity)
      .update({ id: expired.id }, { exportExpiresAt: new Date(Date.now() - 60_000) });
    await expect(kit.download.execute(kit.staff.officer, expired.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/^Dieser Export ist am .+ abgelaufen und wurde gelöscht\. Bitte erstellen Sie/),
    });

    await expect(new PrivacyExportSweep(kit.repo).sweep()).resolves.toBe(1);
    expect((await stored(expired.id)).exportBody).toBeNull();
    expect((await stored(fresh.id)).exportBody).not.toBeNull();
    await expect(kit.download.execute(kit.staff.officer, expired.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 404 for an id that is no export', async () => {
    const search = await kit.search.execute(kit.staff.officer, INPUT);
    for (const id of [search.request.id, 999_999, Number.NaN])
      await expect(kit.download.execute(kit.staff.officer, id)).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Datenexport wurde nicht gefunden.',
      });
  });
});
