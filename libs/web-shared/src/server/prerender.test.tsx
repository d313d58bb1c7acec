import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { prerenderPage } from './prerender';

/** A lazy part as large as a branch page's menu (Graz, Linz): past React's default progressiveChunkSize of 12,800. */
const Menu = lazy(async () => ({
  default: () => (
    <ul>
      {Array.from({ length: 400 }, (_, i) => (
        <li key={i}>{`Produkt ${i}: Kürbiskernöl, Bergkäse und Speck aus der Steiermark`}</li>
      ))}
    </ul>
  ),
}));

describe('prerenderPage (issue 43 item 4)', () => {
  it('writes a large Suspense boundary in place: no fallback left pending, no inline script to reveal it', async () => {
    const html = await prerenderPage(
      <main>
        <Suspense fallback={<p>Wird geladen …</p>}>
          <Menu />
        </Suspense>
      </main>,
      { sanitize: (h) => h, consent: null },
    );
    expect(html.length).toBeGreaterThan(12_800);
    expect(html).toContain('Produkt 399');
    expect(html).not.toContain('Wird geladen');
    expect(html).not.toContain('<!--$?-->');
    expect(html).not.toMatch(/<script/);
  });
});
