import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { productLabelsPdf } from './product-labels';

/** Each page read back: how many labels (framed cells) it draws and the texts it writes. */
async function readBack(bytes: Uint8Array): Promise<Array<{ labels: number; texts: string[] }>> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
    const ops = refs
      .map((ref) => {
        const stream = doc.context.lookup(ref);
        if (!(stream instanceof PDFRawStream)) throw new Error('expected flate-encoded content streams');
        return inflateSync(stream.getContents()).toString('latin1');
      })
      .join('\n');
    const texts = [...ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
    // a label is one closed, stroked frame ('h' then 'S')
    return { labels: ops.match(/\nh\nS\n/g)?.length ?? 0, texts };
  });
}

const products = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    name: `Käsekrainer ${i + 1}`,
    price: 4.5 + i,
    description: 'Mit Senf und Gebäck',
  }));

describe('product labels PDF (backoffice-platform.md §9)', () => {
  it('prints 12 rows × 4 columns per page in the compact size, each label with its name and price', async () => {
    const pages = await readBack(await productLabelsPdf(products(49), 'compact'));
    expect(pages.map((p) => p.labels)).toEqual([48, 1]);
    expect(pages[0]!.texts).toContain('Käsekrainer 1');
    expect(pages[0]!.texts).toContain('Käsekrainer 48');
    expect(pages[1]!.texts).toContain('Käsekrainer 49');
    expect(pages[0]!.texts.some((t) => t.includes('4,50'))).toBe(true);
  });

  it('prints 5 rows × 2 columns per page in the detail size, with the description', async () => {
    const pages = await readBack(await productLabelsPdf(products(11), 'detail'));
    expect(pages.map((p) => p.labels)).toEqual([10, 1]);
    expect(pages[1]!.texts).toEqual(expect.arrayContaining(['Käsekrainer 11', 'Mit Senf und Gebäck']));
  });

  it('never fails on letters the PDF font cannot write', async () => {
    const pages = await readBack(await productLabelsPdf([{ name: 'Ramen 🍜 拉面', price: 9 }], 'compact'));
    expect(pages[0]!.texts[0]).toMatch(/^Ramen \?/);
  });
});
