import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { NoticeProvider } from '../ui/notices';

/** A screen as the back office shows it (its own SWR cache, no retries, notices, a router at `path`), for a test. */
export function renderScreen(element: ReactNode, path = '/') {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <NoticeProvider>
        <RouterProvider router={router} />
      </NoticeProvider>
    </SWRConfig>,
  );
}
