import type { Branch } from '@shop/contracts';
import { isBranchVisible, pageTitle, shopDescription, websiteContactForm } from '@shop/domain';
import { addressDirectionsUrl, ContactForm, telUrl } from '@shop/web-shared';
import { useData } from '../../api/init';
import { usePageMeta } from '../../layout/meta';
import { s } from '../../texts';
import { ContentBody, ContentScope } from './ContentBody';

/**
 * §2.1 "/kontakt: Contact page with anchor #contact-form", §2.10 forms. What the anchor holds, first match:
 * the storefront's site at /kontakt drawn with its body blocks (its form block carries #contact-form); else the
 * storefront's first public form node (a form belongs to its website: never the estate site's inquiry); else, with no form configured, the ways to reach each branch
 * (phone, e-mail, route).
 */
export function ContactPage() {
  const { config, branches, sites, nodes } = useData();
  const site = sites.find((x) => x.path === '/kontakt' && x.isPublic !== false);
  const form = websiteContactForm(nodes, 'storefront');
  usePageMeta({ title: pageTitle(config, s('contactPageTitle')), description: shopDescription(config) });
  const visible = branches.filter(isBranchVisible);
  return (
    <div className="container page">
      <h1>{s('contactPageTitle')}</h1>
      <address className="contact-block">
        <strong>{config.businessName ?? config.shopName}</strong>
        <br />
        {config.street}
        <br />
        {[config.zipCode, config.city].filter(Boolean).join(' ')}
        {config.phone && (
          <>
            <br />
            {s('phoneLabel')}: <a href={telUrl(config.phone)}>{config.phone}</a>
          </>
        )}
        {config.email && (
          <>
            <br />
            {s('emailLabel')}: <a href={`mailto:${config.email}`}>{config.email}</a>
          </>
        )}
      </address>
      {site?.content?.body ? (
        <ContentBody body={site.content.body} />
      ) : form ? (
        <ContentScope>
          <section id="contact-form" className="block block--form">
            <ContactForm form={form} />
          </section>
        </ContentScope>
      ) : (
        <BranchContacts branches={visible} />
      )}
    </div>
  );
}

/** The ways to reach each branch, while no contact form is configured. */
function BranchContacts({ branches: visible }: { branches: Branch[] }) {
  return (
    <section id="contact-form" className="contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{s('contactFormHeading')}</h2>
      <ul className="contact-list">
        {visible.map((b) => (
          <li key={b.id} className="contact-list__item">
            <h3>{b.name}</h3>
            <p>
              {b.street}, {[b.zipCode, b.city].filter(Boolean).join(' ')}
            </p>
            <p className="actions">
              {b.phone && (
                <a className="button button--small" href={telUrl(b.phone)}>
                  {s('call')}
                </a>
              )}
              {b.email && (
                <a className="button button--small button--secondary" href={`mailto:${b.email}`}>
                  {s('writeEmail')}
                </a>
              )}
              <a
                className="button button--small button--secondary"
                href={addressDirectionsUrl(b)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {s('route')}
              </a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
