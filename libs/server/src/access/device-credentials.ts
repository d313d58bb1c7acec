import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The credentials of a device that signs in without a staff session (order's printers and notification devices,
 * signage's TVs): an identifier it is found by and a key only it and the administrators know. Written once here so
 * every device is issued, rotated and checked the same way (issue 40: the check was written separately per service).
 */

/**
 * Do two secrets match? Both are hashed to equal-length digests first, so the comparison takes the same time
 * whatever the guess, its length included. The one constant-time comparison of secrets the services share.
 */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(secretDigest(a), secretDigest(b));
}

const secretDigest = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** A new device key: 192 random bits, URL-safe (32 characters, the least a signage key may have). */
export const newDeviceKey = (): string => randomBytes(24).toString('base64url');

/**
 * The key a device has after an administrator's write: the one they gave (that is how a key is rotated: the device
 * signs in again with the new one), else the one it has, else a new one for a new device.
 */
export const deviceKeyAfterWrite = (given: string | null | undefined, current: string | undefined): string =>
  given ?? current ?? newDeviceKey();

/** What a device sends to sign in (HTTP Basic, forwarded by the gateway): not checked yet, so of any type. */
export interface GivenDeviceCredentials {
  identifier: unknown;
  key: unknown;
}

/** What the check reads of a stored device. */
export interface StoredDeviceCredentials {
  identifier: string;
  key: string;
  isEnabled: boolean;
}

/**
 * The identifier as a device could be named by it: a non-empty string without NUL (Postgres text refuses NUL, so
 * such an identifier names no device and must not reach a query).
 */
const readableIdentifier = (identifier: unknown): string | null =>
  typeof identifier === 'string' && identifier && !identifier.includes('\0') ? identifier : null;

/**
 * The devices behind many sign-ins at once, looked up in one call of `find` (with each readable identifier once):
 * per entry its device, or null where it is to be refused (401). An unknown identifier, a wrong key and a disabled
 * device are all null, so the answer never tells which of them it was; the key is compared in constant time.
 */
export async function verifyDeviceCredentials<D>(
  given: readonly GivenDeviceCredentials[],
  find: (identifiers: string[]) => Promise<D[]>,
  stored: (device: D) => StoredDeviceCredentials,
): Promise<Array<D | null>> {
  const identifiers = [...new Set(given.flatMap((g) => readableIdentifier(g.identifier) ?? []))];
  const found = identifiers.length ? await find(identifiers) : [];
  const byIdentifier = new Map(found.map((d) => [stored(d).identifier, d]));
  return given.map((g) => {
    const device = byIdentifier.get(readableIdentifier(g.identifier) ?? '');
    if (device === undefined || typeof g.key !== 'string') return null;
    const { key, isEnabled } = stored(device);
    return sameSecret(key, g.key) && isEnabled ? device : null;
  });
}
