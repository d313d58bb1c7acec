import type { ContentAiGeneration } from '@shop/contracts';
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { api, ApiError, apiUrl, isRetryable } from '../../api/client';

/** How often a pending generation is asked for (a model takes seconds to minutes). */
export const AI_POLL_MS = 1000;

interface Waiting {
  id: string;
  resolve: (generation: ContentAiGeneration) => void;
  reject: (err: unknown) => void;
}

/**
 * Content AI generations (issue 37 item 6): `generate(start)` sends the POST, which the server answers at once with
 * a generation, and SWR polls GET /api/content-ai/generations/{id} until it is done (the promise resolves with it)
 * or failed (it rejects with the server's German reason as a 503 ApiError, so `errorMessage` shows it and a retry
 * is offered like for any failed call). A poll that cannot succeed (404) rejects too; one that may (offline, 5xx)
 * is retried. The polling is SWR's and ends when the screen does.
 */
export function useAiGeneration(): (start: () => Promise<ContentAiGeneration>) => Promise<ContentAiGeneration> {
  const waiting = useRef<Waiting | null>(null);
  const [id, setId] = useState<string | null>(null);
  const { data, error } = useSWR(
    id ? apiUrl('/api/content-ai/generations/{id}', { id }) : null,
    (url) => api.get(url),
    {
      refreshInterval: (latest) => (latest?.status === 'done' || latest?.status === 'failed' ? 0 : AI_POLL_MS),
      // SWR's refresh pauses while a poll's error stands: one that may succeed is retried (with SWR's backoff)
      shouldRetryOnError: isRetryable,
      errorRetryInterval: AI_POLL_MS,
    },
  );

  useEffect(() => {
    const w = waiting.current;
    if (!w) return;
    const generation = data?.id === w.id ? data : undefined;
    let settle: (() => void) | null = null;
    if (generation?.status === 'done') settle = () => w.resolve(generation);
    else if (generation?.status === 'failed')
      // the German reason the server stored, shown like a failed call's (503: a retry may well succeed)
      settle = () => w.reject(new ApiError(503, 'SERVICE_UNAVAILABLE', generation.message ?? ''));
    else if (error && !isRetryable(error)) settle = () => w.reject(error);
    if (!settle) return;
    waiting.current = null;
    setId(null);
    settle();
  }, [data, error]);

  return async (start) => {
    const started = await start();
    return new Promise((resolve, reject) => {
      waiting.current = { id: started.id, resolve, reject };
      setId(started.id);
    });
  };
}
