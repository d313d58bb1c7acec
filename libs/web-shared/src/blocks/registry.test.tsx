import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Body, preloadRenderers } from './registry';

/**
 * issue 17 (LCP of the presenter's /): the renderers of a page's first blocks, loaded before the first render, are in
 * that render; without it a block shows the loading fallback until its chunk is there.
 */
describe('block renderers loaded ahead', () => {
  it('renders a preloaded renderer in the first render, without the loading fallback', async () => {
    const blocks = [{ type: 'cta_text', text: '<p>Jetzt besichtigen</p>' }, { type: 'gibt_es_nicht' }];
    await preloadRenderers(blocks, 2);
    const { container } = render(<Body blocks={blocks} />);
    expect(container.querySelector('.blocks-loading')).toBeNull();
    expect(container.querySelector('.block--cta')).not.toBeNull();
  });

  it('shows the fallback for a renderer not loaded yet and the block once it is', async () => {
    const { container } = render(<Body blocks={[{ type: 'text_columns', columns: [] }]} />);
    expect(container.querySelector('.blocks-loading')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('.block--text-columns')).not.toBeNull());
    expect(container.querySelector('.blocks-loading')).toBeNull();
  });

  it('loads only the first blocks and ignores what is no block list', async () => {
    await expect(preloadRenderers(null, 2)).resolves.toBeUndefined();
    await expect(preloadRenderers([{ type: 'nope' }], 2)).resolves.toBeUndefined();
  });
});

/** issue 43: an object page's largest paint was a carousel's first image, requested only after layout (lazy) */
describe('a carousel fetches its first image at once', () => {
  it('the first slide is eager, the others lazy', async () => {
    const image = (id: number) => ({ id, version: 1, extension: 'jpg', alt: `Bild ${id}` });
    const blocks = [{ type: 'carousel', text: '', images: [image(1), image(2), image(3)] }];
    await preloadRenderers(blocks, 1);
    const { container } = render(<Body blocks={blocks} />);
    const loading = [...container.querySelectorAll('.block--carousel img')].map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'lazy', 'lazy']);
  });
});
