import type { Actor, SignageCommandType } from '@shop/contracts';
import { dataSourceOptions, migrate, newDeviceKey, OutboxEntity, type OutboxKicker } from '@shop/server';
import { openTestDatabase, type OpenTestDatabase } from '@shop/testing';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CommandEntity } from '../src/commands/command.entity.js';
import { loadSignageConfig, type SignageConfig } from '../src/config/signage-config.js';
import { signageDatabase } from '../src/database/data-source.js';
import { SignageDeviceEntity } from '../src/devices/device.entity.js';
import { SceneEntity } from '../src/scenes/scene.entity.js';
import { SegmentEntity } from '../src/segments/segment.entity.js';
import { StreamEntity } from '../src/streams/stream.entity.js';

/**
 * A throwaway database for one spec file with the signage schema built by its committed migrations, for unit specs
 * of the signage service's use cases against real Postgres.
 */
export const signageTestDatabase = (label: string): Promise<OpenTestDatabase<DataSource>> =>
  openTestDatabase(label, async (url) => {
    await migrate(signageDatabase(url));
    return new DataSource(dataSourceOptions({ ...signageDatabase(url), poolSize: 4 })).initialize();
  });

/** The signage settings with the defaults, some overridden. */
export const testSignageConfig = (o: Record<string, string> = {}): SignageConfig =>
  loadSignageConfig({ DATABASE_URL: 'postgres://unused', ...o });

/** An outbox relay that counts its kicks (the use cases kick it after a commit; the relay itself is not under test). */
export const countingRelay = (): OutboxKicker & { kicks: number } => {
  const relay = {
    kicks: 0,
    kick: () => {
      relay.kicks++;
      return Promise.resolve();
    },
  };
  return relay;
};

export const admin: Actor = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], branches: [] };
/** an employee of branch 1 */
export const employee: Actor = { id: 2, username: 'emp', roles: ['ROLE_EMPLOYEE'], branches: [1] };

/** A TV of branch 1 (enabled) with its own identifier and key of 32 characters. */
export async function addTv(ds: DataSource, o: Partial<SignageDeviceEntity> = {}): Promise<SignageDeviceEntity> {
  const suffix = randomBytes(4).toString('hex');
  return ds.getRepository(SignageDeviceEntity).save({
    identifier: `tv-${suffix}`,
    name: `TV ${suffix}`,
    branchId: 1,
    sceneId: null,
    powerSchedule: null,
    isEnabled: true,
    key: newDeviceKey(),
    lastSeenAt: null,
    currentSceneId: null,
    isScreenOn: null,
    command: null,
    ...o,
  } as SignageDeviceEntity);
}

export const credentialsOf = (d: SignageDeviceEntity) => ({ identifier: d.identifier, key: d.key });

/** A command row as the use cases write it (pending, five minutes to live unless given). */
export async function addCommand(
  ds: DataSource,
  deviceId: number,
  o: Partial<CommandEntity> & { type?: SignageCommandType } = {},
): Promise<CommandEntity> {
  return ds.getRepository(CommandEntity).save({
    deviceId,
    type: 'reload',
    sceneId: null,
    state: 'pending',
    expiresAt: new Date(Date.now() + 300_000),
    acknowledgedAt: null,
    finishedAt: null,
    result: null,
    ...o,
  } as CommandEntity);
}

/** The `signage.command.changed` events in the outbox, oldest first. */
export async function commandEvents(ds: DataSource) {
  const rows = await ds.getRepository(OutboxEntity).find({
    where: { subject: 'signage.command.changed' },
    order: { id: 'ASC' },
  });
  return rows.map(
    (r) => r.payload as { device: number; command: { id: number; state: string; result: string | null } },
  );
}

/** A segment (a text unless given), a stream playing segments in order and a scene with one region per stream. */
export async function addSegment(ds: DataSource, o: Partial<SegmentEntity> = {}): Promise<SegmentEntity> {
  return ds.getRepository(SegmentEntity).save({
    name: 'Willkommen',
    type: 'text',
    image: null,
    url: null,
    text: 'Herzlich willkommen',
    durationSeconds: 10,
    daypart: null,
    transition: 'fade',
    frameOrigins: [],
    ...o,
  } as SegmentEntity);
}

export const addStream = (ds: DataSource, segments: number[], name = 'Hauptstream') =>
  ds.getRepository(StreamEntity).save({ name, segments } as StreamEntity);

export const addScene = (ds: DataSource, streams: number[]) =>
  ds.getRepository(SceneEntity).save({
    path: `/filiale/${randomBytes(4).toString('hex')}`,
    name: 'Theke',
    background: '#000000',
    regions: streams.map((stream, i) => ({ name: `Bereich ${i + 1}`, x: 0, y: 0, width: 100, height: 100, stream })),
  } as SceneEntity);
