import {
  deviceKeyAfterWrite,
  newDeviceKey,
  sameSecret,
  verifyDeviceCredentials,
  type StoredDeviceCredentials,
} from './device-credentials.js';

const tv = (identifier: string, key: string, isEnabled = true): StoredDeviceCredentials => ({
  identifier,
  key,
  isEnabled,
});

describe('device credentials', () => {
  it('compares secrets by value, whatever their lengths', () => {
    expect(sameSecret('geheim-1234', 'geheim-1234')).toBe(true);
    expect(sameSecret('geheim-1234', 'geheim-1235')).toBe(false);
    expect(sameSecret('geheim', 'geheim-1234')).toBe(false);
    expect(sameSecret('', '')).toBe(true);
  });

  it('issues URL-safe keys of 32 characters, each one new', () => {
    const keys = new Set(Array.from({ length: 50 }, newDeviceKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("keeps a device's key unless an administrator gives a new one; a new device gets a generated one", () => {
    expect(deviceKeyAfterWrite('neu', 'alt')).toBe('neu');
    expect(deviceKeyAfterWrite(undefined, 'alt')).toBe('alt');
    expect(deviceKeyAfterWrite(null, 'alt')).toBe('alt');
    expect(deviceKeyAfterWrite(undefined, undefined)).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('refuses an unknown identifier, a wrong key, a disabled device and unreadable input alike', async () => {
    const devices = [tv('tv-1', 'key-1'), tv('tv-2', 'key-2', false)];
    const asked: string[][] = [];
    const find = (identifiers: string[]) => {
      asked.push(identifiers);
      return Promise.resolve(devices.filter((d) => identifiers.includes(d.identifier)));
    };
    const result = await verifyDeviceCredentials(
      [
        { identifier: 'tv-1', key: 'key-1' },
        { identifier: 'nobody', key: 'key-1' },
        { identifier: 'tv-1', key: 'key-2' },
        { identifier: 'tv-2', key: 'key-2' },
        { identifier: 'tv-1\0', key: 'key-1' },
        { identifier: 42, key: 'key-1' },
        { identifier: '', key: 'key-1' },
        { identifier: 'tv-1', key: 1 },
        { identifier: 'tv-1', key: 'key-1' },
      ],
      find,
      (d) => d,
    );
    expect(result).toEqual([devices[0], null, null, null, null, null, null, null, devices[0]]);
    // one lookup, each readable identifier once
    expect(asked).toEqual([['tv-1', 'nobody', 'tv-2']]);
  });

  it('looks nothing up when no identifier could name a device', async () => {
    let lookups = 0;
    const result = await verifyDeviceCredentials(
      [{ identifier: null, key: 'x' }],
      () => {
        lookups++;
        return Promise.resolve([]);
      },
      (d: StoredDeviceCredentials) => d,
    );
    expect(result).toEqual([null]);
    expect(lookups).toBe(0);
  });
});
