import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { DivisionPage } from '../features/branches/DivisionPage';
import { Layout } from '../layout/Layout';
import { s } from '../texts';
import { SelfServiceContext } from './context';

// §2.1 route table: the branch list is part of the first load, every other page is loaded on demand
const StorePage = lazy(() => import('../features/store/StorePage').then((m) => ({ default: m.StorePage })));
const CheckoutPage = lazy(() => import('../features/checkout/CheckoutPage').then((m) => ({ default: m.CheckoutPage })));
const CheckoutErrorPage = lazy(() =>
  import('../features/checkout/CheckoutPage').then((m) => ({ default: m.CheckoutErrorPage })),
);
const StatusPage = lazy(() => import('../features/status/StatusPage').then((m) => ({ default: m.StatusPage })));
const ContactPage = lazy(() => import('../features/site/ContactPage').then((m) => ({ default: m.ContactPage })));
const SitePage = lazy(() => import('../features/site/SitePage').then((m) => ({ default: m.SitePage })));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="container page">
          <p className="loading" role="status">
            {s('loading')}
          </p>
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

function pages() {
  return (
    <>
      <Route index element={<DivisionPage />} />
      <Route
        path="store/:branchIdentifier"
        element={
          <Page>
            <StorePage />
          </Page>
        }
      />
      <Route
        path="store/:branchIdentifier/checkout"
        element={
          <Page>
            <CheckoutPage />
          </Page>
        }
      />
      <Route
        path="store/:branchIdentifier/checkout/error"
        element={
          <Page>
            <CheckoutErrorPage />
          </Page>
        }
      />
      <Route
        path="status/:uid/:hash"
        element={
          <Page>
            <StatusPage />
          </Page>
        }
      />
      <Route
        path="kontakt"
        element={
          <Page>
            <ContactPage />
          </Page>
        }
      />
      <Route
        path="*"
        element={
          <Page>
            <SitePage />
          </Page>
        }
      />
    </>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/self-service"
        element={
          <SelfServiceContext.Provider value>
            <Layout />
          </SelfServiceContext.Provider>
        }
      >
        {pages()}
      </Route>
      <Route path="/" element={<Layout />}>
        {pages()}
      </Route>
    </Routes>
  );
}
