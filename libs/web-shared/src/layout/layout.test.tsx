import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { configFixture } from '../fixtures/config-fixture';
import { ContactButton } from './ContactButton';
import { Header } from './Header';

describe('floating contact button (§2.2)', () => {
  it('appears from 500 px of scrolling, turns into Abbrechen while open and offers Anrufen and Anfahrt/Anfrage senden', async () => {
    const { fireEvent } = await import('@testing-library/react');
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <ContactButton phone="+43 1 234" />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('button', { name: 'Kontakt' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 499, configurable: true });
    fireEvent.scroll(window);
    expect(screen.queryByRole('button', { name: 'Kontakt' })).toBeNull();
    Object.defineProperty(window, 'scrollY', { value: 500, configurable: true });
    fireEvent.scroll(window);
    await user.click(screen.getByRole('button', { name: 'Kontakt' }));
    expect(screen.getByRole('link', { name: 'Anrufen' }).getAttribute('href')).toBe('tel:+431234');
    expect(screen.getByRole('link', { name: 'Anfahrt/Anfrage senden' }).getAttribute('href')).toBe(
      '/kontakt#contact-form',
    );
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeTruthy();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('header mobile menu (§2.2)', () => {
  it('opens as a modal that fixes the page, moves focus in and keeps it there, and closes with Escape back to the menu button', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Header config={configFixture} items={[]} targets={{ sites: [], branches: [] }} />
      </MemoryRouter>,
    );
    const burger = screen.getByRole('button', { name: 'Menü' });
    await user.click(burger);
    // the open menu's code is its own chunk
    const menu = await screen.findByRole('dialog', { name: 'Menü' });
    expect(burger.getAttribute('aria-expanded')).toBe('true');
    // focus, the fixed page and the key handling come from the menu's effect, which can run after it is shown
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menü schließen' })));
    expect(document.body.classList.contains('is-fixed')).toBe(true);
    // Shift+Tab from the first element wraps to the last one inside the menu
    await user.tab({ shift: true });
    expect(menu.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.classList.contains('is-fixed')).toBe(false);
    expect(document.activeElement).toBe(burger);
    await user.click(burger);
    await user.click(await screen.findByRole('button', { name: 'Menü schließen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(burger);
    // a link closes it, also the one to the page already shown
    await user.click(burger);
    await user.click(within(await screen.findByRole('dialog')).getByRole('link', { name: 'Startseite' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
