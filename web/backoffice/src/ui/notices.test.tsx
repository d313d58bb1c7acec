import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoticeProvider, useDismissErrorsOnLeave, useNotices } from './notices';

function Screen() {
  useDismissErrorsOnLeave();
  const notices = useNotices();
  return (
    <>
      <button type="button" onClick={() => notices.error('Filiale konnte nicht aktualisiert werden.', () => undefined)}>
        fail
      </button>
      <button type="button" onClick={() => notices.success('Gespeichert.')}>
        ok
      </button>
    </>
  );
}

describe('notices', () => {
  afterEach(cleanup);

  it("drop a screen's errors (and their retries) when the user moves to another screen", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const router = createMemoryRouter([{ path: '*', element: <Screen /> }], { initialEntries: ['/branches/1'] });
    render(
      <NoticeProvider>
        <RouterProvider router={router} />
      </NoticeProvider>,
    );
    act(() => screen.getByText('fail').click());
    act(() => screen.getByText('ok').click());
    expect(screen.getByRole('alert').textContent).toContain('Filiale konnte nicht aktualisiert werden.');
    await act(() => router.navigate('/branches/1?tab=2'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await act(() => router.navigate('/orders'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Gespeichert.');
    vi.useRealTimers();
  });
});
