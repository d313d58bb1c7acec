import type { Product } from '@shop/contracts';
import { useState } from 'react';
import { api, apiUrl } from '../../api/client';
import { T } from '../../texts';
import { useNotices } from '../../ui/notices';
import { productLabelsPdf, type LabelGrid } from './product-labels';

/** 'Etiketten drucken' in both grid sizes on the product list: every product (the list's filters aside) as a PDF download. */
export function ProductLabelButtons() {
  const [busy, setBusy] = useState<LabelGrid | null>(null);
  const notices = useNotices();
  const print = async (grid: LabelGrid) => {
    setBusy(grid);
    try {
      const products = (await api.get(apiUrl('/api/products', {}, { perPage: 500 }))) as Product[];
      const pdf = await productLabelsPdf(products, grid);
      const url = URL.createObjectURL(new Blob([pdf as BlobPart], { type: 'application/pdf' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `produktetiketten-${grid}.pdf`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      notices.error(T.labels.failed, () => print(grid), err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {(['compact', 'detail'] as const).map((grid) => (
        <button key={grid} type="button" disabled={busy !== null} onClick={() => void print(grid)}>
          {T.labels[grid]}
        </button>
      ))}
    </>
  );
}
