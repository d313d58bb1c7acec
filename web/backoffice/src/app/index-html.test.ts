import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('index.html', () => {
  it('has a favicon (an SVG in the theme colour), so the tab is not blank', () => {
    const html = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');
    const icon = new DOMParser().parseFromString(html, 'text/html').querySelector('link[rel="icon"]');
    expect(icon?.getAttribute('type')).toBe('image/svg+xml');
    const href = icon!.getAttribute('href')!;
    expect(href.startsWith('data:image/svg+xml,')).toBe(true);
    const svg = decodeURIComponent(href.slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg xmlns='http:\/\/www.w3.org\/2000\/svg'/);
    expect(svg).toContain("fill='#008FC3'");
  });
});
