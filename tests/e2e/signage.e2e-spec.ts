import { NestFactory } from '@nestjs/core';
import { PLAYER_RESULT_MAX_CHARS } from '@shop/contracts';
import { busServerFor, configureMicroservice } from '@shop/server';
import { waitFor } from '@shop/testing';
import { createParser } from 'eventsource-parser';
import request from 'supertest';
import { CatalogueModule } from '../../services/catalogue/src/catalogue.module.js';
import { loadCatalogueConfig } from '../../services/catalogue/src/config/catalogue-config.js';
import { openAllDay } from '../browser/backoffice-support.js';
import { connectPlayer, type PlayerClient } from '../support/signage-player.js';
import {
  ADMIN,
  EMPLOYEE,
  login,
  orderableProductOf,
  startStack,
  takeawayOrder,
  type StaffClient,
  type Stack,
  STACK_START_MS,
  STACK_CLOSE_MS,
} from '../support/stack.js';

/**
 * issue 20: digital signage. backoffice-platform.md §3 (scenes by path), §4 (a device accepts a command, which can
 * be aborted; both return the updated device), §7 (standard CRUD with filters), §8 ('Befehl konnte nicht …').
 */
describe('digital signage', () => {
  let stack: Stack;
  let admin: StaffClient;
  let branches: Record<string, number>;
  const players: PlayerClient[] = [];

  beforeAll(async () => {
    // a short offline time and a quick expiry sweep keep the test short; the defaults are 60 s and 5 s
    stack = await startStack('signage', { SIGNAGE_OFFLINE_AFTER_MS: '1500', SIGNAGE_EXPIRY_INTERVAL_MS: '200' });
    branches = (await stack.seed()).branchIds;
    admin = await login(stack, ADMIN);
  }, STACK_START_MS);
  afterAll(async () => {
    players.forEach((p) => p.close());
    await stack?.close();
  }, STACK_CLOSE_MS);

  const segment = (name: string, extra: Record<string, unknown> = {}) =>
    admin.post('/api/digital-signage-segments', { name, type: 'text', text: name, durationSeconds: 5, ...extra });
  const scene = async (path: string) => {
    const text = (await segment(`Text ${path}`).expect(201)).body.data;
    const stream = (
      await admin.post('/api/digital-signage-streams', { name: `Stream ${path}`, segments: [text.id] }).expect(201)
    ).body.data;
    return (
      await admin
        .post('/api/scenes', { path, name: `Szene ${path}`, regions: [{ name: 'Vollbild', stream: stream.id }] })
        .expect(201)
    ).body.data;
  };
  const device = async (identifier: string, branch = 'wien-innere-stadt', sceneId: number | null = null) =>
    (
      await admin
        .post('/api/digital-signage-devices', {
          identifier,
          name: `TV ${identifier}`,
          branch: branches[branch],
          scene: sceneId,
        })
        .expect(201)
    ).body.data;
  const player = async (d: { identifier: string; key: string }) => {
    const p = await connectPlayer(stack.baseUrl, d.identifier, d.key);
    players.push(p);
    await waitFor(() => p.events.find((e) => e.event === 'hello'));
    return p;
  };

  it('keeps segments, streams and scenes with filters, finds a scene by its path and answers bad input in German', async () => {
    const a = (await segment('Willkommen').expect(201)).body.data;
    const b = (
      await segment('Angebot', {
        type: 'web',
        text: null,
        url: 'https://example.at/angebot',
        frameOrigins: ['https://example.at'],
      }).expect(201)
    ).body.data;
    expect(a).toMatchObject({
      type: 'text',
      text: 'Willkommen',
      daypart: null,
      transition: 'fade',
      durationSeconds: 5,
    });
    const stream = (
      await admin.post('/api/digital-signage-streams', { name: 'Theke', segments: [b.id, a.id] }).expect(201)
    ).body.data;
    expect(stream.segments).toEqual([b.id, a.id]);
    // reordering is a PUT with the new order
    const reordered = (
      await admin.put(`/api/digital-signage-streams/${stream.id}`, { ...stream, segments: [a.id, b.id] }).expect(200)
    ).body.data;
    expect(reordered.segments).toEqual([a.id, b.id]);
    const created = (
      await admin
        .post('/api/scenes', {
          path: '/wien/theke',
          name: 'Theke Wien',
          regions: [{ name: 'Links', width: 50, stream: stream.id }],
        })
        .expect(201)
    ).body.data;
    expect(created.regions).toEqual([{ name: 'Links', x: 0, y: 0, width: 50, height: 100, stream: stream.id }]);
    for (const key of ['%2Fwien%2Ftheke', 'wien%2Ftheke'])
      expect((await admin.get(`/api/scenes/${key}`).expect(200)).body.data.id).toBe(created.id);
    await admin.get('/api/scenes/%2Fnirgendwo').expect(404);

    const ids = async (path: string) =>
      ((await admin.get(path).expect(200)).body.data as Array<{ id: number }>).map((x) => x.id);
    expect(await ids(`/api/scenes?stream=${stream.id}`)).toEqual([created.id]);
    expect(await ids(`/api/digital-signage-streams?scene=${created.id}`)).toEqual([stream.id]);
    expect(await ids(`/api/digital-signage-streams?segment=${b.id}`)).toEqual([stream.id]);
    expect((await ids(`/api/digital-signage-segments?stream=${stream.id}`)).sort()).toEqual([a.id, b.id].sort());
    expect(await ids('/api/digital-signage-segments?type=web')).toEqual([b.id]);

    const dup = await admin.post('/api/scenes', {
      path: '/wien/theke',
      name: 'Nochmal',
      regions: [{ name: 'X', stream: stream.id }],
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'path', message: 'Dieser Wert wird bereits verwendet.' }]);
    const missing = await admin
      .post('/api/scenes', { path: '/x', name: 'X', regions: [{ name: 'X', stream: 999999 }] })
      .expect(422);
    expect(missing.body.errors).toEqual([
      { field: 'regions.0.stream', message: 'Stream mit der ID 999999 wurde nicht gefunden.' },
    ]);
    const badSegment = await segment('Bild ohne Bild', { type: 'image', text: null }).expect(422);
    expect(badSegment.body.errors).toContainEqual({ field: 'image', message: 'Dieser Wert sollte nicht leer sein.' });
    const badStream = await admin.post('/api/digital-signage-streams', { name: 'X', segments: [999999] }).expect(422);
    expect(badStream.body.errors).toEqual([
      { field: 'segments.0', message: 'Filmsequenz mit der ID 999999 wurde nicht gefunden.' },
    ]);
    // what is still shown is not deleted
    const inUse = await admin.delete(`/api/digital-signage-streams/${stream.id}`).expect(409);
    expect(inUse.body.message).toBe('Stream wird noch verwendet und kann nicht gelöscht werden.');
    await admin.delete(`/api/digital-signage-segments/${a.id}`).expect(409);
  });

  it('keeps devices per branch: key generated and shown once (create answer only), filters by branch, scene and status', async () => {
    const s = await scene('/filter');
    const tv = await device('tv-filter', 'wien-innere-stadt', s.id);
    expect(tv).toMatchObject({ status: 'offline', lastSeenAt: null, command: null, scene: s.id, powerSchedule: null });
    expect(tv.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const graz = await device('tv-graz', 'graz-lend');
    const detail = (await admin.get('/api/digital-signage-devices/tv-filter').expect(200)).body.data;
    expect(detail.id).toBe(tv.id);
    // issue 42: the key is shown once; administrators do not read it again (list, detail, update answer)
    expect(detail).not.toHaveProperty('key');
    const listed = (await admin.get(`/api/digital-signage-devices?branch=${branches['wien-innere-stadt']}`).expect(200))
      .body.data as Array<{ id: number; key?: string }>;
    expect(listed.find((d) => d.id === tv.id)).not.toHaveProperty('key');
    const renamed = (await admin.put(`/api/digital-signage-devices/${tv.id}`, { ...tv, name: 'TV Filter' }).expect(200))
      .body.data;
    expect(renamed).toMatchObject({ name: 'TV Filter' });
    expect(renamed).not.toHaveProperty('key');
    const ids = async (q: string) =>
      ((await admin.get(`/api/digital-signage-devices?${q}`).expect(200)).body.data as Array<{ id: number }>).map(
        (x) => x.id,
      );
    expect(await ids(`scene=${s.id}`)).toEqual([tv.id]);
    expect(await ids(`branch=${branches['graz-lend']}`)).toEqual([graz.id]);
    expect(await ids('status=offline')).toEqual(expect.arrayContaining([tv.id, graz.id]));
    const unknown = await admin
      .post('/api/digital-signage-devices', { identifier: 'tv-x', name: 'X', branch: 999999, scene: 999999 })
      .expect(422);
    expect(unknown.body.errors).toEqual([
      { field: 'scene', message: 'Szene mit der ID 999999 wurde nicht gefunden.' },
      { field: 'branch', message: 'Filiale mit der ID 999999 wurde nicht gefunden.' },
    ]);
    await admin.delete(`/api/scenes/${s.id}`).expect(409);

    const employee = await login(stack, EMPLOYEE);
    const seen = (await employee.get('/api/digital-signage-devices').expect(200)).body.data as Array<{
      id: number;
      key?: string;
    }>;
    expect(seen.map((d) => d.id)).toContain(tv.id);
    expect(seen.map((d) => d.id)).not.toContain(graz.id);
    expect(seen.every((d) => d.key === undefined)).toBe(true);
    await employee.post(`/api/digital-signage-devices/${graz.id}/command`, { type: 'reload' }).expect(404);
    await employee.put(`/api/digital-signage-devices/${tv.id}`, { ...tv, name: 'Nein' }).expect(403);
    await request(stack.baseUrl).get('/api/digital-signage-devices').expect(401);
  });

  it('refuses a chosen key shorter than 32 characters (German field error); 32 and more are taken', async () => {
    const body = { identifier: 'tv-key', name: 'TV Schlüssel', branch: branches['wien-innere-stadt'] };
    const short = await admin.post('/api/digital-signage-devices', { ...body, key: 'k'.repeat(31) }).expect(422);
    expect(short.body.errors).toEqual([
      { field: 'key', message: 'Diese Zeichenkette ist zu kurz. Sie sollte mindestens 32 Zeichen haben.' },
    ]);
    const chosen = `${'k'.repeat(31)}-`;
    const tv = (await admin.post('/api/digital-signage-devices', { ...body, key: chosen }).expect(201)).body.data;
    expect(tv.key).toBe(chosen);
    const update = await admin.put(`/api/digital-signage-devices/${tv.id}`, { ...tv, key: 'kurz-aber-16-zeichen' });
    expect(update.status).toBe(422);
    expect(update.body.errors).toEqual([
      { field: 'key', message: 'Diese Zeichenkette ist zu kurz. Sie sollte mindestens 32 Zeichen haben.' },
    ]);
    // the key in force still opens the player
    await request(stack.baseUrl).get('/api/digital-signage-player/schedule').auth(tv.identifier, chosen).expect(200);
    await admin.delete(`/api/digital-signage-devices/${tv.id}`).expect(200);
  });

  it('plays its scene: the schedule carries regions with their segments; a wrong key is 401', async () => {
    const s = await scene('/spielplan');
    const tv = await device('tv-schedule', 'wien-innere-stadt', s.id);
    const p = await player(tv);
    const schedule = (await p.request('GET', '/schedule')).body.data as Record<string, any>;
    expect(schedule.scene).toMatchObject({ id: s.id, path: '/spielplan' });
    expect(schedule.scene.regions[0].segments[0]).toMatchObject({
      type: 'text',
      text: 'Text /spielplan',
      durationSeconds: 5,
    });
    expect(schedule.timeZone).toBe('Europe/Vienna');
    expect(Array.isArray(schedule.powerSchedule)).toBe(true); // the branch's opening hours
    const wrong = await request(stack.baseUrl)
      .get('/api/digital-signage-player/schedule')
      .auth(tv.identifier, 'falsch-falsch-falsch')
      .expect(401);
    expect(wrong.body.message).toBe('Das Gerät konnte nicht angemeldet werden: Kennung oder Schlüssel ist ungültig.');
    // a content change tells the player to read its schedule again
    const text = s.regions[0];
    const streamId = text.stream;
    const stream = (await admin.get(`/api/digital-signage-streams/${streamId}`).expect(200)).body.data;
    const before = p.events.length;
    await admin.put(`/api/digital-signage-streams/${streamId}`, { ...stream, name: 'Neu' }).expect(200);
    await waitFor(() => p.events.slice(before).find((e) => e.event === 'schedule'));
  });

  it("lets a TV frame only the origins its web segments list: validated, in the schedule and the page's CSP", async () => {
    const web = (extra: Record<string, unknown>) =>
      segment('Wetter', { type: 'web', text: null, url: 'https://wetter.example.at/wien', ...extra });
    const errors = async (extra: Record<string, unknown>) => (await web(extra).expect(422)).body.errors;
    expect(await errors({})).toEqual([
      { field: 'frameOrigins', message: 'Die Herkunft der Adresse muss unter den erlaubten Herkünften stehen.' },
    ]);
    const originMessage =
      'Bitte geben Sie eine Herkunft wie https://beispiel.at an (ohne Pfad; http nur für *.localhost beim Entwickeln).';
    expect(await errors({ frameOrigins: ['https://wetter.example.at/wien'] })).toContainEqual({
      field: 'frameOrigins.0',
      message: originMessage,
    });
    expect(await errors({ frameOrigins: ["https://a.at; script-src 'unsafe-inline'"] })).toContainEqual({
      field: 'frameOrigins.0',
      message: originMessage,
    });
    expect(await errors({ url: 'http://wetter.example.at/', frameOrigins: ['http://wetter.example.at'] })).toEqual(
      expect.arrayContaining([{ field: 'url', message: originMessage }]),
    );
    const weather = (
      await web({ frameOrigins: ['https://wetter.example.at', '', 'http://radar.localhost:8080'] }).expect(201)
    ).body.data;
    expect(weather.frameOrigins).toEqual(['https://wetter.example.at', 'http://radar.localhost:8080']);
    // another type keeps none
    expect((await segment('Nur Text', { frameOrigins: ['https://a.at'] }).expect(201)).body.data.frameOrigins).toEqual(
      [],
    );

    const stream = (
      await admin.post('/api/digital-signage-streams', { name: 'Wetter', segments: [weather.id] }).expect(201)
    ).body.data;
    const s = (
      await admin
        .post('/api/scenes', { path: '/wetter', name: 'Wetter', regions: [{ name: 'Vollbild', stream: stream.id }] })
        .expect(201)
    ).body.data;
    const tv = await device('tv-web', 'wien-innere-stadt', s.id);
    const p = await player(tv);
    expect(((await p.request('GET', '/schedule')).body.data as { frameOrigins: string[] }).frameOrigins).toEqual([
      'http://radar.localhost:8080',
      'https://wetter.example.at',
    ]);
    const csp = async (query: string) =>
      String((await request(stack.baseUrl).get(`/player/${query}`).expect(200)).headers['content-security-policy']);
    const frameSrc = (policy: string) => /frame-src ([^;]*)/.exec(policy)?.[1];
    expect(frameSrc(await csp(`?device=${tv.identifier}`))).toBe(
      'http://radar.localhost:8080 https://wetter.example.at',
    );
    expect(frameSrc(await csp(`?preview-stream=${stream.id}`))).toBe(
      'http://radar.localhost:8080 https://wetter.example.at',
    );
    expect(frameSrc(await csp('?device=tv-unbekannt'))).toBe("'none'");
    expect(frameSrc(await csp(''))).toBe("'none'");
  });

  it("lets a TV play videos of other hosts (in its page's CSP media-src) and of this origin (a path)", async () => {
    const video = (name: string, url: string) => segment(name, { type: 'video', text: null, url });
    // a path on this origin (an upload) is a video's URL too; a web page still needs an absolute URL
    const upload = (await video('Upload', '/upload/abc123/7-1.mp4').expect(201)).body.data;
    expect(upload.url).toBe('/upload/abc123/7-1.mp4');
    for (const url of ['//cdn.example.at/a.mp4', 'upload/a.mp4', 'ftp://cdn.example.at/a.mp4', '/a b.mp4'])
      expect((await video('Falsch', url).expect(422)).body.errors).toEqual([
        { field: 'url', message: 'Dieser Wert ist keine gültige URL.' },
      ]);
    expect(
      (
        await segment('Seite', { type: 'web', text: null, url: '/upload/abc123/seite.html', frameOrigins: [] }).expect(
          422,
        )
      ).body.errors,
    ).toEqual([{ field: 'url', message: 'Dieser Wert ist keine gültige URL.' }]);
    const cdn = (await video('CDN', 'https://videos.example.at:8443/clips/a.mp4?v=2').expect(201)).body.data;
    const local = (await video('Lokal', 'http://127.0.0.1:8099/b.webm').expect(201)).body.data;
    const stream = (
      await admin
        .post('/api/digital-signage-streams', { name: 'Videos', segments: [upload.id, cdn.id, local.id] })
        .expect(201)
    ).body.data;
    const s = (
      await admin
        .post('/api/scenes', { path: '/videos', name: 'Videos', regions: [{ name: 'Vollbild', stream: stream.id }] })
        .expect(201)
    ).body.data;
    const tv = await device('tv-video', 'wien-innere-stadt', s.id);
    const p = await player(tv);
    const schedule = (await p.request('GET', '/schedule')).body.data as Record<string, any>;
    expect(schedule.mediaOrigins).toEqual(['http://127.0.0.1:8099', 'https://videos.example.at:8443']);
    expect(schedule.frameOrigins).toEqual([]);
    expect(schedule.scene.regions[0].segments.map((x: { url: string }) => x.url)).toEqual([
      '/upload/abc123/7-1.mp4',
      'https://videos.example.at:8443/clips/a.mp4?v=2',
      'http://127.0.0.1:8099/b.webm',
    ]);

    const csp = async (path: string) =>
      String((await request(stack.baseUrl).get(path).expect(200)).headers['content-security-policy']);
    const directive = (policy: string, name: string) => new RegExp(`${name} ([^;]*)`).exec(policy)?.[1];
    for (const page of [`/player/?device=${tv.identifier}`, `/player/?preview-stream=${stream.id}`]) {
      const policy = await csp(page);
      expect(directive(policy, 'media-src')).toBe(
        "'self' data: blob: http://127.0.0.1:8099 https://videos.example.at:8443",
      );
      // the player fetches them ahead into its offline cache
      expect(directive(policy, 'connect-src')).toMatch(
        /^'self' http:\/\/127\.0\.0\.1:8099 https:\/\/videos\.example\.at:8443( |$)/,
      );
      expect(directive(policy, 'frame-src')).toBe("'none'");
    }
    // every other page stays strict
    for (const page of ['/player/', '/player/?device=tv-unbekannt', '/backend/'])
      expect(directive(await csp(page), 'media-src')).toBe("'self' data: blob:");
  });

  it('runs the command lifecycle: pending → acknowledged → done, pushed to the player within 1 s', async () => {
    const tv = await device('tv-command');
    const p = await player(tv);
    const sentAt = Date.now();
    const pending = (
      await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'identify' }).expect(200)
    ).body.data;
    expect(pending.id).toBe(tv.id);
    expect(pending.command).toMatchObject({ type: 'identify', state: 'pending', acknowledgedAt: null });
    const pushed = await waitFor(() => p.events.find((e) => e.event === 'command'), 1000, 10);
    expect(pushed.at - sentAt).toBeLessThan(1000);
    const commandId = pending.command.id as number;
    expect((pushed.data.command as { id: number }).id).toBe(commandId);

    const first = (await p.request('POST', `/commands/${commandId}/ack`)).body.data as Record<string, unknown>;
    expect(first).toMatchObject({ state: 'acknowledged' });
    // the player repeats an ack whose answer it lost: the same answer, nothing changes (also two at once)
    const repeated = await Promise.all([1, 2].map(() => p.request('POST', `/commands/${commandId}/ack`)));
    for (const r of repeated) expect(r).toEqual({ status: 200, body: { data: first } });
    const acknowledged = (await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data;
    expect(acknowledged.command).toMatchObject({
      id: commandId,
      state: 'acknowledged',
      acknowledgedAt: first.acknowledgedAt,
    });
    const done1 = (await p.request('POST', `/commands/${commandId}/result`, { ok: true })).body.data as Record<
      string,
      unknown
    >;
    expect(done1).toMatchObject({ state: 'done' });
    // a repeated result (even a different one) and a late ack change nothing
    expect((await p.request('POST', `/commands/${commandId}/result`, { ok: false, result: 'x' })).body.data).toEqual(
      done1,
    );
    expect((await p.request('POST', `/commands/${commandId}/ack`)).body.data).toEqual(done1);
    const done = (await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data;
    expect(done.command).toMatchObject({ id: commandId, state: 'done', finishedAt: done1.finishedAt });
    expect(done.command.finishedAt).not.toBeNull();
    // another TV's command is unknown to this one: 404, which the player does not repeat
    const other = await device('tv-command-other');
    const foreign = (
      await admin.post(`/api/digital-signage-devices/${other.id}/command`, { type: 'identify' }).expect(200)
    ).body.data.command.id as number;
    const notMine = await p.request('POST', `/commands/${foreign}/ack`);
    expect(notMine.status).toBe(404);
    expect((notMine.body.errors as Array<{ message: string }>)[0].message).toBe('Befehl wurde nicht gefunden.');

    // a failed run is recorded with the player's reason
    const second = (
      await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'screenshot' }).expect(200)
    ).body.data;
    const failed = await p.request('POST', `/commands/${second.command.id}/result`, {
      ok: false,
      result: 'Kein Bildschirm',
    });
    expect(failed.body.data).toMatchObject({ state: 'failed', result: 'Kein Bildschirm' });
    const none = await admin.get(`/api/digital-signage-devices/${tv.id}/screenshot`).expect(404);
    expect(none.body.errors[0].message).toBe('Bildschirmfoto wurde nicht gefunden.');

    // a screenshot: the device list carries the URL of the picture, never the image data; the URL serves the JPEG
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]);
    const shot = (await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'screenshot' }).expect(200))
      .body.data.command.id as number;
    // a picture longer than a bus message allows is refused with its field, and the command stays open
    const tooLong = await p.request('POST', `/commands/${shot}/result`, {
      ok: true,
      result: `data:image/jpeg;base64,${'A'.repeat(PLAYER_RESULT_MAX_CHARS)}`,
    });
    expect(tooLong.status).toBe(422);
    expect((tooLong.body.errors as Array<{ field: string }>)[0].field).toBe('result');
    const reported = await p.request('POST', `/commands/${shot}/result`, {
      ok: true,
      result: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    });
    const url = `/api/digital-signage-devices/${tv.id}/screenshot?c=${shot}`;
    expect(reported.body.data).toMatchObject({ state: 'done', result: url });
    const list = await admin.get('/api/digital-signage-devices').expect(200);
    expect(list.text).not.toContain('data:image');
    expect(list.body.data.find((d: { id: number }) => d.id === tv.id).command).toMatchObject({ id: shot, result: url });
    const picture = await admin.get(url).buffer(true).expect(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['cache-control']).toMatch(/^private/);
    expect(Buffer.compare(picture.body as Buffer, jpeg)).toBe(0);
    await admin.get(`/api/digital-signage-devices/${tv.id}/screenshot?c=${second.command.id}`).expect(404);
    await request(stack.baseUrl).get(url).expect(401);
    // staff of the TV's branch may see it, others not
    const employee = await login(stack, EMPLOYEE);
    await employee.get(url).expect(200).expect('content-type', 'image/jpeg');
    const graz = await device('tv-shot-graz', 'graz-lend');
    await employee.get(`/api/digital-signage-devices/${graz.id}/screenshot`).expect(403);

    const badCommand = await admin
      .post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'show-scene' })
      .expect(422);
    expect(badCommand.body.errors).toEqual([{ field: 'scene', message: 'Dieser Wert sollte nicht leer sein.' }]);
    await admin.post('/api/digital-signage-devices/999999/command', { type: 'reload' }).expect(404);
  });

  it("sends one command to many TVs in one request: listed ones, a branch's, a stream's; German errors", async () => {
    const bulk = (body: Record<string, unknown>) => admin.post('/api/digital-signage-devices/command', body);
    const stateOf = async (id: number) =>
      (await admin.get(`/api/digital-signage-devices/${id}`).expect(200)).body.data.command as {
        id: number;
        type: string;
        state: string;
      } | null;

    const [a, b] = [await device('tv-bulk-a', 'linz-hauptplatz'), await device('tv-bulk-b', 'linz-hauptplatz')];
    const off = await device('tv-bulk-off', 'linz-hauptplatz');
    await admin.put(`/api/digital-signage-devices/${off.id}`, { ...off, isEnabled: false }).expect(200);
    const pa = await player(a);
    const pb = await player(b);
    const listed = (await bulk({ type: 'identify', devices: [a.id, b.id] }).expect(200)).body.data;
    expect(listed.count).toBe(2);
    expect(listed.devices.map((d: { id: number }) => d.id)).toEqual([a.id, b.id]);
    for (const [p, d] of [
      [pa, listed.devices[0]],
      [pb, listed.devices[1]],
    ] as const) {
      const pushed = await waitFor(() => p.events.find((e) => e.event === 'command'), 1000, 10);
      expect((pushed.data.command as { id: number }).id).toBe(d.command);
      expect(await stateOf(d.id)).toMatchObject({ id: d.command, type: 'identify', state: 'pending' });
    }

    // the branch's enabled TVs; each one's open command is aborted first, as with a single command
    const branch = (await bulk({ type: 'reload', branch: branches['linz-hauptplatz'] }).expect(200)).body.data;
    expect(branch.devices.map((d: { id: number }) => d.id)).toEqual([a.id, b.id]);
    expect((await pa.request('POST', `/commands/${listed.devices[0].command}/ack`)).body.data).toMatchObject({
      state: 'aborted',
    });
    expect(await stateOf(a.id)).toMatchObject({ id: branch.devices[0].command, type: 'reload', state: 'pending' });
    expect(await stateOf(off.id)).toBeNull();

    // the TVs whose scene plays a stream
    const s = await scene('/sammelbefehl');
    const shows = await device('tv-bulk-stream', 'wien-neubau', s.id);
    await device('tv-bulk-other', 'wien-neubau');
    const byStream = (await bulk({ type: 'screen-off', stream: s.regions[0].stream }).expect(200)).body.data;
    expect(byStream.devices.map((d: { id: number }) => d.id)).toEqual([shows.id]);

    // bad input: German, per field, and nothing is sent
    const none = await bulk({ type: 'reload' }).expect(422);
    expect(none.body.errors).toEqual([
      { field: 'devices', message: 'Bitte wählen Sie genau eines: einzelne TVs, eine Filiale oder einen Stream.' },
    ]);
    await bulk({ type: 'reload', devices: [a.id], branch: branches['linz-hauptplatz'] }).expect(422);
    const unknownTv = await bulk({ type: 'reload', devices: [a.id, 999999] }).expect(404);
    expect(unknownTv.body.errors).toEqual([
      { field: 'devices', message: 'TV mit der ID 999999 wurde nicht gefunden.' },
    ]);
    const disabled = await bulk({ type: 'reload', devices: [a.id, off.id] }).expect(409);
    expect(disabled.body.message).toBe('Befehl konnte nicht ausgeführt werden: Der TV ist deaktiviert.');
    const empty = await bulk({ type: 'reload', stream: 999999 }).expect(422);
    expect(empty.body.errors).toEqual([
      { field: 'stream', message: 'Befehl konnte nicht ausgeführt werden: Hier gibt es keinen aktivierten TV.' },
    ]);
    expect(await stateOf(a.id)).toMatchObject({ id: branch.devices[0].command, state: 'pending' });

    // an employee reaches only the TVs of their branches
    const employee = await login(stack, EMPLOYEE);
    await employee.post('/api/digital-signage-devices/command', { type: 'reload', devices: [a.id] }).expect(404);
    const foreign = await employee
      .post('/api/digital-signage-devices/command', { type: 'reload', branch: branches['linz-hauptplatz'] })
      .expect(403);
    expect(foreign.body.errors[0].field).toBe('branch');
  });

  it('aborts a pending or running command and tells the player; nothing to abort is 409', async () => {
    const tv = await device('tv-abort');
    const p = await player(tv);
    const issued = (
      await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'screen-off' }).expect(200)
    ).body.data;
    await p.request('POST', `/commands/${issued.command.id}/ack`);
    const aborted = (await admin.post(`/api/digital-signage-devices/${tv.id}/command/abort`).expect(200)).body.data;
    expect(aborted.command).toMatchObject({ id: issued.command.id, state: 'aborted' });
    await waitFor(() => p.events.find((e) => e.event === 'abort'), 1000, 10);
    // the player's late report changes nothing
    expect((await p.request('POST', `/commands/${issued.command.id}/result`, { ok: true })).body.data).toMatchObject({
      state: 'aborted',
    });
    const nothing = await admin.post(`/api/digital-signage-devices/${tv.id}/command/abort`).expect(409);
    expect(nothing.body.message).toBe('Befehl konnte nicht abgebrochen werden: Es läuft gerade kein Befehl.');
    // a new command replaces an open one
    const first = (await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'reload' }).expect(200))
      .body.data;
    await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'identify' }).expect(200);
    expect((await p.request('POST', `/commands/${first.command.id}/ack`)).body.data).toMatchObject({
      state: 'aborted',
    });
  });

  it('delivers a command sent while offline when the player reconnects, and expires one past its time-to-live', async () => {
    const tv = await device('tv-offline');
    const issued = (await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'reload' }).expect(200))
      .body.data;
    const p = await player(tv);
    const delivered = await waitFor(() => p.events.find((e) => e.event === 'command'));
    expect((delivered.data.command as { id: number }).id).toBe(issued.command.id);
    expect(((await p.request('GET', '/schedule')).body.data as { command: { id: number } }).command.id).toBe(
      issued.command.id,
    );
    await p.request('POST', `/commands/${issued.command.id}/result`, { ok: true });

    p.close();
    const short = (
      await admin.post(`/api/digital-signage-devices/${tv.id}/command`, { type: 'identify', ttlSeconds: 5 }).expect(200)
    ).body.data;
    const expired = await waitFor(
      async () => {
        const d = (await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data;
        return d.command.state === 'expired' ? d : null;
      },
      10_000,
      200,
    );
    expect(expired.command.id).toBe(short.command.id);
    const again = await player(tv);
    expect(again.events.find((e) => e.event === 'command')).toBeUndefined();
    expect((await again.request('POST', `/commands/${short.command.id}/ack`)).body.data).toMatchObject({
      state: 'expired',
    });
  });

  it('shows a device online after a heartbeat and offline once its heartbeats stop', async () => {
    const tv = await device('tv-heartbeat');
    const p = await player(tv);
    expect((await p.request('POST', '/heartbeat', { currentScene: null, isScreenOn: true })).status).toBe(200);
    const online = (await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data;
    expect(online).toMatchObject({ status: 'online', isScreenOn: true });
    expect(online.lastSeenAt).not.toBeNull();
    const onlineIds = (await admin.get('/api/digital-signage-devices?status=online').expect(200)).body.data.map(
      (d: { id: number }) => d.id,
    );
    expect(onlineIds).toContain(tv.id);
    // SIGNAGE_OFFLINE_AFTER_MS is 1500 in this file (60 s by default)
    await waitFor(
      async () =>
        (await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data.status === 'offline' || null,
      5000,
      100,
    );
    const offlineIds = (await admin.get('/api/digital-signage-devices?status=offline').expect(200)).body.data.map(
      (d: { id: number }) => d.id,
    );
    expect(offlineIds).toContain(tv.id);
  });

  it("tells the back office's TV list when a TV's idle reason changes, not on every heartbeat (issue 42)", async () => {
    const tv = await device('tv-idle-live');
    const cookie = (
      admin.agent as unknown as { jar: { getCookies(o: object): Array<{ name: string; value: string }> } }
    ).jar
      .getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false })
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const abort = new AbortController();
    const res = await fetch(`${stack.baseUrl}/api/digital-signage-devices/events`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    const mine: number[] = [];
    let opened = false;
    const parser = createParser({
      onEvent: (m) => {
        if (m.event === 'device' && (JSON.parse(m.data) as { device: number }).device === tv.id) mine.push(Date.now());
      },
    });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reading = (async () => {
      for (let r = await reader.read(); !r.done; r = await reader.read()) {
        opened = true;
        parser.feed(r.value);
      }
    })().catch(() => undefined);
    try {
      await waitFor(() => opened || null, 5000, 10);
      const beat = (body: Record<string, unknown>) =>
        request(stack.baseUrl).post('/api/digital-signage-player/heartbeat').auth(tv.identifier, tv.key).send(body);
      await beat({ currentScene: null, isScreenOn: false, idle: 'outside-schedule' }).expect(200);
      await waitFor(() => mine.length === 1 || null, 5000, 10);
      // the same reason again is no change: only the next change (back to playing) is told
      await beat({ currentScene: null, isScreenOn: false, idle: 'outside-schedule' }).expect(200);
      await beat({ currentScene: null, isScreenOn: true, idle: null }).expect(200);
      await waitFor(() => mine.length >= 2 || null, 5000, 10);
      expect(mine).toHaveLength(2);
      expect((await admin.get(`/api/digital-signage-devices/${tv.id}`).expect(200)).body.data.idle).toBeNull();
    } finally {
      abort.abort();
      await reading;
    }
  });

  it("follows the branch's orders on the pickup board and the catalogue on the menu board", async () => {
    const branch = branches['wien-innere-stadt']!;
    const tv = await device('tv-boards');
    const p = await player(tv);
    await openAllDay(admin, ['wien-innere-stadt']);
    const product = await orderableProductOf(admin, branch);
    // the order service's read model of the catalogue follows the new hours within moments
    const order = await waitFor(async () => {
      const res = await request(stack.baseUrl).post('/api/orders').send(takeawayOrder(branch, product));
      return res.status === 201 ? res.body.data : null;
    });
    const ticket = String(order.ticketNumber);
    const board = async () =>
      (await p.request('GET', '/boards/pickup')).body.data as { inProgress: string[]; ready: string[] };
    expect((await board()).inProgress).not.toContain(ticket); // not yet confirmed

    let seen = p.events.length;
    await admin.post(`/api/orders/${order.id}/status/confirm`).expect(200);
    await waitFor(() => p.events.slice(seen).find((e) => e.event === 'pickup'), 2000, 10);
    expect(await board()).toMatchObject({ inProgress: expect.arrayContaining([ticket]) });
    seen = p.events.length;
    await admin.post(`/api/orders/${order.id}/status/ready-for-pickup`).expect(200);
    await waitFor(() => p.events.slice(seen).find((e) => e.event === 'pickup'), 2000, 10);
    const ready = await board();
    expect(ready.ready).toContain(ticket);
    expect(ready.inProgress).not.toContain(ticket);

    const menu = async () =>
      (await p.request('GET', '/boards/menu')).body.data as { products: Array<{ id: number; isEnabled: boolean }> };
    expect((await menu()).products.find((x) => x.id === product)?.isEnabled).toBe(true);
    const current = (await admin.get(`/api/products/${product}`).expect(200)).body.data;
    seen = p.events.length;
    await admin.put(`/api/products/${product}`, { ...current, isEnabled: false }).expect(200);
    await waitFor(() => p.events.slice(seen).find((e) => e.event === 'menu'), 2000, 10);
    expect((await menu()).products.find((x) => x.id === product)?.isEnabled).toBe(false);
    await admin.put(`/api/products/${product}`, current).expect(200);
  });

  // last: its 300 TVs would push other tests' TVs off the first page of an unfiltered list
  it('applies a burst of 300 acks that arrive at once, each answered on its own (a wrong key is its own 401)', async () => {
    type Tv = { id: number; identifier: string; key: string };
    // setting up (not what is tested): a create that a loaded machine answered 503 is read back or sent again
    const create = async (i: number, attempt = 1): Promise<Tv> => {
      const identifier = `tv-burst-${i}`;
      const res = await admin.post('/api/digital-signage-devices', {
        identifier,
        name: `TV ${identifier}`,
        branch: branches['graz-lend'],
      });
      if (res.status === 201) return res.body.data as Tv;
      if (res.status !== 503 || attempt >= 5) throw new Error(`TV ${identifier}: HTTP ${res.status}`);
      const existing = await admin.get(`/api/digital-signage-devices/${identifier}`);
      if (existing.status !== 200) return create(i, attempt + 1);
      // created though answered 503: its key is never read back, a new one is
      const id = (existing.body.data as Tv).id;
      const { device, key } = (await admin.post(`/api/digital-signage-devices/${id}/rotate-key`).expect(200)).body.data;
      return { ...(device as Tv), key: key as string };
    };
    const tvs: Tv[] = [];
    const queue = Array.from({ length: 300 }, (_, i) => i);
    await Promise.all(
      Array.from({ length: 5 }, async () => {
        for (let i = queue.shift(); i !== undefined; i = queue.shift()) tvs.push(await create(i));
      }),
    );
    const sent = (
      await admin
        .post('/api/digital-signage-devices/command', { type: 'identify', devices: tvs.map((t) => t.id) })
        .expect(200)
    ).body.data as { count: number; devices: Array<{ id: number; command: number }> };
    expect(sent.count).toBe(300);
    const commandOf = new Map(sent.devices.map((d) => [d.id, d.command]));
    const ack = (tv: { identifier: string; key: string }, command: number) =>
      request(stack.baseUrl).post(`/api/digital-signage-player/commands/${command}/ack`).auth(tv.identifier, tv.key);
    // every TV once, 30 of them twice, and one with a wrong key, all at the same time
    const [answers, twice, wrong] = await Promise.all([
      Promise.all(tvs.map((tv) => ack(tv, commandOf.get(tv.id)!))),
      Promise.all(tvs.slice(0, 30).map((tv) => ack(tv, commandOf.get(tv.id)!))),
      ack({ identifier: tvs[0].identifier, key: 'falsch' }, commandOf.get(tvs[0].id)!),
    ]);
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: commandOf.get(tvs[i].id), state: 'acknowledged' });
    }
    for (const res of twice) expect(res.status).toBe(200);
    expect(wrong.status).toBe(401);
    const listed = new Map<number, { state: string; acknowledgedAt: string }>();
    for (let page = 1; listed.size < 300 && page < 10; page++) {
      const body = (
        await admin
          .get(`/api/digital-signage-devices?branch=${branches['graz-lend']}&page=${page}&perPage=100`)
          .expect(200)
      ).body;
      for (const d of body.data as Array<{
        id: number;
        command: { id: number; state: string; acknowledgedAt: string } | null;
      }>)
        if (d.command && commandOf.get(d.id) === d.command.id) listed.set(d.id, d.command);
    }
    expect(listed.size).toBe(300);
    for (const [i, res] of answers.entries()) {
      const stored = listed.get(tvs[i].id)!;
      expect(stored.state).toBe('acknowledged');
      // a repeated ack left the first one's time
      expect(stored.acknowledgedAt).toBe(res.body.data.acknowledgedAt);
    }
  }, 180_000);

  // after the others: it stops the catalogue for a while
  it("keeps a TV's power schedule (its branch's hours as last known) while the catalogue does not answer", async () => {
    const branch = (await admin.get('/api/branches/wien-innere-stadt').expect(200)).body.data;
    const tv = await device('tv-ohne-katalog');
    const schedule = async () =>
      (await request(stack.baseUrl).get('/api/digital-signage-player/schedule').auth(tv.identifier, tv.key).expect(200))
        .body.data as { powerSchedule: unknown; timeZone: string };
    const known = await schedule();
    expect(known.powerSchedule).toEqual(branch.openingHours);
    expect(known.powerSchedule).not.toEqual([]);

    await stack.catalogue.close();
    try {
      // null would be "always on" to the player: the hours it knew stay
      expect(await schedule()).toMatchObject({ powerSchedule: branch.openingHours, timeZone: known.timeZone });
    } finally {
      const config = loadCatalogueConfig(stack.env);
      stack.catalogue = configureMicroservice(
        await NestFactory.createMicroservice(CatalogueModule.forRoot(config), {
          strategy: busServerFor('catalogue', config),
          logger: false,
        }),
      );
      await stack.catalogue.listen();
    }
  }, 90_000);
});
