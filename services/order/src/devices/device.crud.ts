import { CRUD_RESOURCES, type Device } from '@shop/contracts';
import { branchDeviceRules, canAccess, defineCrud, deviceKeyAfterWrite, meta, unknownBranch } from '@shop/server';
import type { CatalogueContextCache } from '../catalogue-context/catalogue-context.cache.js';
import { isOnline } from './device-online.js';
import { DeviceEntity } from './device.entity.js';

/**
 * Devices: administrators manage them; employees see the devices of their branches (a counter screen's
 * printer) but not their credentials. Visitors see none.
 */
export const deviceCrud = (catalogue: CatalogueContextCache) =>
  defineCrud(CRUD_RESOURCES.devices, DeviceEntity, {
    ...branchDeviceRules<DeviceEntity>('apiKey', { type: 'type' }),
    /** the branch lives in the catalogue: asked through the order service's read model of it */
    async checkReferences(_m, input) {
      return (await catalogue.get(input.branch)) ? [] : [unknownBranch(input.branch)];
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
