import { text as ruleText } from '@shop/domain';
import { useContentData } from '../content/content-data';
import { t } from '../texts';
import type { BlockProps } from './block-props';

/**
 * §2.9 "Contact info: address line (website, street, zip code, city), e-mail link, phone link, and the phone of the
 * first enabled public branch. Office hours show the fixed text 'Auf Anfrage'."
 */
export function ContactInfo(_: BlockProps) {
  const { config, branches } = useContentData();
  const branch = branches.find((b) => b.isEnabled && b.isPublic);
  const address = [config.website, config.street, [config.zipCode, config.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <section className="block block--contact-info">
      {address && <p>{address}</p>}
      {config.email && <a href={`mailto:${config.email}`}>{config.email}</a>}
      {config.phone && <a href={`tel:${config.phone.replace(/\s/g, '')}`}>{config.phone}</a>}
      {branch?.phone && <a href={`tel:${branch.phone.replace(/\s/g, '')}`}>{branch.phone}</a>}
      <p>
        {t('officeHoursLabel')}: {ruleText('officeHours')}
      </p>
    </section>
  );
}
