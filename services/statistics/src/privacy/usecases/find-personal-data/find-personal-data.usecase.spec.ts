import { privacySubject, signCaller } from '@shop/server';
import type { DataSource } from 'typeorm';
import { annaRequest, seedCustomerData } from '../../../../test/privacy-fixtures.js';
import { busAnswering, statisticsKit } from '../../../../test/statistics-fixtures.js';
import { statisticsTestDatabase } from '../../../../test/statistics-test-database.js';
import { LogService } from '../../../logs/log.service.js';
import { PrivacyController } from '../../privacy.controller.js';
import { PrivacyRepository } from '../../privacy.repository.js';
import { ErasePersonalData } from '../erase-personal-data/erase-personal-data.usecase.js';
import { FindPersonalData } from './find-personal-data.usecase.js';

describe('FindPersonalData (real Postgres)', () => {
  let ds: DataSource;
  let close: () => Promise<void>;
  let find: FindPersonalData;
  beforeAll(async () => {
    ({ ds, close } = await statisticsTestDatabase('privacy_find'));
    const kit = statisticsKit(ds, busAnswering({ 'catalogue.init.snapshot': () => ({ branches: [] }) }));
    await seedCustomerData(ds, kit);
    find = new FindPersonalData(ds, new PrivacyRepository(ds));
  });
  afterAll(() => close());

  it("lists the log entries and analytics events holding the customer's address, number or name", async () => {
    const { sections } = await find.execute(annaRequest());
    expect(sections.map((s) => s.kind)).toEqual(['logs', 'analytics']);
    const [logs, analytics] = sections;
    // the order id alone (print-901) and another customer's entry are not the customer's data
    expect(logs.rows.map((r) => r.Meldung)).toEqual([
      'E-Mail-Auftrag fehlgeschlagen: 550 <anna.berger@example.at> rejected',
      'SMS-Auftrag fehlgeschlagen',
      'Unerwarteter Fehler bei POST /api/custom/form/:id',
    ]);
    expect(logs.rows[0]).toEqual({
      Zeit: '2026-06-01T09:00:00.000Z',
      Stufe: 'error',
      Quelle: 'workers',
      Code: 'JOB_FAILED',
      Meldung: 'E-Mail-Auftrag fehlgeschlagen: 550 <anna.berger@example.at> rejected',
    });
    expect(analytics.rows).toEqual([
      { Zeit: '2026-06-01T10:05:00.000Z', Typ: 'pageview', Aktion: '/suche/anna.berger@example.at', Seite: '/kontakt' },
      { Zeit: '2026-06-01T10:06:00.000Z', Typ: 'form', Aktion: 'Submit: Kontakt', Seite: '/kontakt' },
    ]);
  });

  it('searches by the number alone, and finds nothing for another customer', async () => {
    const byPhone = await find.execute({
      subject: { emails: [], phoneDigits: ['6641234567'], phonesE164: ['+436641234567'] },
    });
    expect(byPhone.sections.map((s) => s.rows.length)).toEqual([1, 1]);
    const other = await find.execute({
      subject: { emails: ['carla@example.at'], phoneDigits: ['6641234567'], phonesE164: ['+496641234567'] },
    });
    expect(other.sections.map((s) => s.rows.length)).toEqual([0, 0]);
  });

  it("reads a number without country code in the shop's country the request names (a German shop: not Austrian)", async () => {
    await new LogService(ds).record({
      eventKey: 'job-failed:sms-903-created',
      level: 'error',
      source: 'workers',
      code: 'JOB_FAILED',
      message: 'SMS-Auftrag fehlgeschlagen',
      context: { orderId: 903, reason: 'provider: number 0151 23456789 unknown' },
      createdAt: new Date('2026-06-01T09:30:00Z'),
    });
    // identity read the query in the German shop's country: +49 151 23456789
    const subject = privacySubject({ phone: '0151 23456789' }, 'DE');
    const german = await find.execute({ subject, country: 'DE' });
    expect(german.sections[0].rows.map((r) => r.Meldung)).toEqual(['SMS-Auftrag fehlgeschlagen']);
    // read as Austrian (no country named, or 'AT'), the stored 0151 … is a Vienna number: not hers
    for (const country of [undefined, 'AT'])
      expect((await find.execute({ subject, country })).sections.map((s) => s.rows.length)).toEqual([0, 0]);
    await expect(find.execute({ subject, country: 'de' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers only the identity service, and a malformed request is 422', async () => {
    const config = { SERVICE_SECRET: 'privacy-spec-service-secret' };
    const controller = new PrivacyController(find, new ErasePersonalData(ds, new PrivacyRepository(ds)), config) as {
      [subject: string]: (m: unknown) => Promise<unknown>;
    };
    const as = (service: string) => ({
      actor: null,
      caller: signCaller({ service, secret: config.SERVICE_SECRET }, 'statistics.privacy.find'),
      payload: annaRequest(),
    });
    await expect(controller['statistics.privacy.find'](as('identity'))).resolves.toMatchObject({ sections: [{}, {}] });
    expect(() => controller['statistics.privacy.find'](as('workers'))).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => controller['statistics.privacy.erase']({ actor: null, payload: annaRequest() })).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    await expect(find.execute({ subject: { emails: 'x' } })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
