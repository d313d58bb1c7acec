import { LEGAL_PAGES, pageTitle, shopDescription } from '@shop/domain';
import { useLocation } from 'react-router-dom';
import { useData } from '../../api/init';
import { SELF_SERVICE_PREFIX } from '../../app/context';
import { LEGAL_LABELS } from '@shop/web-shared';
import { usePageMeta } from '../../layout/meta';
import { s } from '../../texts';
import { DraftNote } from '@shop/web-shared';
import { Markdown } from '../../ui/Markdown';
import { ContentBody } from './ContentBody';
import { NotFound } from './NotFound';

/**
 * §2.1 catch-all: the path is resolved to a site entry. The legal texts of the configuration have their
 * internal pages (/site/privacy "only when privacyPolicyText exists", likewise terms, imprint, allergens);
 * other paths are looked up among the public sites and drawn with their body blocks; nothing matching gives
 * the 404 page.
 */
export function SitePage() {
  const data = useData();
  const { pathname } = useLocation();
  const path =
    (pathname.startsWith(SELF_SERVICE_PREFIX) ? pathname.slice(SELF_SERVICE_PREFIX.length) : pathname).replace(
      /\/$/,
      '',
    ) || '/';
  const legal = LEGAL_PAGES.find((p) => p.path === path);
  const legalText = legal ? data.config[`${legal.key}Text`] : null;
  // a non-public site is a draft: only staff (or a draft-preview token, for its one site) get it in /api/init, and
  // they see it with the draft style
  const site = data.sites.find(
    (x) => x.path === path && (x.isPublic !== false || data.user !== null || data.previewing === true),
  );
  if (legal && legalText)
    return (
      <LegalPage
        title={s(
          legal.key === 'termsAndConditions'
            ? 'termsTitle'
            : legal.key === 'privacyPolicy'
              ? 'privacyTitle'
              : LEGAL_LABELS[legal.key],
        )}
        text={legalText}
      />
    );
  if (site)
    return (
      <GenericSite
        title={site.title ?? site.name ?? ''}
        description={site.description ?? ''}
        draft={site.isPublic === false}
        body={site.content?.body}
      />
    );
  return <NotFound />;
}

function LegalPage({ title, text }: { title: string; text: string }) {
  const { config } = useData();
  usePageMeta({ title: pageTitle(config, title), description: shopDescription(config) });
  return (
    <div className="container page">
      {!/^#\s/.test(text.trim()) && <h1>{title}</h1>}
      <Markdown source={text} />
    </div>
  );
}

/** §2.9 a content site: its title, then its body blocks with the renderers shared with the presenter. */
function GenericSite({
  title,
  description,
  draft,
  body,
}: {
  title: string;
  description: string;
  draft: boolean;
  body: unknown;
}) {
  const { config } = useData();
  usePageMeta({ title: pageTitle(config, title), description: description || shopDescription(config) });
  return (
    <div className={`page${draft ? ' page--draft' : ''}`}>
      <div className="container">
        {draft && <DraftNote />}
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      <ContentBody body={body} />
    </div>
  );
}
