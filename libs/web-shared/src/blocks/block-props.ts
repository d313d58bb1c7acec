import type { ContentNode } from '@shop/contracts';
import { createContext, useContext } from 'react';

/** A body block as stored: `{ type, ...fields }` (§3 "each item is { type, ...fields } of a block type"). */
export type BlockValue = Record<string, unknown> & { type?: string };

export interface BlockProps {
  block: BlockValue;
}

/** The page a block is drawn on (objects_overview lists the current project's objects). */
export interface PageContextValue {
  node: ContentNode | null;
}
export const PageContext = createContext<PageContextValue>({ node: null });
export const usePage = () => useContext(PageContext);

export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const arr = <T = Record<string, unknown>>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
