import { AdminTools } from '@shop/web-shared';
import { useLocation } from 'react-router-dom';
import { presenterInit } from '../api/data';

/** §2.2 the administrator's tools: the back office's content screens, and the start-up data loaded again. */
export function PresenterAdminTools() {
  const { pathname } = useLocation();
  const editHref = /^\/(projekte|referenzen)\//.test(pathname) ? '/backend#/nodes' : '/backend#/sites';
  return <AdminTools editHref={editHref} reload={presenterInit.reload} />;
}
