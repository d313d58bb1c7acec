import type { DeviceEntity } from './device.entity.js';

/** A printer counts as offline when no poll came for twice its interval plus 5 s. */
export function isOnline(device: Pick<DeviceEntity, 'lastSeenAt' | 'pollIntervalSeconds'>, now = Date.now()): boolean {
  return !!device.lastSeenAt && now - device.lastSeenAt.getTime() <= (2 * device.pollIntervalSeconds + 5) * 1000;
}
