import type { Product } from '@shop/contracts';
import { formatPrice } from '@shop/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';

/**
 * Product labels as a PDF (backoffice-platform.md §3 build settings, §9 "Label grid sizes: compact 12 rows by 4
 * columns; detail 5 rows by 2 columns"). Drawn in the browser with pdf-lib (maintained, no native parts, no server
 * round trip for data the list already has): one A4 page per grid full, each label a framed cell with the
 * product's name and price, the detail size also its description.
 */
export const LABEL_GRIDS = {
  compact: { rows: 12, columns: 4 },
  detail: { rows: 5, columns: 2 },
} as const;
export type LabelGrid = keyof typeof LABEL_GRIDS;

type LabelProduct = Pick<Product, 'name' | 'price'> & { description?: string | null };

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 20;

/** pdf-lib's standard fonts speak WinAnsi (German letters and € included): anything else becomes '?'. */
function encodable(font: PDFFont, text: string): string {
  return Array.from(text.replace(/\s+/g, ' '))
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

/** Lines of `text` that fit `width`, at most `max` (the last one cut with '…'). */
function wrap(font: PDFFont, size: number, text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1] ?? '';
  while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = last.slice(0, -1);
  kept[max - 1] = `${last}…`;
  return kept;
}

export async function productLabelsPdf(products: readonly LabelProduct[], grid: LabelGrid): Promise<Uint8Array> {
  const { rows, columns } = LABEL_GRIDS[grid];
  const doc = await PDFDocument.create();
  doc.setTitle(grid === 'compact' ? 'Produktetiketten (kompakt)' : 'Produktetiketten (Detail)');
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const cellW = (A4.width - 2 * MARGIN) / columns;
  const cellH = (A4.height - 2 * MARGIN) / rows;
  const nameSize = grid === 'compact' ? 9 : 14;
  const priceSize = grid === 'compact' ? 10 : 16;
  const pad = grid === 'compact' ? 5 : 10;
  const perPage = rows * columns;
  for (let start = 0; start < products.length; start += perPage) {
    const page = doc.addPage([A4.width, A4.height]);
    products.slice(start, start + perPage).forEach((product, i) => {
      const x = MARGIN + (i % columns) * cellW;
      const top = A4.height - MARGIN - Math.floor(i / columns) * cellH;
      page.drawRectangle({
        x,
        y: top - cellH,
        width: cellW,
        height: cellH,
        borderColor: rgb(0.75, 0.75, 0.75),
        borderWidth: 0.5,
      });
      const width = cellW - 2 * pad;
      let y = top - pad - nameSize;
      for (const line of wrap(bold, nameSize, encodable(bold, product.name), width, 2)) {
        page.drawText(line, { x: x + pad, y, size: nameSize, font: bold });
        y -= nameSize * 1.2;
      }
      if (grid === 'detail' && product.description) {
        const text = encodable(regular, product.description.replace(/<[^>]*>/g, ' ').trim());
        for (const line of wrap(regular, 10, text, width, 5)) {
          page.drawText(line, { x: x + pad, y, size: 10, font: regular });
          y -= 12;
        }
      }
      const price = encodable(bold, formatPrice(Number(product.price)));
      page.drawText(price, {
        x: x + cellW - pad - bold.widthOfTextAtSize(price, priceSize),
        y: top - cellH + pad,
        size: priceSize,
        font: bold,
      });
    });
  }
  return doc.save();
}
