import { Link } from 'react-router-dom';
import { isAdmin, useMe } from '../features/auth/use-me';
import { T } from '../texts';
import { NAV } from './nav';

/** /backend#/dashboard (linked from the staff toolbar): every screen of the back office at a glance. */
export default function Dashboard() {
  const { data: me } = useMe();
  const admin = isAdmin(me);
  return (
    <section>
      <h1>{T.nav.dashboard}</h1>
      <div className="dashboard">
        {NAV.map((g) => {
          const items = g.items.filter((i) => admin || !i.adminOnly);
          return items.length === 0 ? null : (
            <section key={g.label} className="card">
              <h2>{g.label}</h2>
              <ul>
                {items.map((i) => (
                  <li key={i.to}>
                    <Link to={i.to}>{i.label}</Link>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}
