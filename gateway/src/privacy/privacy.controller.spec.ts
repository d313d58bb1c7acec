import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Actor, PrivacyErasure, PrivacyRequestRecord } from '@shop/contracts';
import { BusServer, createLogger, DomainException, Rpc, RpcDomainExceptionFilter, type RpcMessage } from '@shop/server';
import { cleanupPrefixes, NATS_URL, REDIS_URL, uniquePrefixes } from '@shop/testing';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGatewayApp } from '../bootstrap/create-gateway-app.js';
import { loadGatewayConfig } from '../config/gateway-config.js';

const STAFF: Record<string, Actor> = {
  chefin: { id: 1, username: 'chefin', roles: ['ROLE_ADMIN'], branches: [] },
  datenschutz: { id: 2, username: 'datenschutz', roles: ['ROLE_EMPLOYEE', 'ROLE_PRIVACY'], branches: [] },
  mitarbeiter: { id: 3, username: 'mitarbeiter', roles: ['ROLE_EMPLOYEE'], branches: [] },
};

const record = (o: Partial<PrivacyRequestRecord> = {}): PrivacyRequestRecord => ({
  id: 12,
  kind: 'erase',
  requestedBy: 'Brief',
  handledBy: { id: 2, name: 'Dora Daten' },
  subjectHash: 'ab'.repeat(32),
  counts: [{ kind: 'orders', count: 1 }],
  createdAt: '2026-12-06T10:00:00.000Z',
  exportFormat: null,
  exportExpiresAt: null,
  exportDownloadedAt: null,
  failedServices: [],
  ...o,
});

/** What identity answers (an Error: that refusal) and what it was asked, with whom for. */
const identity = {
  replies: new Map<string, unknown>(),
  asked: [] as Array<{ subject: string; payload: unknown; actor: string | undefined }>,
};
/** the envelope of a privacy subject, as far as the stand-in reads it */
type Envelope = { payload: unknown; actor: Actor | null };
function reply(subject: string, m: Envelope) {
  identity.asked.push({ subject, payload: m.payload, actor: m.actor?.username });
  const answer = identity.replies.get(subject);
  if (answer instanceof Error) throw answer;
  return answer;
}

@Controller()
class IdentityStandIn {
  @Rpc('identity.auth.verify-credentials')
  verify(@Payload() m: RpcMessage<'identity.auth.verify-credentials'>) {
    const actor = STAFF[m.payload.username];
    if (!actor) throw DomainException.of('INVALID_CREDENTIALS', 'auth.invalidCredentials');
    return actor;
  }
  @Rpc('identity.user.me')
  me(@Payload() m: RpcMessage<'identity.user.me'>) {
    const actor = Object.values(STAFF).find((a) => a.id === m.payload.id);
    return { ...actor, branches: [], credentialsChangedAt: null };
  }
  @Rpc('identity.privacy.search')
  search(@Payload() m: Envelope) {
    return reply('identity.privacy.search', m);
  }
  @Rpc('identity.privacy.export')
  exporter(@Payload() m: Envelope) {
    return reply('identity.privacy.export', m);
  }
  @Rpc('identity.privacy.download')
  download(@Payload() m: Envelope) {
    return reply('identity.privacy.download', m);
  }
  @Rpc('identity.privacy.erase')
  erase(@Payload() m: Envelope) {
    return reply('identity.privacy.erase', m);
  }
  @Rpc('identity.privacy.list')
  list(@Payload() m: Envelope) {
    return reply('identity.privacy.list', m);
  }
}
@Module({ controllers: [IdentityStandIn] })
class IdentityStandInModule {}

/** `npm start`'s mail catcher's files: one .eml per mail, named as scripts/lib/dev-mail.mjs names them. */
const MAILS: Record<string, string> = {
  toAnna: 'To: anna.berger@example.at\r\nSubject: Ihre Bestellung\r\n\r\nDanke für Ihre Bestellung.\r\n',
  phoneQuoted:
    'To: filiale@example.at\r\nSubject: Neue Bestellung\r\nContent-Type: text/plain; charset=utf-8\r\n' +
    'Content-Transfer-Encoding: quoted-printable\r\n\r\nR=C3=BCckruf an 0664 / 123 45 67 bitte.\r\n',
  nameBase64:
    'To: filiale@example.at\r\nSubject: Tischreservierung\r\nContent-Type: text/plain; charset=utf-8\r\n' +
    `Content-Transfer-Encoding: base64\r\n\r\n${Buffer.from('Reserviert für Anna Berger, Tisch 4').toString('base64')}\r\n`,
  otto: 'To: otto@example.at\r\nSubject: Ihre Bestellung\r\n\r\nHallo Otto, Rückfragen unter +43 664 7654321. Grüße an Anna\r\n',
};

