import { legalLink, pageTitle, shopDescription } from './layout.js';
import { siteIdentity, websiteColors, websiteConfig, websiteContactForm } from './site-identity.js';
import { config } from '../../test/fixtures.js';

const shop = config({
  shopName: 'Donaugenuss',
  businessName: 'Donaugenuss Gastronomie GmbH',
  seoTitle: 'Donaugenuss | Online bestellen in Wien, Graz und Linz',
  description: 'Restaurant',
  seoDescription: 'Restaurant in Wien, Graz und Linz',
  phone: '+43 1 532 48 10',
  email: 'office@donaugenuss.at',
  imprintText: '# Impressum Donaugenuss',
  allergensText: '# Allergene',
  privacyPolicy: 'https://donaugenuss.at/datenschutz',
});
const home = (identity: Record<string, unknown>) => [
  { path: '/site/imprint', content: { identity: { name: 'nicht diese Seite' } } },
  { path: '/', content: { body: [], identity } },
];

describe("issue 43: a website's identity over the shop configuration", () => {
  it("takes the home page's filled identity fields; title and description win over the SEO fields", () => {
    const estate = websiteConfig(
      shop,
      home({
        name: 'Donau Wohnbau',
        business_name: 'Donau Wohnbau GmbH',
        title: 'Donau Wohnbau | Wohnen in Wien',
        description: 'Neubauwohnungen in Wien',
        phone: ' +43 1 890 12 34 ',
        email: 'office@donau-wohnbau.at',
        imprint_text: '# Impressum Donau Wohnbau',
      }),
      'presenter',
    );
    expect(pageTitle(estate, 'Kontakt')).toBe('Kontakt - Donau Wohnbau | Wohnen in Wien');
    expect(shopDescription(estate)).toBe('Neubauwohnungen in Wien');
    expect(estate).toMatchObject({
      shopName: 'Donau Wohnbau',
      businessName: 'Donau Wohnbau GmbH',
      phone: '+43 1 890 12 34',
      email: 'office@donau-wohnbau.at',
      imprintText: '# Impressum Donau Wohnbau',
    });
  });

  it('falls back to the shop configuration for every empty field (blank text, null or missing)', () => {
    const estate = websiteConfig(
      shop,
      home({ name: '  ', phone: null, email: 'office@donau-wohnbau.at' }),
      'storefront',
    );
    expect(estate).toEqual({ ...shop, email: 'office@donau-wohnbau.at' });
    expect(websiteConfig(shop, [], 'storefront')).toEqual(shop);
    expect(siteIdentity([{ path: '/', content: {} }])).toEqual({});
  });

  it('the presenter has no allergens link; the storefront keeps it', () => {
    expect(legalLink(websiteConfig(shop, [], 'presenter'), 'allergens')).toBeNull();
    expect(legalLink(websiteConfig(shop, [], 'storefront'), 'allergens')).toEqual({ internal: '/site/allergens' });
    // a legal link of the site replaces the shop's
    const estate = websiteConfig(shop, home({ privacy_policy: 'https://donau-wohnbau.at/datenschutz' }), 'presenter');
    expect(legalLink(estate, 'privacyPolicy')).toEqual({ external: 'https://donau-wohnbau.at/datenschutz' });
  });

  it("names the website's own colours as the stylesheet's custom properties, only those it sets", () => {
    expect(websiteColors(home({ brand_color: '#0b4f6c', accent_color: '' }))).toEqual({ '--brand': '#0b4f6c' });
    expect(websiteColors([])).toEqual({});
  });
});

describe('issue 43: a form belongs to its website', () => {
  const form = (id: number, website: string | undefined, isPublic = true) => ({
    id,
    type: 'form',
    isPublic,
    content: website ? { name: `Formular ${id}`, website } : { name: `Formular ${id}` },
  });
  it("the contact page takes its own website's first public form, never another's nor one without a website", () => {
    const nodes = [
      form(1, 'presenter'),
      form(2, undefined),
      form(3, 'storefront', false),
      { id: 4, type: 'project', isPublic: true, content: { website: 'storefront' } },
      form(5, 'storefront'),
      form(6, 'storefront'),
    ];
    expect(websiteContactForm(nodes, 'storefront')?.id).toBe(5);
    expect(websiteContactForm(nodes, 'presenter')?.id).toBe(1);
    expect(websiteContactForm([form(1, 'presenter')], 'storefront')).toBeUndefined();
  });
});
