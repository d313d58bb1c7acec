import { servableRedirects } from './redirect-cache.js';

/**
 * Issue 42 item 3, defence in depth: redirects stored before the content service refused unsafe ones are not
 * answered by the gateway (a 301 to another host stays in browsers' caches for good).
 */
describe('servableRedirects', () => {
  const redirect = (source: string, target: string) => ({ source, target, status: 301 as const });

  it('answers paths of the website and http(s) URLs on allowed hosts', () => {
    const { served, refused } = servableRedirects(
      [
        redirect('/alt', '/neu'),
        redirect('/partner', 'https://partner.example/seite'),
        redirect('/filiale', 'https://wien.filialen.example'),
      ],
      ['partner.example', '*.filialen.example'],
    );
    expect([...served.keys()]).toEqual(['/alt', '/partner', '/filiale']);
    expect(served.get('/partner')).toEqual({ target: 'https://partner.example/seite', status: 301 });
    expect(refused).toEqual([]);
  });

  it('refuses protocol-relative, backslashed, script and not allowed external targets, and protected sources', () => {
    const unsafe = [
      redirect('/a', '//evil.example'),
      redirect('/b', '/\\evil.example'),
      redirect('/c', '\\\\evil.example'),
      redirect('/d', 'javascript:alert(1)'),
      redirect('/e', 'JaVaScRiPt:alert(1)'),
      redirect('/f', 'data:text/html,<script>alert(1)</script>'),
      redirect('/g', 'https://evil.example'),
      redirect('/h', 'https://partner.example.evil.example/'),
      redirect('/i', 'https://partner.example@evil.example/'),
      redirect('/', '/neu'),
      redirect('/store/wien/checkout', '/neu'),
      redirect('/self-service/status/abc/def', '/neu'),
    ];
    const { served, refused } = servableRedirects(unsafe, ['partner.example']);
    expect(served.size).toBe(0);
    expect(refused.map((r) => r.source)).toEqual(unsafe.map((r) => r.source));
  });
});
