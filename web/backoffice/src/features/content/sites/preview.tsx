import type { Site } from '@shop/contracts';
import { contentBuilderTexts } from '@shop/i18n-de';
import type { MouseEvent, ReactNode } from 'react';
import useSWR from 'swr';
import { api, apiUrl, errorMessage } from '../../../api/client';
import { useNotices } from '../../../ui/notices';

const S = contentBuilderTexts.sites;

/**
 * The presenter's host for previews: the first of the gateway's PRESENTER_HOSTS (GET /api/backoffice/websites,
 * loaded once per session). Undefined while it loads, or when the gateway serves no presenter host.
 */
export function usePresenterHost(): string | undefined {
  const { data } = useSWR('/api/backoffice/websites', (url: '/api/backoffice/websites') => api.get(url), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  return data?.presenterHosts[0];
}

/**
 * 'Vorschau': the page on its website's host (the storefront on the back office's own host, the presenter on its
 * configured host), same port; staff see a draft there with the draft style. Null while the presenter's host is
 * unknown.
 */
export function previewUrl(
  site: Pick<Site, 'website' | 'path'>,
  presenterHost: string | undefined,
  location: Location = window.location,
): string | null {
  const host = site.website === 'presenter' ? presenterHost : location.hostname;
  if (!host) return null;
  const port = location.port ? `:${location.port}` : '';
  return `${location.protocol}//${host}${port}${site.path}`;
}

/**
 * Opens a site's 'Vorschau' in a new tab. A public page is the plain link. A draft (not public) would be a
 * visitor's 404 there, because the staff session cookie belongs to the back office's host: the click asks the
 * gateway for a short-lived preview link (`POST /api/sites/{id}/preview`, `?vorschau=<token>`) and opens that. The
 * tab is opened at the click (a browser lets only a click open one) and sent to the link once it is there.
 */
export function PreviewLink({
  site,
  presenterHost,
  className,
  label,
  children,
}: {
  site: Pick<Site, 'id' | 'website' | 'path' | 'isPublic'>;
  presenterHost: string | undefined;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  const notices = useNotices();
  const href = previewUrl(site, presenterHost);
  if (!href) return null;
  const open = async (event?: MouseEvent): Promise<void> => {
    if (site.isPublic) return;
    event?.preventDefault();
    const tab = window.open('', '_blank');
    try {
      const { url } = await api.post(apiUrl('/api/sites/{id}/preview', { id: site.id }));
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else window.open(url, '_blank', 'noopener,noreferrer');
    } catch (err) {
      tab?.close();
      notices.error(errorMessage(err, S.previewFailed), () => open(), err);
    }
  };
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noreferrer"
      aria-label={label}
      onClick={(e) => void open(e)}
    >
      {children}
    </a>
  );
}
