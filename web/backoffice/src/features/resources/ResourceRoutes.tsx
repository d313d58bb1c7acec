import { useParams } from 'react-router-dom';
import { T } from '../../texts';
import { isAdmin, useMe } from '../auth/use-me';
import { resourceByName } from './defs';
import { DeviceActions, LoginLinkButton, UnlockButton } from './ResourceExtras';
import { ResourceForm } from './ResourceForm';
import { ResourceList } from './ResourceList';

/** /backend#/<resource>, /backend#/<resource>/new, /backend#/<resource>/<id> */
export default function ResourceRoutes() {
  const splat = useParams()['*'] ?? '';
  const { data: me } = useMe();
  const [name = '', id] = splat.split('/');
  const def = resourceByName(name);
  if (!def) {
    return (
      <section>
        <h1>{T.app.title}</h1>
        <p>{T.app.notFound}</p>
      </section>
    );
  }
  if (!id) return <ResourceList key={def.name} def={def} />;
  // unlocking, the login link and the device actions (test print, test notification, log request) are for administrators
  const extra = !isAdmin(me)
    ? undefined
    : def.name === 'users'
      ? (e: Record<string, unknown>) => (
          <>
            <UnlockButton user={e} />
            <LoginLinkButton user={e} />
          </>
        )
      : def.name === 'devices'
        ? (e: Record<string, unknown>) => <DeviceActions device={e} />
        : undefined;
  return <ResourceForm key={`${def.name}-${id}`} def={def} id={id} extra={extra} />;
}
