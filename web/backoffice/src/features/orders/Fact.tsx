import type { ReactNode } from 'react';

/** One fact of an order's description list: its term and its value. */
export function Fact({ term, children, className }: { term: string; children: ReactNode; className?: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}
