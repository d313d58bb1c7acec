import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** issue 22: a visitor's page carries its start-up batch (gateway/src/web/inline-init.ts); the app starts with it */
describe('start-up data inlined by the gateway', () => {
  afterEach(() => {
    document.getElementById('init-data')?.remove();
    vi.resetModules();
  });

  function inline(json: string) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'init-data';
    element.textContent = json;
    document.body.append(element);
  }

  it('is there at the first render without a request, and is taken once (a reload fetches)', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ data: [] }), { status: 200 }));
    inline(
      JSON.stringify({
        data: [
          { url: '/api/config', data: { title: 'Pizza </script>' } },
          { url: '/api/branches', data: [{ identifier: 'wien' }] },
          { url: '/api/users/me', data: null },
        ],
      }),
    );
    const init = await import('./init');
    const { result } = renderHook(() => init.useData());
    expect(result.current.config.title).toBe('Pizza </script>');
    expect(result.current.branches.map((b) => b.identifier)).toEqual(['wien']);
    expect(result.current.products).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('init-data')).toBeNull();
    await act(() => init.reloadInit());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/init');
  });

  it('without one (staff pages) the first render waits for /api/init', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ data: [] }), { status: 200 }));
    const init = await import('./init');
    const { result } = renderHook(() => init.useInit());
    expect(result.current.data).toBeUndefined();
    await act(() => vi.waitFor(() => expect(result.current.data).toBeDefined()));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/init');
  });
});
