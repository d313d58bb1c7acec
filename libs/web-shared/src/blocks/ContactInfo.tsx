import { siteIdentity, text as ruleText } from '@shop/domain';
import { useContentData } from '../content/content-data';
import { t } from '../texts';
import type { BlockProps } from './block-props';

/**
 * §2.9 "Contact info: address line (website, street, zip code, city), e-mail link, phone link, and the phone of the
 * first enabled public branch. Office hours show the fixed text 'Auf Anfrage'." Each on its own line; the branch's
 * phone only when it is another number, and not on a website with a phone of its own (issue 43: the estate agency's
 * identity; the branches are the shop's).
 */
export function ContactInfo(_: BlockProps) {
  const { config, branches, sites } = useContentData();
  const branch = branches.find((b) => b.isEnabled && b.isPublic);
  const branchPhone = !siteIdentity(sites).phone && branch?.phone !== config.phone ? branch?.phone : null;
  const address = [config.website, config.street, [config.zipCode, config.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <section className="block block--contact-info">
      {address && <p>{address}</p>}
      {config.email && (
        <p>
          <a href={`mailto:${config.email}`}>{config.email}</a>
        </p>
      )}
      {[config.phone, branchPhone].filter(Boolean).map((phone) => (
        <p key={phone}>
          <a href={`tel:${phone?.replace(/\s/g, '')}`}>{phone}</a>
        </p>
      ))}
      <p>
        {t('officeHoursLabel')}: {ruleText('officeHours')}
      </p>
    </section>
  );
}
