import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setInitData } from '../api/init';
import { initData } from '../test/fixtures';
import { Layout } from './Layout';

/** backoffice-platform.md §8 "Init: 'Daten konnten nicht geladen werden.'" (the storefront's start-up batch, §7) */
describe('the start-up batch fails', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    setInitData(initData());
  });

  it("says 'Daten konnten nicht geladen werden.' word for word and loads again on 'Neu laden'", async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(JSON.stringify({ code: 'INTERNAL', message: 'Interner Fehler' }), { status: 500 }),
      );
    setInitData(undefined);
    render(
      <MemoryRouter>
        <Layout />
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')!.textContent).toBe('Daten konnten nicht geladen werden.');
    const calls = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Neu laden' }));
    expect(fetchMock.mock.calls.length).toBe(calls + 1);
    expect(String(fetchMock.mock.calls.at(-1)![0])).toBe('/api/init');
  });
});
