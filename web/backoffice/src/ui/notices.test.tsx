import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { LoadError, LoadFailed, NoticeProvider, useDismissErrorsOnLeave, useNotices } from './notices';

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

  it('offer "Erneut versuchen" only where repeating the call can succeed', () => {
    function Failing() {
      const notices = useNotices();
      return (
        <>
          <button type="button" onClick={() => notices.error('Ungültig.', () => undefined, new ApiError(422, 'V', ''))}>
            invalid
          </button>
          <button type="button" onClick={() => notices.error('Offline.', () => undefined, new ApiError(0, 'N', ''))}>
            offline
          </button>
        </>
      );
    }
    render(
      <NoticeProvider>
        <Failing />
      </NoticeProvider>,
    );
    act(() => screen.getByText('invalid').click());
    expect(screen.getByRole('alert').textContent).toContain('Ungültig.');
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
    act(() => screen.getByText('offline').click());
    expect(screen.getAllByRole('button', { name: 'Erneut versuchen' })).toHaveLength(1);
  });

  it('a load refused for lack of rights says so, without a retry that cannot help', () => {
    const forbidden = new ApiError(403, 'FORBIDDEN', 'Keine Rechte, um die Ressource anzufragen.');
    const { rerender } = render(
      <LoadError message="Benutzer konnten nicht geladen werden." retry={() => undefined} error={forbidden} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Keine Rechte, um die Ressource anzufragen.');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(
      <LoadError
        message="Benutzer konnten nicht geladen werden."
        retry={() => undefined}
        error={new ApiError(503, 'UNAVAILABLE', 'Dienst nicht erreichbar.')}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Benutzer konnten nicht geladen werden.Erneut versuchen');
  });

  it('names the cause of a refused (403) or missing (404) load in German instead of "… konnten nicht geladen werden."', () => {
    const failed = 'Bestellungen konnten nicht geladen werden.';
    const load = (error: unknown) => ({ error, mutate: vi.fn() });
    const { rerender } = render(
      <LoadFailed
        load={load(new ApiError(403, 'FORBIDDEN', 'Sie haben keinen Zugriff auf diese Filiale.'))}
        message={failed}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Sie haben keinen Zugriff auf diese Filiale.');
    rerender(<LoadFailed load={load(new ApiError(403, 'FORBIDDEN', ''))} message={failed} />);
    expect(screen.getByRole('alert').textContent).toBe('Dafür fehlen Ihnen die Rechte.');
    rerender(
      <LoadFailed
        load={load(new ApiError(404, 'NOT_FOUND', 'Die Bestellung wurde nicht gefunden.'))}
        message={failed}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Die Bestellung wurde nicht gefunden.');
    rerender(<LoadFailed load={load(new ApiError(404, 'HTTP_404', ''))} message={failed} />);
    expect(screen.getByRole('alert').textContent).toBe('Der angeforderte Eintrag wurde nicht gefunden.');
    rerender(
      <LoadFailed load={load(new ApiError(404, 'NOT_FOUND', 'x'))} message={failed} notFound="Nicht Ihre Filiale." />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Nicht Ihre Filiale.');
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<LoadFailed load={load(new ApiError(500, 'INTERNAL', 'Fehler 7'))} message={failed} />);
    expect(screen.getByRole('alert').textContent).toBe(`${failed}Erneut versuchen`);
  });

  it('shows a failed load of SWR with a retry that loads again, and nothing while it has not failed', () => {
    const mutate = vi.fn();
    const { rerender } = render(
      <LoadFailed load={{ error: undefined, mutate }} message="Salden konnten nicht geladen werden." />,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<LoadFailed load={{ error: new Error('weg'), mutate }} message="Salden konnten nicht geladen werden." />);
    expect(screen.getByRole('alert').textContent).toContain('Salden konnten nicht geladen werden.');
    act(() => screen.getByRole('button').click());
    expect(mutate).toHaveBeenCalledTimes(1);
  });
});
