import { isBranchVisible } from '@shop/domain';
import { findNavigation, Footer as SharedFooter } from '@shop/web-shared';
import { lazy, Suspense } from 'react';
import type { InitData } from '../api/types';
import { useIsSelfService } from '../app/context';

const InstallLink = lazy(() => import('../features/pwa/PwaLayer').then((m) => ({ default: m.InstallLink })));

/** The shared footer (§2.2) with the storefront's install link (PWA plugin, not in self-service). */
export function Footer({ data }: { data: InitData }) {
  const selfService = useIsSelfService();
  return (
    <SharedFooter
      config={data.config}
      items={findNavigation(data.navigations, 'navigation')?.items ?? []}
      targets={data}
      branches={data.branches.filter(isBranchVisible)}
    >
      {data.config.enablePluginPWA && !selfService && (
        <Suspense fallback={null}>
          <InstallLink />
        </Suspense>
      )}
    </SharedFooter>
  );
}
