import {
  activeMenu,
  calculationModelFor,
  imageUrl,
  isBranchStyledClosed,
  pageTitle,
  shopDescription,
  categoryBarCategories,
  currentCategory,
  formatPriceWithModel,
  introMessages,
  menuGroups,
  formatDateTime,
  unitShortName,
  text,
  type MenuGroup,
} from '@shop/domain';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router-dom';
import type { Branch, Category, Product } from '@shop/contracts';
import { useData } from '../../api/init';
import { usePageMeta } from '../../layout/meta';
import { saveItem, setOrderData, type StoredCartItem } from '../../state/cart-store';
import { selectBranch } from '../../state/selected-branch';
import { s } from '../../texts';
import { DraftNote } from '@shop/web-shared';
import { BranchContact } from '../branches/BranchContact';
import { OpeningHours } from '../branches/OpeningHours';
import { NotFound } from '../site/NotFound';
import { CartPanel } from './CartPanel';
import { ConfigOverlay } from './ConfigOverlay';
import { IntroMessages } from './IntroMessages';
import { useBranch, useBranchOrder, type BranchOrder } from './use-branch-order';
import { LightboxProvider, track, useLightbox } from '@shop/web-shared';

export function StorePage() {
  const { branchIdentifier } = useParams();
  const branch = useBranch(branchIdentifier);
  useEffect(() => selectBranch(branch?.identifier ?? null), [branch?.identifier]);
  if (!branch) return <NotFound />;
  return <StoreWithBranch key={branch.identifier} branch={branch} />;
}

function StoreWithBranch({ branch }: { branch: Branch }) {
  return (
    <LightboxProvider>
      <Store order={useBranchOrder(branch)} />
    </LightboxProvider>
  );
}

const FIRST_GROUPS = 2;
const GROUPS_PER_STEP = 3;

interface Editing {
  product: Product;
  item: StoredCartItem | null;
  index: number | null;
  /** a preorder-only product: the appointment moves to this time at least */
  preorderFrom: Date | null;
}

