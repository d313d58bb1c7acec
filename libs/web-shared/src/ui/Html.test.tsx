import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Html } from './Html';

// the sanitising itself runs in Chromium (tests/browser/storefront-layout.e2e-spec.ts): happy-dom cannot run DOMPurify
describe('§2.3 HTML description', () => {
  it('shows the words at once, then the markup', async () => {
    const { container } = render(
      <Html html={'<p>Beste <strong>Küche</strong></p><script>window.__ran = 1</script>'} className="lead" />,
    );
    // before the sanitiser is loaded: the text alone (the inert parse runs nothing)
    expect(container.querySelector('strong')).toBeNull();
    expect(container.textContent).toContain('Beste Küche');
    expect((await screen.findByText('Küche', { selector: 'strong' })).closest('div.lead')).toBeTruthy();
    expect((window as { __ran?: number }).__ran).toBeUndefined();
  });

  it('shows plain text as it is, without loading the sanitiser', () => {
    const { container } = render(<Html html="Wiener Küche, Pizza und mehr" className="lead" />);
    expect(container.querySelector('div.lead')!.textContent).toBe('Wiener Küche, Pizza und mehr');
  });
});
