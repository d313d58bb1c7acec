import { CRUD_RESOURCES, type Scene } from '@shop/contracts';
import {
  columnsDto,
  defineCrud,
  missingReferences,
  referencedBy,
  refuseDeleteWhileUsed,
  requireAccess,
} from '@shop/server';
import { SignageDeviceEntity } from '../devices/device.entity.js';
import { StreamEntity } from '../streams/stream.entity.js';
import { SceneEntity } from './scene.entity.js';

/** `/api/scenes/theke` and `/api/scenes/%2Ftheke` both name the path `/theke`. */
export const scenePathOf = (raw: string) => (raw.startsWith('/') ? raw : `/${raw}`);

/** Signage content: staff read, administrators write (what every screen of every branch shows). */
export const signageContentAccess = (actor: Parameters<typeof requireAccess>[0], verb: string) =>
  void requireAccess(actor, verb === 'read' ? 'staff' : 'admin');

/** Scenes, found by path; each region plays a stream that must exist. A scene a device shows is not deleted. */
export const sceneCrud = defineCrud(CRUD_RESOURCES.scenes, SceneEntity, {
  identifierColumn: 'path',
  identifierOf: scenePathOf,
  searchColumns: ['name', 'path'],
  uniqueColumns: ['path'],
  order: { path: 'ASC' },
  applyFilters(qb, a, f) {
    if (f.stream !== undefined)
      qb.andWhere(`${a}.regions @> :region::jsonb`, { region: JSON.stringify([{ stream: f.stream }]) });
  },
  authorize: signageContentAccess,
  checkReferences: (m, input) =>
    missingReferences(
      m,
      StreamEntity,
      CRUD_RESOURCES['digital-signage-streams'].label,
      input.regions.map((r, i) => ({ field: `regions.${i}.stream`, id: r.stream })),
    ),
  assign: (input, e) => void Object.assign(e, input),
  beforeDelete: refuseDeleteWhileUsed(CRUD_RESOURCES.scenes.label, referencedBy(SignageDeviceEntity, 'sceneId')),
  toDto: (e): Scene => columnsDto(e, ['path', 'name', 'background', 'regions']),
});