function Store({ order }: { order: BranchOrder }) {
  const data = useData();
  const { branch, now, status, method } = order;
  usePageMeta({
    title: pageTitle(data.config, branch.name),
    description: branch.description || shopDescription(data.config),
    image: branch.images[0] ? imageUrl(branch.images[0], 'medium') : null,
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState('');
  const menu = activeMenu(data.menus, branch.id, now);
  // with preorder the products are judged at the chosen appointment (the order service judges the ordered time)
  const appointment = branch.isPreorderEnabled ? order.cart.order.appointment : null;
  // by its time: a new Date each render must not recompute the groups
  const judgedAt = (appointment && new Date(appointment) > now ? new Date(appointment) : now).getTime();
  const openRules = method === 'delivery' && branch.isDeliveryHoursEnabled ? branch.deliveryHours : branch.openingHours;
  const groups = useMemo(
    () =>
      menu
        ? menuGroups({
            menu,
            categories: data.categories,
            products: data.products,
            now: new Date(judgedAt),
            timeZone: branch.timezone,
            preorder: branch.isPreorderEnabled ? { openRules } : null,
          })
        : [],
    [menu, data.categories, data.products, judgedAt, branch.timezone, branch.isPreorderEnabled, openRules],
  );
  // the first groups render at once, the rest a few at a time in transitions React can interrupt: each step is its
  // own commit (a commit of the whole menu at once was the longest task of a slow phone's page load)
  const [shownGroups, setShownGroups] = useState(FIRST_GROUPS);
  useEffect(() => {
    if (shownGroups < groups.length)
      startTransition(() => setShownGroups((shown) => Math.min(shown + GROUPS_PER_STEP, groups.length)));
  }, [groups.length, shownGroups]);
  const intro = introMessages({ branch, status, context: 'branch', deliveryMethod: method });
  const closed = isBranchStyledClosed(branch, status);

  return (
    <div className={`container page store${closed ? ' store--closed' : ''}${branch.isPublic ? '' : ' page--draft'}`}>
      <header className="store__intro">
        {!branch.isPublic && <DraftNote />}
        <h1>{branch.name}</h1>
        {branch.description && <p>{branch.description}</p>}
        <IntroMessages intro={intro} />
      </header>
      <div className="store__layout">
        <div className="store__menu">
          {data.config.enablePluginCategoryBar && (
            <CategoryBar
              categories={categoryBarCategories(groups)}
              // a group the steps have not shown yet is shown at once, with every group above it
              showAll={() => flushSync(() => setShownGroups(groups.length))}
            />
          )}
          {groups.slice(0, shownGroups).map((g) => (
            <ProductGroup
              key={g.category.id}
              group={g}
              currency={order.currency}
              closed={closed}
              timeZone={branch.timezone || data.config.timezone}
              onChoose={(product, preorderFrom) => setEditing({ product, item: null, index: null, preorderFrom })}
            />
          ))}
        </div>
        <aside className="store__cart">
          <CartPanel
            order={order}
            onEdit={(item, index) => setEditing({ product: item.product, item, index, preorderFrom: null })}
          />
        </aside>
      </div>
      {/* the weekly hours and the address on the branch page itself: without the home-page plugin no other page has them */}
      <section className="home-branch" aria-labelledby="branch-info">
        <h2 id="branch-info">{s('branchInfoHeading')}</h2>
        <div className="home-branch__grid">
          <OpeningHours branch={branch} />
          <BranchContact branch={branch} />
        </div>
      </section>
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      {notice && (
        <div className="toast" aria-hidden="true">
          {notice}
        </div>
      )}
      {editing && (
        <ConfigOverlay
          product={editing.product}
          item={editing.item}
          method={method}
          currency={order.currency}
          availability={
            editing.preorderFrom &&
            s('preorderableFrom', {
              when: formatDateTime(editing.preorderFrom, branch.timezone || data.config.timezone),
            })
          }
          onClose={() => setEditing(null)}
          onSave={(item) => {
            saveItem(branch.identifier, item, editing.index);
            const from = editing.preorderFrom;
            if (from && !(appointment && new Date(appointment) >= from))
              setOrderData(branch.identifier, { appointment: from.toISOString() });
            track('event', 'Add to cart', 'cart', {
              product: item.product.id,
              amount: item.amount,
              branch: branch.identifier,
            });
            setEditing(null);
            setNotice(text('productAdded'));
          }}
        />
      )}
      <NoticeTimer notice={notice} clear={() => setNotice('')} />
    </div>
  );
}

function NoticeTimer({ notice, clear }: { notice: string; clear: () => void }) {
  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(clear, 4000);
    return () => clearTimeout(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new clear() each render must not restart the 4 s timer of the same notice
  }, [notice]);
  return null;
}

/**
 * §2.5 "Optional category bar (plugin flag): highlights the current category on scroll, scrolls to a
 * category on click … A group is current when its top is above 25 percent of the viewport height."
 */
function CategoryBar({ categories, showAll }: { categories: Category[]; showAll: () => void }) {
  const [current, setCurrent] = useState<number | null>(categories[0]?.id ?? null);
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const onScroll = () => {
      const tops = categories.map((c) => ({
        key: c.id,
        top: document.getElementById(`category-${c.id}`)?.getBoundingClientRect().top ?? null,
      }));
      setCurrent(currentCategory(tops, window.innerHeight));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [categories]);
  // a pointer pressed on the bar: the page may still be scrolling under it (a wheel's or a finger's glide, or the
  // browser bringing the pressed link into view), and re-centring then moved another link under the pointer before
  // it was released, so the click chose that one (seen in fresh-clone CI): the bar waits until the pointer is up
  const pressed = useRef(false);
  const centre = () => {
    // centre the current link by scrolling the bar alone: scrollIntoView would also move the page
    const nav = bar.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="true"]');
    if (nav && link && !pressed.current)
      nav.scrollTo?.({ left: link.offsetLeft - (nav.clientWidth - link.offsetWidth) / 2 });
  };
  useEffect(centre, [current]);
  const press = () => {
    pressed.current = true;
    // released anywhere (a mouse may leave the bar before its button comes up)
    const released = new AbortController();
    const release = () => {
      released.abort();
      pressed.current = false;
      // after the click that follows the release, which chose its link where the pointer was
      setTimeout(centre);
    };
    for (const type of ['pointerup', 'pointercancel'])
      window.addEventListener(type, release, { signal: released.signal });
  };
  if (categories.length === 0) return null;
  return (
    <nav className="category-bar" aria-label={s('categoriesLabel')} ref={bar} onPointerDown={press}>
      <ul>
        {categories.map((c) => (
          <li key={c.id}>
            <a
              href={`#category-${c.id}`}
              aria-current={current === c.id ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                if (!document.getElementById(`category-${c.id}`)) showAll();
                scrollToGroup(`category-${c.id}`);
                setCurrent(c.id);
              }}
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Scrolls the page (and only the page) so the group's top rests at the page's scroll padding, below the sticky
 * bar, at once. Not smoothly: a smooth scroll of the page is aborted by the bar's own programmatic scroll
 * (centring the current link as the groups pass), sometimes before it moved at all (seen in fresh-clone CI,
 * with scrollIntoView and with window.scrollTo alike); an instant jump cannot be interrupted.
 */
function scrollToGroup(id: string) {
  const group = document.getElementById(id);
  if (!group) return;
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  window.scrollTo({ top: window.scrollY + group.getBoundingClientRect().top - padding, behavior: 'instant' });
}

function ProductGroup({
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
  const lightbox = useLightbox();
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
          {group.products.map(({ product, availability, preorderFrom = null }) => {
            const unavailable = availability !== 'orderable' && !preorderFrom;
            const disabled = unavailable || closed;
            const image = product.images[0];
            return (
              <li key={product.id} className={`product${disabled ? ' product--disabled' : ''}`}>
                {image && (
                  <button
                    type="button"
                    className="product__image"
                    aria-label={s('showImages', { name: product.name })}
                    onClick={() =>
                      lightbox.open(
                        product.images.map((i) => ({ src: imageUrl(i, 'large'), alt: i.alt ?? product.name })),
                      )
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
          })}
        </ul>
      </div>
    </section>
  );
}
