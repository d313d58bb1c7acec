import { act, cleanup } from '@testing-library/react';
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

/** issue 42 item 5: a screen opened from the menu of a scrolled page starts at its top */
describe('the shell scrolls a newly opened screen to the top', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('scrolls to the top when a menu link opens another screen, not on the first render', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const links = await menuLinks(['ROLE_ADMIN']);
    expect(scrollTo).not.toHaveBeenCalled();
    const users = links.find((a) => a.textContent === 'Benutzer')!;
    act(() => users.click());
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
