import {
  calculationModelFor,
  formatDateTime,
  formatPriceWithModel,
  imageUrl,
  unitShortName,
  type MenuGroup,
} from '@shop/domain';
import type { Category, Product } from '@shop/contracts';
import { useLightbox } from '@shop/web-shared';
import { s } from './texts';

export function ProductGroup({
  group,
  currency,
  closed,
  timeZone,
  onChoose,
}: {
  group: MenuGroup<Category, Product>;
  currency: string;
  timeZone: string;
  /** §2.5 styled closed (closed, no preorder): nothing goes into the cart */
  closed: boolean;
  onChoose: (p: Product, preorderFrom: Date | null) => void;
}) {
  return (
    // the glide-in transform sits on an inner element: on the section it would move the box scrollToGroup aims at
    <section
      className="product-group"
      id={`category-${group.category.id}`}
      aria-labelledby={`category-title-${group.category.id}`}
    >
      <div data-animate="">
        <h2 id={`category-title-${group.category.id}`}>{group.category.name}</h2>
        {group.category.description && <p>{group.category.description}</p>}
        <ul className="product-list">
          {group.products.map(({ product, availability, preorderFrom = null }) => (
            <ProductItem
              key={product.id}
              product={product}
              unavailable={availability !== 'orderable' && !preorderFrom}
              preorderFrom={preorderFrom}
              currency={currency}
              closed={closed}
              timeZone={timeZone}
              onChoose={onChoose}
            />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One product of the menu: image (opens the lightbox), name, description, allergens, price and its button. */
function ProductItem({
  product,
  unavailable,
  preorderFrom,
  currency,
  closed,
  timeZone,
  onChoose,
}: {
  product: Product;
  unavailable: boolean;
  preorderFrom: Date | null;
  currency: string;
  closed: boolean;
  timeZone: string;
  onChoose: (p: Product, preorderFrom: Date | null) => void;
}) {
  const lightbox = useLightbox();
  const disabled = unavailable || closed;
  const image = product.images[0];
  return (
    <li className={`product${disabled ? ' product--disabled' : ''}`}>
      {image && (
        <button
          type="button"
          className="product__image"
          aria-label={s('showImages', { name: product.name })}
          onClick={() =>
            lightbox.open(product.images.map((i) => ({ src: imageUrl(i, 'large'), alt: i.alt ?? product.name })))
          }
        >
          <img src={imageUrl(image, 'thumbnail')} alt="" width={96} height={96} loading="lazy" />
        </button>
      )}
      <div className="product__body">
        <h3 className="product__name">{product.name}</h3>
        {product.description && <p className="product__description">{product.description}</p>}
        {product.allergens && (
          <p className="product__allergens">{s('allergensLabel', { allergens: product.allergens })}</p>
        )}
        {unavailable && <p className="product__unavailable">{s('productUnavailable')}</p>}
        {preorderFrom && (
          <p className="product__unavailable">
            {s('preorderableFrom', { when: formatDateTime(preorderFrom, timeZone) })}
          </p>
        )}
      </div>
      <div className="product__actions">
        {!product.isPriceHidden && (
          <span className="product__price">
            {formatPriceWithModel(product.price, calculationModelFor(product), currency)}
            {product.pricing !== 1 || product.unit !== 'piece'
              ? ` / ${product.pricing !== 1 ? `${product.pricing} ` : ''}${unitShortName(product.unit)}`
              : ''}
          </span>
        )}
        <button
          type="button"
          className="button button--small"
          disabled={disabled}
          aria-label={`${product.name}: ${s('configure')}`}
          onClick={() => onChoose(product, preorderFrom)}
        >
          {s('configure')}
        </button>
      </div>
    </li>
  );
}
