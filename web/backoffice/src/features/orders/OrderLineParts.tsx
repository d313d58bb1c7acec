import type { OrderLine, Product } from '@shop/contracts';
import { orderLineParts } from '@shop/domain';
import useSWR from 'swr';
import { api, apiUrl } from '../../api/client';
import { f, T } from '../../texts';

/** The catalogue's products (the same list the resource screens load), for the names of configuration steps. */
export function useProducts() {
  return useSWR(apiUrl('/api/products', {}, { perPage: 500 }), (url) => api.get(url), { revalidateOnFocus: false });
}

/**
 * What to cook for one line: the chosen options, the texts and every uploaded file (a thumbnail for photos, each a
 * download link), per step with the step's name when the product is known.
 */
export function OrderLineParts({ item, products }: { item: OrderLine; products: Product[] | undefined }) {
  const steps = products?.find((p) => p.id === item.product)?.config.parts;
  const parts = orderLineParts(item.parts, steps);
  if (!parts.length) return null;
  return (
    <ul className="parts">
      {parts.map((part) => (
        <li key={part.key}>
          {part.label && <span className="part-label">{part.label}: </span>}
          {part.values.map((v, i) => (
            <span key={i} className="part-value">
              {i > 0 && ', '}
              {v.kind === 'text' ? (
                v.text
              ) : v.url ? (
                <a
                  className="upload-link"
                  href={v.url}
                  download={v.name}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={f(T.orders.downloadFile, { name: v.name })}
                >
                  {v.thumbnailUrl && <img className="upload-thumb" src={v.thumbnailUrl} alt="" loading="lazy" />}
                  <span>{v.name}</span>
                </a>
              ) : (
                v.name
              )}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
