// A website's own identity (issue 43): the fields of the `identity` group of its home page (the site at '/').
import { image, text, type FieldDefinition } from './fields.js';

/**
 * The identity of one website (name, title, description, logo, colours, contact data, legal links and texts), in
 * the home page's content as the group `identity`. The shop configuration stays the default: a field left empty
 * takes the configuration's value (@shop/domain `websiteConfig`). Keys of the stored content (snake case, as the
 * other content fields) and the configuration field each overrides.
 */
export const SITE_IDENTITY_KEYS = {
  name: 'shopName',
  business_name: 'businessName',
  title: 'seoTitle',
  description: 'description',
  logo: 'logo',
  street: 'street',
  zip_code: 'zipCode',
  city: 'city',
  phone: 'phone',
  email: 'email',
  website: 'website',
  terms_and_conditions: 'termsAndConditions',
  terms_and_conditions_text: 'termsAndConditionsText',
  privacy_policy: 'privacyPolicy',
  privacy_policy_text: 'privacyPolicyText',
  imprint: 'imprint',
  imprint_text: 'imprintText',
} as const;
export type SiteIdentityKey = keyof typeof SITE_IDENTITY_KEYS | 'brand_color' | 'accent_color';

const url = (name: string, label: string) => text(name, { label, placeholder: 'https://' });
const markdown = (name: string, label: string): FieldDefinition => ({ name, type: 'markdown', label, rows: 8 });

export const SITE_IDENTITY_FIELD: FieldDefinition = {
  name: 'identity',
  type: 'tabs',
  label: 'Website-Identität',
  description: 'Gilt für die ganze Website. Leere Felder übernehmen die Shop-Konfiguration.',
  tabs: [
    {
      label: 'Name und Auftritt',
      fields: [
        text('name', { label: 'Name', max: 120 }),
        text('business_name', { label: 'Firmenname', max: 200 }),
        text('title', { label: 'Titelzusatz', description: 'Steht hinter dem Seitentitel.', max: 200 }),
        { name: 'description', type: 'textarea', label: 'Beschreibung', rows: 3, max: 1000 },
        image('logo', 'Logo'),
        { name: 'brand_color', type: 'color', label: 'Hauptfarbe' },
        { name: 'accent_color', type: 'color', label: 'Akzentfarbe' },
      ],
    },
    {
      label: 'Kontakt',
      fields: [
        text('street', { label: 'Straße', max: 200 }),
        text('zip_code', { label: 'PLZ', max: 20 }),
        text('city', { label: 'Ort', max: 120 }),
        text('phone', { label: 'Telefon', max: 40 }),
        text('email', { label: 'E-Mail', max: 254 }),
        url('website', 'Website'),
      ],
    },
    {
      label: 'Rechtliches',
      fields: [
        url('terms_and_conditions', 'AGB (Link)'),
        markdown('terms_and_conditions_text', 'AGB (Text)'),
        url('privacy_policy', 'Datenschutzerklärung (Link)'),
        markdown('privacy_policy_text', 'Datenschutzerklärung (Text)'),
        url('imprint', 'Impressum (Link)'),
        markdown('imprint_text', 'Impressum (Text)'),
      ],
    },
  ],
};
