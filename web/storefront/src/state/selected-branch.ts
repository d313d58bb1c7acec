import { useSyncExternalStore } from 'react';

/** The branch the customer is in (toolbar); §2.3 "Opening this page resets the selected branch." */
let selected: string | null = null;
const listeners = new Set<() => void>();

export function selectBranch(identifier: string | null): void {
  if (selected === identifier) return;
  selected = identifier;
  listeners.forEach((l) => l());
}

export function useSelectedBranch(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => selected,
    () => null,
  );
}
