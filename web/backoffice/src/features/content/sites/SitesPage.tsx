import { SITE_LAYOUTS, type Site, type SiteLayout } from '@shop/contracts';
import { contentBuilderTexts, format } from '@shop/i18n-de';
import { Link } from 'react-router-dom';
import { T } from '../../../texts';
import { PagedList, type Column } from '../../../ui/DataTable';
import { usePagedList } from '../../../ui/resource-state';
import { ListHeader, useListParams, WebsiteOptions } from '../list-tools';
import { SearchForm } from '../../../ui/list-filters';
import { PreviewLink, usePresenterHost } from './preview';
import { useDocumentTitle } from '../use-content-editor';
import { useContentReadOnly } from '../content-permission';

const S = contentBuilderTexts.sites;
const PER_PAGE = 25;

/** #/sites: the sites of both websites, searched by name or path, with their status and a preview. */
export default function SitesPage() {
  const { params, setParam, page } = useListParams();
  const search = params.get('search') ?? '';
  const website = params.get('website') ?? '';
  const sites = usePagedList('sites', { search, website, page, perPage: PER_PAGE }, S.deleted);
  const presenterHost = usePresenterHost();
  useDocumentTitle(S.title);
  // issue 42: staff without the content permission read only
  const readOnly = useContentReadOnly();
  const columns: Column<Site>[] = [
    { label: S.name, cell: (site) => <Link to={`/sites/${site.id}`}>{site.name}</Link> },
    { label: S.path, cell: (site) => <code>{site.path}</code> },
    { label: S.website, cell: (site) => S.websites[site.website] },
    { label: S.layout, cell: (site) => SITE_LAYOUTS[site.layout as SiteLayout]?.label ?? site.layout },
    { label: S.status, cell: (site) => (site.isPublic ? S.public : S.draft) },
    {
      label: T.list.actions,
      actions: true,
      cell: (site) => (
        <>
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
          {!readOnly && sites.deleting.button(site, site.name)}
        </>
      ),
    },
  ];

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
      <PagedList list={sites} columns={columns} empty={S.empty} />
      {sites.deleting.dialog((site) => format(S.deleteQuestion, { name: site.name }))}
    </section>
  );
}
