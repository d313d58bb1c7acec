import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuLinks } from '../test/menu-links';

async function navigationOf(roles: string[]): Promise<string[]> {
  return (await menuLinks(roles)).map((a) => a.textContent ?? '');
}

/** issue 14 item 12: screens the role cannot use are not offered (an employee opening one met a load error) */
describe('the navigation offers each role the screens it may use', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('an employee sees orders, branches and tables, not users, configuration or the system log', async () => {
    const links = await navigationOf(['ROLE_EMPLOYEE']);
    expect(links).toEqual(expect.arrayContaining(['Aktuelle Bestellungen', 'Filialen', 'Tische']));
    for (const adminScreen of ['Benutzer', 'Konfiguration', 'Systemlogs', 'Produkte'])
      expect(links).not.toContain(adminScreen);
  });

  it('an administrator sees them all', async () => {
    const links = await navigationOf(['ROLE_ADMIN']);
    expect(links).toEqual(expect.arrayContaining(['Benutzer', 'Konfiguration', 'Systemlogs', 'Produkte', 'Tische']));
  });
});