describe('privacy routes (issue 44: the gateway in front of identity; real Redis sessions and NATS)', () => {
  const prefixes = uniquePrefixes('gwprivacy');
  let standIn: INestMicroservice;
  let app: NestFastifyApplication;
  let base: string;
  let mailDir: string;
  const mailFiles: Record<string, string> = {};

  /** A logged-in staff member: the session cookies, and the CSRF token sent with every write unless told not to. */
  async function login(username: string) {
    const res = await fetch(`${base}/backend/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'egal' }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const { data } = (await res.json()) as { data: { csrfToken: string } };
    return (method: string, path: string, body?: unknown, o: { csrf?: boolean } = {}) =>
      fetch(`${base}${path}`, {
        method,
        headers: {
          cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(o.csrf === false ? {} : { 'x-csrf-token': data.csrfToken }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
  }
  type Client = Awaited<ReturnType<typeof login>>;
  let admin: Client;
  let officer: Client;
  let employee: Client;

  beforeAll(async () => {
    standIn = await NestFactory.createMicroservice(IdentityStandInModule, {
      strategy: new BusServer(prefixes.nats, { servers: NATS_URL, queue: 'stand-in' }),
      logger: false,
    });
    standIn.useGlobalFilters(new RpcDomainExceptionFilter(createLogger('identity', 'silent')));
    await standIn.listen();
    mailDir = mkdtempSync(join(tmpdir(), 'shop-privacy-mail-'));
    Object.keys(MAILS).forEach((name, i) => (mailFiles[name] = `${Date.now()}-${String(i + 1).padStart(6, '0')}.eml`));
    app = await createGatewayApp(
      loadGatewayConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        REDIS_URL,
        NATS_URL,
        NATS_SUBJECT_PREFIX: prefixes.nats,
        REDIS_PREFIX: prefixes.redis,
        DEV_MAIL_DIR: mailDir,
      }),
    );
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    [admin, officer, employee] = await Promise.all(['chefin', 'datenschutz', 'mitarbeiter'].map(login));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
    await cleanupPrefixes(prefixes);
    rmSync(mailDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    identity.replies.clear();
    identity.asked.length = 0;
  });

  const input = { query: { email: 'anna.berger@example.at', phone: '0664 1234567' }, requestedBy: 'Brief vom 1. 12.' };

  it('forwards a search and an export with the staff member, and answers what identity answers', async () => {
    const result = { request: record({ kind: 'search' }), sections: [{ kind: 'orders', rows: [{ Nr: 41 }] }] };
    identity.replies.set('identity.privacy.search', result);
    const searched = await officer('POST', '/api/privacy/searches', input);
    expect([searched.status, await searched.json()]).toEqual([201, { data: result }]);
    identity.replies.set('identity.privacy.export', record({ kind: 'export', exportFormat: 'csv' }));
    const exported = await admin('POST', '/api/privacy/exports', { ...input, format: 'csv' });
    expect(exported.status).toBe(201);
    expect(identity.asked).toEqual([
      { subject: 'identity.privacy.search', payload: input, actor: 'datenschutz' },
      { subject: 'identity.privacy.export', payload: { ...input, format: 'csv' }, actor: 'chefin' },
    ]);
  });

  it('refuses staff without the privacy permission (German 403), a visitor (401), a write without the CSRF token', async () => {
    for (const [res, status, message] of [
      [await employee('POST', '/api/privacy/searches', input), 403, 'Keine Rechte, um die Ressource anzufragen.'],
      [await employee('GET', '/api/privacy/exports/1/download'), 403, 'Keine Rechte, um die Ressource anzufragen.'],
      [await officer('GET', '/api/privacy/requests'), 403, 'Keine Rechte, um die Ressource anzufragen.'],
      [await officer('POST', '/api/privacy/erasures', input, { csrf: false }), 403, 'Ungültiges CSRF-Token.'],
      [await fetch(`${base}/api/privacy/requests`), 401, 'Es konnten keine Zugangsdaten gefunden werden.'],
    ] as const)
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([status, message]);
    expect(identity.asked).toEqual([]);
  });

  it('refuses a body that does not fit the contract with German field errors, before identity is asked', async () => {
    const bad = await officer('POST', '/api/privacy/erasures', { query: { email: 'keine-adresse' }, requestedBy: '' });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: unknown[] }).errors).toEqual(
      expect.arrayContaining([
        { field: 'query.email', message: 'Dieser Wert ist keine gültige E-Mail-Adresse.' },
        { field: 'requestedBy', message: 'Dieser Wert sollte nicht leer sein.' },
      ]),
    );
    const format = await officer('POST', '/api/privacy/exports', { ...input, format: 'pdf' });
    expect([format.status, ((await format.json()) as { errors: Array<{ field: string }> }).errors[0].field]).toEqual([
      422,
      'format',
    ]);
    const notObject = await officer('POST', '/api/privacy/searches', ['anna']);
    expect([notObject.status, ((await notObject.json()) as { message: string }).message]).toEqual([
      400,
      'Die Anfrage muss ein JSON-Objekt enthalten.',
    ]);
    expect(identity.asked).toEqual([]);
  });

  it('sends the export as an attachment that is not cached; a refusal keeps its German status and text', async () => {
    const body = '\ufeffBereich;Nr.;Feld;Wert\r\nAnfrage;1;Art;Datenexport\r\n';
    identity.replies.set('identity.privacy.download', {
      fileName: 'datenauskunft-12.csv',
      contentType: 'text/csv; charset=utf-8',
      body,
    });
    const res = await officer('GET', '/api/privacy/exports/12/download');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="datenauskunft-12.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(identity.asked).toEqual([
      { subject: 'identity.privacy.download', payload: { id: 12 }, actor: 'datenschutz' },
    ]);

    const gone = 'Dieser Export wurde am 06.12.2026, 11:00 bereits heruntergeladen und danach gelöscht.';
    identity.replies.set(
      'identity.privacy.download',
      new DomainException('NOT_FOUND', [{ field: null, message: gone }], gone),
    );
    const again = await officer('GET', '/api/privacy/exports/12/download');
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([404, gone]);
    const badId = await officer('GET', '/api/privacy/exports/abc/download');
    expect([badId.status, ((await badId.json()) as { message: string }).message]).toEqual([
      404,
      'Datenexport wurde nicht gefunden.',
    ]);
  });

  const erasure = (): PrivacyErasure => ({
    record: record(),
    subject: { emails: ['anna.berger@example.at'], phoneDigits: ['6641234567'], phonesE164: ['+436641234567'] },
    names: ['Anna Berger', 'Anna'],
  });
  const writeMails = () =>
    Object.entries(MAILS).forEach(([name, raw]) => writeFileSync(join(mailDir, mailFiles[name]), raw));

  it("deletes the mail catcher's copies naming the address, the number or a full name after an erasure, counted as 'mails'", async () => {
    writeMails();
    identity.replies.set('identity.privacy.erase', erasure());
    const res = await officer('POST', '/api/privacy/erasures', input);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { data: PrivacyRequestRecord }).data).toEqual({
      ...record(),
      counts: [
        { kind: 'orders', count: 1 },
        { kind: 'mails', count: 3 },
      ],
    });
    // a first name alone ('Anna') and another number are no match
    expect(readdirSync(mailDir)).toEqual([mailFiles.otto]);
    expect(identity.asked).toEqual([{ subject: 'identity.privacy.erase', payload: input, actor: 'datenschutz' }]);
  });

  it('deletes no mail when identity could not erase everything (its German 503)', async () => {
    writeMails();
    const text = 'Die Löschung ist nicht vollständig, weil diese Dienste nicht geantwortet haben: Bestellungen.';
    identity.replies.set(
      'identity.privacy.erase',
      new DomainException('SERVICE_UNAVAILABLE', [{ field: null, message: text }], text),
    );
    const res = await admin('POST', '/api/privacy/erasures', input);
    expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([503, text]);
    expect(readdirSync(mailDir).sort()).toEqual(Object.values(mailFiles).sort());
  });

  it('lists the records for administrators, paged as asked', async () => {
    const page = { items: [record()], meta: { total: 1, page: 2, perPage: 1 } };
    identity.replies.set('identity.privacy.list', page);
    const res = await admin('GET', '/api/privacy/requests?page=2&perPage=1');
    expect([res.status, await res.json()]).toEqual([200, { data: page.items, meta: page.meta }]);
    expect(identity.asked).toEqual([
      { subject: 'identity.privacy.list', payload: { query: { page: '2', perPage: '1' } }, actor: 'chefin' },
    ]);
  });
});
