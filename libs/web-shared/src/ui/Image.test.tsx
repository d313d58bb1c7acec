import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Image } from './Image';

const image = { id: 73, version: 1, extension: 'jpg', alt: 'Wohnzimmer' };
// the library's own folder (vitest runs each project from its folder)
const sheet = readFileSync(resolve(process.cwd(), 'src/web-shared.css'), 'utf8');

describe('§4 image states: an image of the server render is not hidden until the page has hydrated (issue 43, LCP)', () => {
  it("the server's image carries image--server, which the fade-in (opacity 0 while loading) leaves alone", () => {
    const server = renderToString(<Image image={image} />);
    expect(server).toContain('class="image image--loading image--server"');
    expect(sheet).toContain('.image--loading:not(.image--eager):not(.image--server) img {\n  opacity: 0;');

    const container = document.createElement('div');
    container.innerHTML = server;
    document.body.append(container);
    const recoverable = vi.fn();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    act(() => {
      root = hydrateRoot(container, <Image image={image} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // hydrated and rendered again by the browser (whatever its load state, the test's DOM loads no image): still
    // marked as the server's, so never hidden by the fade-in
    expect(container.querySelector('.image')!.classList.contains('image--server')).toBe(true);
    act(() => root?.unmount());
    container.remove();
  });

  it("an image the browser renders itself keeps the fade-in (not marked as the server's)", () => {
    const { container } = render(<Image image={image} />);
    const span = container.querySelector('.image')!;
    expect(span.classList.contains('image--server')).toBe(false);
    expect(span.className).toMatch(/^image image--(loading|error)$/);
  });
});

describe('issue 43: which images the browser fetches at once', () => {
  it('a hero is eager with high priority, a first slide eager without it, any other image lazy', () => {
    const img = (el: ReactElement) => render(el).container.querySelector('img')!;
    const hero = img(<Image image={image} eager />);
    expect([hero.getAttribute('loading'), hero.getAttribute('fetchpriority')]).toEqual(['eager', 'high']);
    const firstSlide = img(<Image image={image} lazy={false} />);
    expect([firstSlide.getAttribute('loading'), firstSlide.getAttribute('fetchpriority')]).toEqual(['eager', null]);
    const other = img(<Image image={image} />);
    expect(other.getAttribute('loading')).toBe('lazy');
  });
});
