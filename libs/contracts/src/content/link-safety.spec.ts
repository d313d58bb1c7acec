import {
  holdsUnsafeLink,
  isProtectedRedirectSource,
  isRedirectTargetAllowed,
  redirectTargetProblem,
  unsafeLinkScheme,
} from './link-safety.js';
import { NavigationInput, RedirectInput } from './site.schema.js';

const issues = (schema: typeof RedirectInput | typeof NavigationInput, input: Record<string, unknown>) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('links and redirects of the websites (issue 42 item 3)', () => {
  it('finds javascript:, vbscript: and data: links as a browser reads them', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript&colon;alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
    ])
      expect([url, unsafeLinkScheme(url)]).not.toEqual([url, null]);
    for (const url of ['https://example.at', '/kontakt', 'mailto:a@b.at', 'tel:+431234', '#anker', 'daten.pdf'])
      expect([url, unsafeLinkScheme(url)]).toEqual([url, null]);
  });

  it('finds them in rich text attributes and Markdown links, not in plain words', () => {
    expect(holdsUnsafeLink('<p><a href="javascript:alert(1)">x</a></p>')).toBe(true);
    expect(holdsUnsafeLink("<a HREF = 'JAVASCRIPT:alert(1)'>x</a>")).toBe(true);
    expect(holdsUnsafeLink('<img src=data:image/svg+xml,abc>')).toBe(true);
    expect(holdsUnsafeLink('[klick](javascript:alert(1))')).toBe(true);
    expect(holdsUnsafeLink('[klick]: vbscript:msgbox(1)')).toBe(true);
    expect(holdsUnsafeLink('<a href="https://example.at">x</a> [y](/kontakt)')).toBe(false);
    expect(holdsUnsafeLink('Wir lieben JavaScript: es ist überall.')).toBe(false);
  });

  it('a redirect target is a path of the website or an http(s) URL on an allowed host', () => {
    expect(redirectTargetProblem('/kontakt')).toBeNull();
    expect(redirectTargetProblem('https://partner.example/a?b=1')).toBeNull();
    for (const target of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'ftp://evil.example',
      'https://user@evil.example',
      'evil.example',
    ])
      expect([target, redirectTargetProblem(target)]).toEqual([target, 'unsafe']);
    expect(isRedirectTargetAllowed('https://evil.example', [])).toBe(false);
    expect(isRedirectTargetAllowed('https://Partner.Example:8443/x', ['partner.example'])).toBe(true);
    expect(isRedirectTargetAllowed('https://shop.partner.example', ['*.partner.example'])).toBe(true);
    expect(isRedirectTargetAllowed('https://partner.example.evil.example', ['partner.example'])).toBe(false);
    expect(isRedirectTargetAllowed('/neu', [])).toBe(true);
  });

  it('protects the start page, the checkout and the order status as redirect sources', () => {
    for (const path of ['/', '/self-service', '/store/wien/checkout', '/store/wien/checkout/error', '/status/a/b'])
      expect([path, isProtectedRedirectSource(path)]).toEqual([path, true]);
    for (const path of ['/kontakt', '/store/wien', '/site/impressum', '/statusbericht'])
      expect([path, isProtectedRedirectSource(path)]).toEqual([path, false]);
  });

  it('the redirect contract refuses them with the German message keys, at their fields', () => {
    const base = { website: 'storefront', source: '/alt', target: '/neu' };
    expect(issues(RedirectInput, base)).toEqual([]);
    for (const target of ['//evil.example', '/\\evil.example', 'javascript:alert(1)'])
      expect(issues(RedirectInput, { ...base, target })).toEqual(['target: content.redirectTargetUnsafe']);
    expect(issues(RedirectInput, { ...base, source: '/' })).toEqual(['source: content.redirectSourceProtected']);
  });

  it('the navigation contract refuses script links at the item', () => {
    const nav = (target: string) => ({ identifier: 'main', items: [{ type: 'link', label: 'x', target }] });
    expect(issues(NavigationInput, nav('https://example.at'))).toEqual([]);
    expect(issues(NavigationInput, nav('javascript:alert(1)'))).toEqual(['items.0.target: content.unsafeLink']);
    expect(issues(NavigationInput, nav(' data:text/html,x'))).toEqual(['items.0.target: content.unsafeLink']);
  });
});
