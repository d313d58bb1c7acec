import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The link above a record's screen back to its list ('Zurück zur Liste'). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p>
      <Link to={to}>{children}</Link>
    </p>
  );
}
