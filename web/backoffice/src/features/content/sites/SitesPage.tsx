import { SITE_LAYOUTS, type Site, type SiteLayout } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { api, apiUrl } from '../../../api/client';
import { T } from '../../../texts';
import { ListHeader, LoadState, PagedTable, useDelete, useListParams, WebsiteOptions } from '../list-tools';
import { SearchForm } from '../../../ui/list-filters';
import { PreviewLink, usePresenterHost } from './preview';
import { useDocumentTitle } from '../use-content-editor';

const S = contentBuilderTexts.sites;
const PER_PAGE = 25;

/** #/sites: the sites of both websites, searched by name or path, with their status and a preview. */
export default function SitesPage() {
  const { params, setParam } = useListParams();
  const searched = params.get('search') ?? '';
  const website = params.get('website') ?? '';
  const page = params.get('page') ?? '1';
  const { data, error, mutate } = useSWR(
    apiUrl('/api/sites', {}, { search: searched, website, page, perPage: PER_PAGE }),
    (url) => api.list(url),
    { keepPreviousData: true },
  );
  const presenterHost = usePresenterHost();
  useDocumentTitle(S.title);
  const deleting = useDelete<Site>('sites', 'sites', S.deleted, mutate);

  return (
    <section className="content-sites">
      <ListHeader title={S.title} to="/sites/new" create={S.create} />
      <div className="filters">
        <SearchForm id="sites-search" label={S.searchLabel} button={S.search} name={S.search} />
        <label htmlFor="sites-website">{S.website}</label>{' '}
        <select id="sites-website" value={website} onChange={(e) => setParam('website', e.target.value)}>
          <option value="">{T.list.any}</option>
          <WebsiteOptions />
        </select>
      </div>
      <LoadState noun="sites" loaded={Boolean(data)} error={error} retry={() => mutate()} />
      {data && (
        <PagedTable
          columns={[S.name, S.path, S.website, S.layout, S.status, T.list.actions]}
          list={data}
          empty={S.empty}
          row={(site) => (
            <tr key={site.id}>
              <td data-label={S.name}>
                <Link to={`/sites/${site.id}`}>{site.name}</Link>
              </td>
              <td data-label={S.path}>
                <code>{site.path}</code>
              </td>
              <td data-label={S.website}>{S.websites[site.website]}</td>
              <td data-label={S.layout}>{SITE_LAYOUTS[site.layout as SiteLayout]?.label ?? site.layout}</td>
              <td data-label={S.status}>{site.isPublic ? S.public : S.draft}</td>
              <td className="row-actions">
                <Link to={`/sites/${site.id}`} aria-label={`${S.edit}: ${site.name}`}>
                  {S.edit}
                </Link>
                <PreviewLink
                  site={site}
                  presenterHost={presenterHost}
                  label={`${S.preview}: ${site.name} (${S.previewHint})`}
                >
                  {S.preview}
                </PreviewLink>
                {deleting.button(site, site.name)}
              </td>
            </tr>
          )}
        />
      )}
      {deleting.dialog((site) => format(S.deleteQuestion, { name: site.name }))}
    </section>
  );
}
