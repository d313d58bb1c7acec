import { CRUD_RESOURCES, DeviceInput, type Device } from '@shop/contracts';
import { t } from '@shop/i18n-de';
import {
  canAccess,
  deviceKeyAfterWrite,
  meta,
  requireAccess,
  visibleBranches,
  type CrudDefinition,
} from '@shop/server';
import type { CatalogueContextCache } from '../catalogue-context/catalogue-context.cache.js';
import { isOnline } from './device-online.js';
import { DeviceEntity } from './device.entity.js';

type Input = ReturnType<typeof DeviceInput.parse>;

/**
 * Devices: administrators manage them; employees see the devices of their branches (a counter screen's
 * printer) but not their credentials. Visitors see none.
 */
export const deviceCrud = (catalogue: CatalogueContextCache): CrudDefinition<DeviceEntity, Input> => ({
  ...CRUD_RESOURCES.devices,
  target: DeviceEntity,
  identifierColumn: 'identifier',
  uniqueColumns: ['identifier', 'apiKey'],
  searchColumns: ['name', 'identifier'],
  order: { branchId: 'ASC', name: 'ASC' },
  publicScope: (qb) => void qb.andWhere('false'),
  actorScope(qb, a, actor) {
    const mine = visibleBranches(actor);
    if (mine !== 'all') qb.andWhere(`${a}."branchId" IN (:...mine)`, { mine: mine.length ? mine : [-1] });
  },
  /** the branch lives in the catalogue: asked through the order service's read model of it */
  async checkReferences(_m, input) {
    return (await catalogue.get(input.branch))
      ? []
      : [{ field: 'branch', message: t('validation.referenceNotFound', { label: 'Filiale', id: input.branch }) }];
  },
  applyFilters(qb, a, f) {
    if (f.branch !== undefined) qb.andWhere(`${a}."branchId" = :branch`, { branch: f.branch });
    if (f.type !== undefined) qb.andWhere(`${a}.type = :type`, { type: f.type });
  },
  authorize(actor, verb, existing) {
    if (verb !== 'read') return void requireAccess(actor, 'admin');
    requireAccess(actor, 'staff');
    if (existing) requireAccess(actor, 'branch', [existing.branchId]);
  },
  assign(input, e) {
    const { branch, apiKey, ...fields } = input;
    Object.assign(e, fields);
    e.branchId = branch;
    e.apiKey = deviceKeyAfterWrite(apiKey, e.apiKey);
    e.lastSeenAt ??= null;
    e.lastStatus ??= null;
    e.logsRequestedAt ??= null;
  },
  toDto: (e, actor): Device => ({
    ...meta(e),
    identifier: e.identifier,
    name: e.name,
    type: e.type,
    branch: e.branchId,
    protocol: e.protocol,
    printFormat: e.printFormat,
    pollIntervalSeconds: e.pollIntervalSeconds,
    isEnabled: e.isEnabled,
    lastSeenAt: e.lastSeenAt?.toISOString() ?? null,
    isOnline: e.type === 'printer' ? isOnline(e) : null,
    lastStatus: e.lastStatus,
    logsRequestedAt: e.logsRequestedAt?.toISOString() ?? null,
    ...(canAccess(actor, 'admin') ? { apiKey: e.apiKey } : {}),
  }),
});
