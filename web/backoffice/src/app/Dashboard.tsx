import { Link } from 'react-router-dom';
import { useMe } from '../features/auth/use-me';
import { T } from '../texts';
import { NAV, visibleItems } from './nav';

/** /backend#/dashboard (linked from the staff toolbar): every screen of the back office at a glance. */
export default function Dashboard() {
  const { data: me } = useMe();
  return (
    <section>
      <h1>{T.nav.dashboard}</h1>
      <div className="dashboard">
        {NAV.map((g) => {
          const items = visibleItems(g.items, me?.roles);
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
