import { LogoutPage } from '../features/auth/LogoutPage';
import { MfaPage } from '../features/auth/MfaPage';
import { lazy, Suspense } from 'react';
import { createHashRouter, Navigate, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { CounterScreen } from '../features/orders/CounterScreen';
import { OrderBoard } from '../features/orders/OrderBoard';
import { TerminalPage } from '../features/time-tracking/TerminalPage';
import { T } from '../texts';
import { Layout } from './Layout';

const OrderHistory = lazy(() => import('../features/orders/OrderHistory'));
const MissedOrders = lazy(() => import('../features/orders/MissedOrders'));
const OrderDetail = lazy(() => import('../features/orders/OrderDetail'));
const ResourceRoutes = lazy(() => import('../features/resources/ResourceRoutes'));
const ConfigPage = lazy(() => import('../features/config/ConfigPage'));
const LogList = lazy(() => import('../features/logs/LogList'));
const LogDetail = lazy(() => import('../features/logs/LogDetail'));
const Dashboard = lazy(() => import('../dashboard/StatisticsDashboard'));
const UserProfile = lazy(() => import('../dashboard/UserProfile'));
const MyTimesPage = lazy(() => import('../features/time-tracking/MyTimesPage'));
const AccessTokensPage = lazy(() => import('../features/time-tracking/AccessTokensPage'));
const TeamSheetPage = lazy(() => import('../features/time-tracking/TeamSheetPage'));
const PlannerPage = lazy(() => import('../features/time-tracking/PlannerPage'));
const WorkingActivitiesPage = lazy(() => import('../features/time-tracking/WorkingActivitiesPage'));
const AbsencesPage = lazy(() => import('../features/time-tracking/AbsencesPage'));
const BlockEditor = lazy(() => import('../features/blocks/BlockEditor'));
const SignageScenes = lazy(() => import('../signage/SignageScenes'));
const SignageStreams = lazy(() => import('../signage/SignageStreams'));
const SignageDevices = lazy(() => import('../signage/SignageDevices'));
const SitesPage = lazy(() => import('../features/content/sites/SitesPage'));
const SiteEditor = lazy(() => import('../features/content/sites/SiteEditor'));
const NavigationsPage = lazy(() => import('../features/content/navigations/NavigationsPage'));
const NavigationEditor = lazy(() => import('../features/content/navigations/NavigationEditor'));
const RedirectsPage = lazy(() => import('../features/content/redirects/RedirectsPage'));
const NodesPage = lazy(() => import('../features/content/nodes/NodesPage'));
const NodeEditor = lazy(() => import('../features/content/nodes/NodeEditor'));
const MediaRoutes = lazy(() => import('../features/media/MediaRoutes'));
const PrivacyPage = lazy(() => import('../privacy/PrivacyPage'));

const fallback = (
  <p className="loading" role="status">
    {T.app.loading}
  </p>
);
const page = (el: React.ReactNode) => <Suspense fallback={fallback}>{el}</Suspense>;

/**
 * Hash routes under /backend#/… (backoffice-platform.md §2). Counter screens (branch id + API key) need no
 * login and sit outside the staff layout.
 */
const router = createHashRouter([
  { path: '/frontdesk/:branchId/:apiKey', element: <CounterScreen view="frontdesk" /> },
  { path: '/counter/:branchId/:apiKey', element: <CounterScreen view="backoffice" /> },
  { path: '/terminal/:branch/:deviceKey', element: <TerminalPage /> },
  { path: '/mfa', element: <MfaPage /> },
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <Navigate to="/orders" replace /> },
      { path: 'dashboard', element: page(<Dashboard />) },
      { path: 'statistics/user-profile', element: page(<UserProfile />) },
      { path: 'logout', element: <LogoutPage /> },
      { path: 'orders', element: <OrderBoard /> },
      { path: 'orders/missed', element: page(<MissedOrders />) },
      { path: 'orders/history', element: page(<OrderHistory />) },
      { path: 'orders/:id', element: page(<OrderDetail />) },
      { path: 'config', element: page(<ConfigPage />) },
      { path: 'logs', element: page(<LogList />) },
      { path: 'logs/:id', element: page(<LogDetail />) },
      { path: 'time-tracking', element: page(<MyTimesPage />) },
      { path: 'time-tracking/access-tokens', element: page(<AccessTokensPage />) },
      { path: 'time-tracking/team', element: page(<TeamSheetPage />) },
      { path: 'time-tracking/planner', element: page(<PlannerPage />) },
      { path: 'time-tracking/absences', element: page(<AbsencesPage />) },
      { path: 'working-activities', element: page(<WorkingActivitiesPage />) },
      { path: 'blocks/:id', element: page(<BlockEditor />) },
      { path: 'signage/scenes', element: page(<SignageScenes />) },
      { path: 'signage/streams', element: page(<SignageStreams />) },
      { path: 'signage/devices', element: page(<SignageDevices />) },
      { path: 'sites', element: page(<SitesPage />) },
      { path: 'sites/:id', element: page(<SiteEditor />) },
      { path: 'navigations', element: page(<NavigationsPage />) },
      { path: 'navigations/:id', element: page(<NavigationEditor />) },
      { path: 'redirects', element: page(<RedirectsPage />) },
      { path: 'nodes', element: page(<NodesPage />) },
      { path: 'nodes/:id', element: page(<NodeEditor />) },
      { path: 'media/*', element: page(<MediaRoutes />) },
      { path: 'privacy', element: page(<PrivacyPage />) },
      { path: '*', element: page(<ResourceRoutes />) },
    ],
  },
]);

export function App() {
  return (
    <SWRConfig value={{ shouldRetryOnError: false, revalidateOnFocus: true }}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
