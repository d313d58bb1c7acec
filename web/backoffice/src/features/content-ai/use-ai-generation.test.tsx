import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { useAiGeneration } from './use-ai-generation';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const started = { id: 'g1', kind: 'site', status: 'queued', content: null, image: null, message: null, createdAt: '' };

function hook() {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      {children}
    </SWRConfig>
  );
  return renderHook(() => useAiGeneration(), { wrapper }).result;
}

describe('useAiGeneration', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps polling through a failed poll that may succeed (503), and gives up on one that cannot (404)', async () => {
    const answers = [
      json({ message: 'Der Dienst ist vorübergehend nicht erreichbar.', code: 'SERVICE_UNAVAILABLE', errors: [] }, 503),
      json({ data: { ...started, status: 'running' } }),
      json({ message: 'Der angeforderte Datensatz wurde nicht gefunden.', code: 'NOT_FOUND', errors: [] }, 404),
    ];
    const fetch = vi.fn(async () => answers.shift() ?? json({ data: { ...started, status: 'running' } }));
    vi.stubGlobal('fetch', fetch);
    const result = hook();
    const err = await result.current(async () => started as never).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(404);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
