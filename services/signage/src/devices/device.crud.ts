import { CRUD_RESOURCES, signageScreenshotUrl, type SignageCommand, type SignageDevice } from '@shop/contracts';
import {
  branchDeviceRules,
  defineCrud,
  deviceKeyAfterWrite,
  meta,
  missingReferences,
  type ServiceBus,
  unknownBranch,
} from '@shop/server';
import { SceneEntity } from '../scenes/scene.entity.js';
import { SignageDeviceEntity } from './device.entity.js';
import { idleReason } from './idle-reason.js';

/** Online while its last heartbeat is younger than `offlineAfterMs` (computed when read: no sweeper needed). */
export const deviceStatus = (e: Pick<SignageDeviceEntity, 'lastSeenAt'>, offlineAfterMs: number, now = Date.now()) =>
  e.lastSeenAt && now - e.lastSeenAt.getTime() < offlineAfterMs ? 'online' : 'offline';

/**
 * A command as readers see it: a screenshot's picture (a data URL of up to ~2 MB, kept in the command row) is
 * replaced by the URL that serves it, so lists polled every few seconds never carry image data.
 */
export const commandView = <C extends Pick<SignageCommand, 'id' | 'type' | 'result'>>(device: number, c: C): C =>
  c.type === 'screenshot' && c.result?.startsWith('data:') ? { ...c, result: signageScreenshotUrl(device, c.id) } : c;

/**
 * The device as the API shows it, without its key: the key is shown once (issue 42), in the create answer
 * (`createdDeviceDto`) and in a new key's answer (rotate-key), never in lists, details or update answers.
 */
export const deviceDto = (e: SignageDeviceEntity, offlineAfterMs: number): SignageDevice => {
  const status = deviceStatus(e, offlineAfterMs);
  return {
    ...meta(e),
    identifier: e.identifier,
    name: e.name,
    branch: e.branchId,
    scene: e.sceneId,
    powerSchedule: e.powerSchedule,
    isEnabled: e.isEnabled,
    status,
    lastSeenAt: e.lastSeenAt?.toISOString() ?? null,
    currentScene: e.currentSceneId,
    isScreenOn: e.isScreenOn,
    command: e.command && commandView(e.id, e.command),
    idle: idleReason(e, status),
  };
};

/** The create answer (only administrators create): the TV with its key, the one time the API shows it. */
export const createdDeviceDto = (e: SignageDeviceEntity, offlineAfterMs: number): SignageDevice => ({
  ...deviceDto(e, offlineAfterMs),
  key: e.key,
});

/**
 * Signage devices ('TV'): administrators manage them; employees see their branches' devices. The key is in the
 * create answer only (a lost one is replaced by rotate-key).
 * The branch lives in the catalogue: asked on the service's own behalf (`catalogue.order.context`).
 */
export const deviceCrud = (bus: ServiceBus, offlineAfterMs: number) => {
  const rules = branchDeviceRules<SignageDeviceEntity>('key', { scene: 'sceneId', isEnabled: 'isEnabled' });
  return defineCrud(CRUD_RESOURCES['digital-signage-devices'], SignageDeviceEntity, {
    ...rules,
    applyFilters(qb, a, f) {
      rules.applyFilters(qb, a, f);
      if (f.status !== undefined) {
        const since = new Date(Date.now() - offlineAfterMs);
        if (f.status === 'online') qb.andWhere(`${a}."lastSeenAt" > :since`, { since });
        else qb.andWhere(`(${a}."lastSeenAt" IS NULL OR ${a}."lastSeenAt" <= :since)`, { since });
      }
    },
    async checkReferences(m, input) {
      const errors =
        input.scene === null
          ? []
          : await missingReferences(m, SceneEntity, CRUD_RESOURCES.scenes.label, [{ field: 'scene', id: input.scene }]);
      const context = await bus.requestAsService('catalogue.order.context', { branchId: input.branch });
      if (!context) errors.push(unknownBranch(input.branch));
      return errors;
    },
    assign(input, e) {
      const { branch, scene, key, ...fields } = input;
      Object.assign(e, fields);
      e.branchId = branch;
      e.sceneId = scene;
      e.key = deviceKeyAfterWrite(key, e.key);
      e.lastSeenAt ??= null;
      e.currentSceneId ??= null;
      e.isScreenOn ??= null;
      e.idleReason ??= null;
      e.command ??= null;
    },
    toDto: (e) => deviceDto(e, offlineAfterMs),
    createdDto: (e) => createdDeviceDto(e, offlineAfterMs),
  });
};
