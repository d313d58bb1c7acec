import { normalizeUrl } from '@shop/domain';
import type { Branch } from '@shop/contracts';
import { telUrl } from '@shop/web-shared';

/** A branch's address, phone, e-mail and website (home page and branch page). */
export function BranchContact({
  branch: b,
}: {
  branch: Pick<Branch, 'name' | 'street' | 'zipCode' | 'city' | 'phone' | 'email' | 'website'>;
}) {
  return (
    <address className="contact-block">
      <strong>{b.name}</strong>
      <br />
      {b.street}
      <br />
      {[b.zipCode, b.city].filter(Boolean).join(' ')}
      {b.phone && (
        <>
          <br />
          <a href={telUrl(b.phone)}>{b.phone}</a>
        </>
      )}
      {b.email && (
        <>
          <br />
          <a href={`mailto:${b.email}`}>{b.email}</a>
        </>
      )}
      {b.website && (
        <>
          <br />
          <a href={normalizeUrl(b.website)} target="_blank" rel="noopener noreferrer">
            {b.website.replace(/^https?:\/\//, '')}
          </a>
        </>
      )}
    </address>
  );
}
