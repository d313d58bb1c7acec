import { readFileSync } from 'node:fs';
import { WYSIWYG_STYLES } from '@shop/contracts';
import { describe, expect, it } from 'vitest';

const css = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

/** The declarations of the rule whose selector is exactly `.name` (comments dropped). */
function declarations(sheet: string, name: string): string[] {
  const plain = sheet.replace(/\/\*[\s\S]*?\*\//g, '');
  const rule = new RegExp(`(^|[}\\s])\\.${name}\\s*\\{([^}]*)\\}`).exec(plain);
  return (rule?.[2] ?? '')
    .split(';')
    .map((d) => d.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

describe("§3 the editor's rich-text styles are styled on the public sites (issue 43)", () => {
  const sheet = css('./rich-text.css');

  it('every style the editor offers (WYSIWYG_STYLES) has its rule', () => {
    for (const { className } of WYSIWYG_STYLES) expect(declarations(sheet, className), className).not.toEqual([]);
  });

  it('blue, black, two font families, two small sizes, a label style and hyphenation', () => {
    expect(declarations(sheet, 'text-blue')).toEqual(['color: var(--blue, #005f85)']);
    expect(declarations(sheet, 'text-black')).toEqual(['color: #000']);
    const primary = declarations(sheet, 'font-primary')[0]!;
    const secondary = declarations(sheet, 'font-secondary')[0]!;
    expect(primary).toMatch(/^font-family: .*sans-serif\s*\)$/);
    expect(secondary).toMatch(/^font-family: .*\bserif\)$/);
    expect(declarations(sheet, 'text-small')).toEqual(['font-size: 0.875em']);
    expect(declarations(sheet, 'text-xsmall')).toEqual(['font-size: 0.75em']);
    expect(declarations(sheet, 'text-label')).toContain('text-transform: uppercase');
    expect(declarations(sheet, 'hyphenate')).toContain('hyphens: auto');
  });

  it('both apps get them: web-shared.css (which the storefront and the presenter import) imports the sheet first', () => {
    const shared = css('./web-shared.css')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .trim();
    expect(shared.startsWith("@import './rich-text.css';")).toBe(true);
    for (const app of ['storefront', 'presenter'])
      expect(css(`../../../web/${app}/src/styles.css`)).toContain("@import '@shop/web-shared/web-shared.css';");
  });
});
