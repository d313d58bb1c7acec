import type { PlayerCredentials } from '@shop/contracts';
import { DomainException, verifyDeviceCredentials } from '@shop/server';
import { In, type EntityManager } from 'typeorm';
import { SignageDeviceEntity } from './device.entity.js';

/** The 401 of a player whose identifier is unknown, whose key is wrong or whose TV is disabled (the same for all). */
export const unauthenticated = () => DomainException.of('UNAUTHENTICATED', 'devices.unauthenticated');

/**
 * The enabled TVs behind many players' sign-ins (identifier + key, forwarded by the gateway) in one query: per entry
 * its TV, or null where it is 401. The check is the one every device shares (`verifyDeviceCredentials`).
 */
export function authenticatePlayers(
  m: EntityManager,
  all: readonly PlayerCredentials[],
): Promise<Array<SignageDeviceEntity | null>> {
  return verifyDeviceCredentials(
    all,
    (identifiers) => m.getRepository(SignageDeviceEntity).findBy({ identifier: In(identifiers) }),
    (d) => d,
  );
}

/** The enabled TV behind one player's sign-in; else 401. */
export async function authenticatePlayer(m: EntityManager, creds: PlayerCredentials): Promise<SignageDeviceEntity> {
  const [device] = await authenticatePlayers(m, [creds]);
  if (!device) throw unauthenticated();
  return device;
}
