import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** issue 17 (LCP of /): a visitor's page carries the presenter's start-up batch (gateway/src/web/inline-init.ts) */
describe('presenter start-up data inlined by the gateway', () => {
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
          { url: '/api/sites', data: [{ id: 1, path: '/', name: 'Start </script>' }] },
          { url: '/api/users/me', data: null },
        ],
      }),
    );
    const { presenterInit } = await import('./data');
    const { result } = renderHook(() => presenterInit.use());
    expect(result.current.data?.sites.map((s) => s.name)).toEqual(['Start </script>']);
    expect(result.current.data?.nodes).toEqual([]);
    expect(result.current.data?.previewing).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('init-data')).toBeNull();
    await act(() => presenterInit.reload());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/init');
  });

  it('without one (staff, a draft preview) the first render waits for /api/init', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ data: [] }), { status: 200 }));
    const { presenterInit } = await import('./data');
    const { result } = renderHook(() => presenterInit.use());
    expect(result.current.data).toBeUndefined();
    await act(() => vi.waitFor(() => expect(result.current.data).toBeDefined()));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("gives the home page's blocks (to load their renderers first), nothing for other pages", async () => {
    const hero = [{ type: 'hero_home', slides: [] }];
    inline(
      JSON.stringify({
        data: [
          {
            url: '/api/sites',
            data: [
              { id: 1, path: '/', name: 'Start', type: 'home', isPublic: true, content: { body: hero } },
              { id: 2, path: '/ueber-uns', name: 'Über uns', type: 'default', isPublic: true, content: { body: hero } },
            ],
          },
        ],
      }),
    );
    const { inlinedHomeBlocks } = await import('./data');
    expect(inlinedHomeBlocks('/')).toEqual(hero);
    expect(inlinedHomeBlocks('/ueber-uns')).toBeUndefined();
    expect(inlinedHomeBlocks('/gibt-es-nicht')).toBeUndefined();
  });
});
