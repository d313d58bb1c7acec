import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Html, ServerSanitizerContext } from './Html';

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

  it("renders the server's sanitised markup, which hydrating keeps until the browser's sanitiser answers", async () => {
    const source = '<p>Beste <strong>Küche</strong></p><script>window.__ran = 1</script>';
    // the gateway's allow-list stands in: it drops the script (whose text a plain-text render would show) and marks
    // what it let through
    const sanitize = (html: string) =>
      html.replace(/<script>.*<\/script>/, '').replace('<strong>', '<strong data-server="">');
    const server = renderToString(
      <ServerSanitizerContext.Provider value={sanitize}>
        <Html html={source} className="lead" />
      </ServerSanitizerContext.Provider>,
    );
    expect(server).toBe('<div class="lead"><p>Beste <strong data-server="">Küche</strong></p></div>');

    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.append(container);
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    act(() => {
      root = hydrateRoot(container, <Html html={source} className="lead" />, { onRecoverableError: recoverable });
    });
    // hydrated without a mismatch, the server's markup still there (not the plain text of a browser's first render)
    expect(container.querySelector('strong[data-server]')?.textContent).toBe('Küche');
    // then the browser's own sanitised markup
    await waitFor(() => expect(container.querySelector('strong:not([data-server])')?.textContent).toBe('Küche'));
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root?.unmount());
    container.remove();
  });
});
