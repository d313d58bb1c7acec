import { PRIVACY_SECTION_TITLES } from '@shop/contracts';
import { annasOrders, privacyKit, type PrivacyKit } from '../../../../test/privacy-test-kit.js';
import { CustomerEntity } from '../../../customers/customer.entity.js';
import { PrivacyRequestEntity } from '../../privacy-request.entity.js';

const QUERY = { email: 'anna.berger@example.at', phone: '+43 664 1234567' };
const attempt = <T>(f: () => Promise<T>) => Promise.resolve().then(f);

describe('ExportPrivacy (issue 44: one file per request, JSON or CSV; real Postgres, services on real NATS)', () => {
  let kit: PrivacyKit;
  const stored = (id: number) => kit.ds.getRepository(PrivacyRequestEntity).findOneByOrFail({ id });
  beforeAll(async () => {
    kit = await privacyKit('identity_privacy_export', { PRIVACY_EXPORT_TTL_HOURS: '48' });
    await kit.ds.getRepository(CustomerEntity).save({ firstName: 'Anna', lastName: 'Berger', email: QUERY.email });
    kit.answers.finds.set('order.privacy.find', annasOrders());
    kit.answers.finds.set('statistics.privacy.find', {
      sections: [{ kind: 'logs', rows: [{ Meldung: '=HYPERLINK("http://böse.example")', Stufe: 'Fehler' }] }],
    });
  });
  afterAll(() => kit.close());

  it('writes every section with its German title into one JSON file, kept for PRIVACY_EXPORT_TTL_HOURS', async () => {
    const before = Date.now();
    const record = await kit.exporter.execute(kit.staff.officer, {
      query: QUERY,
      requestedBy: 'E-Mail vom 3. 12.',
      format: 'json',
    });
    expect(record).toMatchObject({
      kind: 'export',
      exportFormat: 'json',
      exportDownloadedAt: null,
      handledBy: { id: kit.staff.officer.id, name: 'Dora Daten' },
    });
    const expires = new Date(record.exportExpiresAt ?? 0).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 48 * 3_600_000);
    expect(expires).toBeLessThan(Date.now() + 48 * 3_600_000 + 1000);
    expect(record).not.toHaveProperty('exportBody');
    // every service is told the shop's country (de-AT), as the number was read
    const finds = kit.asked().filter((a) => a.subject.endsWith('.find'));
    expect(finds.map((a) => a.payload?.country)).toEqual(['AT', 'AT', 'AT', 'AT']);

    const file = JSON.parse((await stored(record.id)).exportBody ?? 'null');
    expect(Object.keys(file)).toEqual(['Erstellt am', 'Anfrage', 'Bereiche']);
    expect(file['Erstellt am']).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    expect(file.Anfrage).toEqual({
      'Nr.': record.id,
      Art: 'Datenexport',
      'Anfrage des Kunden': 'E-Mail vom 3. 12.',
      'Bearbeitet von': 'Dora Daten',
      'E-Mail-Adresse': 'anna.berger@example.at',
      Telefonnummer: '+436641234567',
    });
    expect(Object.keys(file.Bereiche)).toEqual(Object.values(PRIVACY_SECTION_TITLES));
    expect(file.Bereiche.Kundenstammdaten).toEqual([
      expect.objectContaining({ Vorname: 'Anna', Nachname: 'Berger', 'E-Mail': QUERY.email }),
    ]);
    expect(file.Bereiche.Bestellpositionen).toEqual([
      { Bestellnummer: 41, Produkt: 'Apfelstrudel', Menge: 2, Preis: 4.5 },
    ]);
    expect(file.Bereiche.Zahlungen).toEqual([]);
  });

  it('writes CSV in a long format (Bereich; Nr.; Feld; Wert) with a BOM, German values and every section', async () => {
    const record = await kit.exporter.execute(kit.staff.officer, { query: QUERY, requestedBy: 'Brief', format: 'csv' });
    const body = (await stored(record.id)).exportBody ?? '';
    expect(body.startsWith('\ufeff')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Bereich;Nr.;Feld;Wert');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Anfrage;1;Bearbeitet von;Dora Daten',
        'Anfrage;1;E-Mail-Adresse;anna.berger@example.at',
        // a text a spreadsheet would run as a formula is marked as text
        "Anfrage;1;Telefonnummer;'+436641234567",
        'Kundenstammdaten;1;Vorname;Anna',
        'Kundenstammdaten;1;Aktiv;ja',
        'Bestellungen;1;Bestellnummer;41',
        'Bestellpositionen;1;Preis;4,5',
        'Gesendete E-Mails und SMS;1;Gesendet;ja',
        'Zahlungen;;;keine Einträge',
        `Protokolleinträge;1;Meldung;"'=HYPERLINK(""http://böse.example"")"`,
      ]),
    );
    expect(lines.at(-1)).toBe('');
    const sections = new Set(lines.slice(1, -1).map((l) => l.split(';')[0]));
    expect(sections).toEqual(new Set(['Anfrage', ...Object.values(PRIVACY_SECTION_TITLES)]));
  });

  it('refuses an unknown format (422) and staff without the privacy permission (German 403)', async () => {
    await expect(
      attempt(() => kit.exporter.execute(kit.staff.officer, { query: QUERY, requestedBy: 'Brief', format: 'xlsx' })),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'format' }] });
    await expect(
      attempt(() => kit.exporter.execute(kit.staff.employee, { query: QUERY, requestedBy: 'Brief', format: 'csv' })),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Keine Rechte, um die Ressource anzufragen.' });
  });
});
