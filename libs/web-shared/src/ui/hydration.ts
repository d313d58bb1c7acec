import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while React hydrates the server's markup, true in every render of the browser's own
 * (React renders once more after hydrating when this changes). What the server cannot know (the visitor's storage,
 * the current time) is read only once this is true, so the hydrating render matches the markup it takes over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
