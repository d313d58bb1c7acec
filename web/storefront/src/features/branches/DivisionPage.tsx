import {
  BREAKPOINTS,
  branchCardLines,
  imageUrl,
  pageTitle,
  shopDescription,
  branchResultsText,
  branchStatus,
  filterBranchesByTags,
  searchBranches,
  tagAvailability,
  toggleTag,
} from '@shop/domain';
import { TEXTS } from '@shop/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Branch, Division, Tag } from '@shop/contracts';
import { useData } from '../../api/init';
import { useLinkTo } from '../../app/context';
import { usePageMeta } from '../../layout/meta';
import { useNow } from '../../state/clock';
import { selectBranch } from '../../state/selected-branch';
import { s } from '../../texts';
import { Html } from '@shop/web-shared';

const HomePage = lazy(() => import('./HomePage').then((m) => ({ default: m.HomePage })));

/** §2.1 "/": the branch list, or the home page when enablePluginHomePage is on. */
export function DivisionPage() {
  const data = useData();
  const { config } = data;
  useEffect(() => selectBranch(null), []);
  const branches = data.branches.filter((b) => b.isEnabled);
  usePageMeta({
    title: pageTitle(config, shownDivision(data.divisions, branches)?.title),
    description: shopDescription(config),
  });
  return config.enablePluginHomePage ? (
    <Suspense fallback={null}>
      <HomePage branches={branches} />
    </Suspense>
  ) : (
    <BranchList branches={branches} tags={data.tags} />
  );
}

/**
 * §2.2 "a division prepends its title if present". The route has no division parameter: the page shows the
 * division when every branch it lists belongs to the same one (a shop with one division); with branches of
 * several divisions (or none) the title is the shop's alone.
 */
export function shownDivision(divisions: readonly Division[], branches: readonly Branch[]): Division | null {
  const ids = new Set(branches.map((b) => b.division?.id ?? null));
  if (ids.size !== 1) return null;
  const [id] = ids;
  return divisions.find((d) => d.id === id) ?? null;
}

/** §2.3 branch list page */
export function BranchList({ branches, tags }: { branches: Branch[]; tags: Tag[] }) {
  const { config } = useData();
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  const [selectedTags, setSelectedTags] = useState<number[]>([]);
  const results = useRef<HTMLDivElement>(null);
  const searched = config.enablePluginSearch ? searchBranches(branches, query, tags) : branches;
  const shown = config.enablePluginTags ? filterBranchesByTags(searched, selectedTags) : searched;
  const availability = tagAvailability(tags, shown);

  return (
    <div className="container page">
      {config.title && <h1>{config.title}</h1>}
      {!config.title && <h1 className="visually-hidden">{s('branchesHeading')}</h1>}
      {config.description && <Html html={config.description} className="lead" />}
      {config.enablePluginSearch && (
        <form
          role="search"
          className="search"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(term);
            (document.activeElement as HTMLElement | null)?.blur();
            if (window.innerWidth < BREAKPOINTS.tablet) results.current?.scrollIntoView({ behavior: 'smooth' });
          }}
        >
          <label htmlFor="branch-search" className="visually-hidden">
            {s('searchLabel')}
          </label>
          <input
            id="branch-search"
            type="search"
            placeholder={TEXTS.searchPlaceholder}
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              setQuery(e.target.value);
            }}
          />
          <button type="submit" className="button">
            {s('searchSubmit')}
          </button>
        </form>
      )}
      {config.enablePluginTags && tags.length > 0 && (
        <div className="tags" role="group" aria-label={s('tagFilterLabel')}>
          {availability.map(({ tag, isAvailable }) => (
            <button
              key={tag.id}
              type="button"
              className={`tag${isAvailable ? ' tag--available' : ''}`}
              aria-pressed={selectedTags.includes(tag.id)}
              onClick={() => setSelectedTags((sel) => toggleTag(sel, tag.id))}
            >
              {tag.image && <img src={imageUrl(tag.image, 'icon')} alt="" width={24} height={24} />}
              {tag.name}
            </button>
          ))}
        </div>
      )}
      <div ref={results}>
        <p className="results" role="status">
          {branchResultsText(shown.length, branches.length)}
        </p>
        <ul className="branch-list">
          {shown.map((b, i) => (
            <li key={b.id} data-animate="">
              <BranchCard branch={b} eager={i < 2} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function BranchCard({ branch, eager = false }: { branch: Branch; eager?: boolean }) {
  const now = useNow();
  const to = useLinkTo();
  const status = branchStatus(branch, now);
  const lines = branchCardLines(branch, status.opening);
  const image = branch.images[0];
  return (
    <Link
      to={to(`/store/${branch.identifier}`)}
      className={`branch-card${branch.isPublic ? '' : ' branch-card--inactive'}${status.isOpen ? '' : ' branch-card--closed'}`}
    >
      <div className="branch-card__media">
        {image && (
          <div className="branch-card__image">
            <img
              src={imageUrl(image, 'small')}
              alt=""
              width={640}
              height={320}
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              data-parallax="0.3"
            />
          </div>
        )}
        {branch.logo && (
          <img className="branch-card__logo" src={imageUrl(branch.logo, 'icon')} alt="" width={56} height={56} />
        )}
      </div>
      <div className="branch-card__body">
        <h2 className="branch-card__name">{branch.name}</h2>
        <p className="branch-card__address">
          {branch.street}
          <br />
          {[branch.zipCode, branch.city].filter(Boolean).join(' ')}
        </p>
        <ul className="branch-card__status">
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </div>
    </Link>
  );
}
