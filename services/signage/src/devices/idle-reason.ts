import type { SignageIdleReason } from '@shop/contracts';
import type { SignageDeviceEntity } from './device.entity.js';

/**
 * Why a TV shows its idle screen (logo and clock) instead of its scene, as the TV list names it: disabled (its player
 * is refused), else what its player reported with its last heartbeat (outside its power schedule, switched off by a
 * command, no scene). An offline TV shows nothing the server knows of: null (the list says offline).
 */
export function idleReason(
  e: Pick<SignageDeviceEntity, 'isEnabled' | 'idleReason'>,
  status: 'online' | 'offline',
): SignageIdleReason | null {
  if (!e.isEnabled) return 'disabled';
  return status === 'online' ? e.idleReason : null;
}
