import { isFileRef, normalizeUrl, uploadUrl } from '@shop/domain';
import { Link } from 'react-router-dom';
import { useContentData } from '../content/content-data';
import { referenceId } from '@shop/domain';

/** §3 "Link value: label plus one of reference id, href and target, to, mailto, phone, file." */
export interface LinkValue {
  label?: string;
  reference?: unknown;
  href?: string;
  target?: string;
  to?: string;
  mailto?: string;
  phone?: string;
  file?: unknown;
}

/**
 * §2.9 "Link types: site link (internal, by reference id), URL link (href, target), router link (to), e-mail link
 * (mailto), phone link, file link; each has a label."
 */
export function ContentLink({ link, className = 'button' }: { link: LinkValue; className?: string }) {
  const { sites } = useContentData();
  const label = link.label ?? '';
  const siteId = referenceId(link.reference);
  if (siteId !== null) {
    const site = sites.find((s) => s.id === siteId);
    return site ? (
      <Link className={className} to={site.path}>
        {label}
      </Link>
    ) : null;
  }
  if (link.to)
    return (
      <Link className={className} to={link.to}>
        {label}
      </Link>
    );
  if (link.href) {
    const blank = link.target === '_blank';
    return (
      <a
        className={className}
        href={normalizeUrl(link.href)}
        target={blank ? '_blank' : undefined}
        rel={blank ? 'noopener noreferrer' : undefined}
      >
        {label}
      </a>
    );
  }
  if (link.mailto)
    return (
      <a className={className} href={`mailto:${link.mailto}`}>
        {label}
      </a>
    );
  if (link.phone)
    return (
      <a className={className} href={`tel:${link.phone.replace(/\s/g, '')}`}>
        {label}
      </a>
    );
  if (isFileRef(link.file) && typeof (link.file as { publicHash?: unknown }).publicHash === 'string')
    return (
      <a
        className={className}
        href={uploadUrl(link.file as Parameters<typeof uploadUrl>[0])}
        target="_blank"
        rel="noopener noreferrer"
      >
        {label}
      </a>
    );
  return null;
}

export function Links({ links }: { links: unknown }) {
  if (!Array.isArray(links) || links.length === 0) return null;
  return (
    <div className="links">
      {(links as LinkValue[]).map((link, i) => (
        <ContentLink key={i} link={link} />
      ))}
    </div>
  );
}
