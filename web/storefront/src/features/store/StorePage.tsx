import {
  activeMenu,
  imageUrl,
  isBranchStyledClosed,
  pageTitle,
  shopDescription,
  categoryBarCategories,
  introMessages,
  menuGroups,
  formatDateTime,
  text,
} from '@shop/domain';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useParams } from 'react-router-dom';
import type { Branch, Product } from '@shop/contracts';
import { useData } from '../../api/init';
import { usePageMeta } from '../../layout/meta';
import { saveItem, setOrderData, type StoredCartItem } from '../../state/cart-store';
import { selectBranch } from '../../state/selected-branch';
import { s } from './texts';
import { DraftNote } from '@shop/web-shared';
import { BranchContact } from '../branches/BranchContact';
import { OpeningHours } from '../branches/OpeningHours';
import { NotFound } from '../site/NotFound';
import { CartPanel } from './CartPanel';
import { CategoryBar } from './CategoryBar';
import { ConfigOverlay } from './ConfigOverlay';
import { IntroMessages } from './IntroMessages';
import { ProductGroup } from './ProductGroup';
import { useBranch, useBranchOrder, type BranchOrder } from './use-branch-order';
import { LightboxProvider, track } from '@shop/web-shared';

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

/**
 * The menu of the branch's active menu, judged at the appointment when preordering (the order service judges the
 * ordered time). The first groups render at once, the rest a few at a time in transitions React can interrupt:
 * each step is its own commit (a commit of the whole menu at once was the longest task of a slow phone's page load).
 */
function useMenuGroups(order: BranchOrder) {
  const data = useData();
  const { branch, now, method } = order;
  const menu = activeMenu(data.menus, branch.id, now);
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
  const [shownGroups, setShownGroups] = useState(FIRST_GROUPS);
  useEffect(() => {
    if (shownGroups < groups.length)
      startTransition(() => setShownGroups((shown) => Math.min(shown + GROUPS_PER_STEP, groups.length)));
  }, [groups.length, shownGroups]);
  // a group the steps have not shown yet is shown at once, with every group above it
  const showAll = () => flushSync(() => setShownGroups(groups.length));
  return { groups, shown: groups.slice(0, shownGroups), showAll };
}

function Store({ order }: { order: BranchOrder }) {
  const data = useData();
  const { branch, status, method } = order;
  usePageMeta({
    title: pageTitle(data.config, branch.name),
    description: branch.description || shopDescription(data.config),
    image: branch.images[0] ? imageUrl(branch.images[0], 'medium') : null,
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState('');
  const { groups, shown, showAll } = useMenuGroups(order);
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
            <CategoryBar categories={categoryBarCategories(groups)} shownGroups={shown.length} showAll={showAll} />
          )}
          {shown.map((g) => (
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
      <BranchInfo branch={branch} />
      <Notice notice={notice} clear={() => setNotice('')} />
      {editing && (
        <EditOverlay
          order={order}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            setNotice(text('productAdded'));
          }}
        />
      )}
    </div>
  );
}

/** The product being configured; saved into the cart (a preorder-only product moves the appointment to its time). */
function EditOverlay({
  order,
  editing,
  onClose,
  onSaved,
}: {
  order: BranchOrder;
  editing: Editing;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { config } = useData();
  const { branch, method } = order;
  const appointment = branch.isPreorderEnabled ? order.cart.order.appointment : null;
  return (
    <ConfigOverlay
      product={editing.product}
      item={editing.item}
      method={method}
      currency={order.currency}
      availability={
        editing.preorderFrom &&
        s('preorderableFrom', { when: formatDateTime(editing.preorderFrom, branch.timezone || config.timezone) })
      }
      onClose={onClose}
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
        onSaved();
      }}
    />
  );
}

/** The weekly hours and the address on the branch page itself: without the home-page plugin no other page has them. */
function BranchInfo({ branch }: { branch: Branch }) {
  return (
    <section className="home-branch" aria-labelledby="branch-info">
      <h2 id="branch-info">{s('branchInfoHeading')}</h2>
      <div className="home-branch__grid">
        <OpeningHours branch={branch} />
        <BranchContact branch={branch} />
      </div>
    </section>
  );
}

/** 'Produkt hinzugefügt' for screen readers and as a toast, for 4 seconds. */
function Notice({ notice, clear }: { notice: string; clear: () => void }) {
  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      {notice && (
        <div className="toast" aria-hidden="true">
          {notice}
        </div>
      )}
      <NoticeTimer notice={notice} clear={clear} />
    </>
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
