import { useState, type ReactNode } from 'react';
import { f, T } from '../../../texts';
import { Options } from '../../../ui/Options';
import { ErrorText, invalidProps } from '../ErrorText';
import { errorsUnder } from '../path';
import type { ListEditorProps } from './rows';
import { RulesEditor } from './RulesEditor';
import { useResourceOptions } from '../use-options';

interface ProductEntry {
  id: number;
  isEnabled?: boolean;
  schedule?: unknown;
}
interface CategoryEntry {
  id: number;
  products: ProductEntry[];
}
type Options = Array<{ value: string; label: string }>;

const nameOf = (opts: Options, x: number) => opts.find((o) => o.value === String(x))?.label ?? `#${x}`;
const move = <T,>(arr: T[], i: number, d: number): T[] => {
  const next = [...arr];
  const [x] = next.splice(i, 1);
  next.splice(i + d, 0, x);
  return next;
};

/** A select of what is not in the list yet and the button that adds the one chosen. */
function AddPicker({
  id,
  label,
  options,
  button,
  onAdd,
}: {
  id: string;
  label: ReactNode;
  options: Options;
  button: ReactNode;
  onAdd: (id: number) => void;
}) {
  const [chosen, setChosen] = useState('');
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">{T.list.none}</option>
        <Options choices={options} />
      </select>
      <button
        type="button"
        disabled={!chosen}
        onClick={() => {
          onAdd(Number(chosen));
          setChosen('');
        }}
      >
        {button}
      </button>
    </>
  );
}

/** A product of a category: enabled, moved up, removed, and its own schedule. */
function CatalogProduct({
  id,
  name,
  product: p,
  first,
  errors,
  onChange,
  onMoveUp,
  onRemove,
}: {
  id: string;
  name: string;
  product: ProductEntry;
  first: boolean;
  /** the errors under this product ('id', 'schedule.0.from') */
  errors: Record<string, string>;
  onChange: (patch: Partial<ProductEntry>) => void;
  onMoveUp: () => void;
  onRemove: () => void;
}) {
  return (
    <li>
      <label className="check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...invalidProps(id, errors.id)}
          checked={p.isEnabled !== false}
          onChange={(e) => onChange({ isEnabled: e.target.checked })}
        />
        {name}
      </label>
      <button type="button" disabled={first} onClick={onMoveUp}>
        {T.list.moveUp}
        <span className="sr-only"> {name}</span>
      </button>
      <button type="button" onClick={onRemove}>
        {T.list.remove}
        <span className="sr-only"> {name}</span>
      </button>
      <ErrorText id={id} message={errors.id} />
      <details className="catalog-schedule" open={!!p.schedule}>
        <summary>
          {T.menus.productSchedule}
          <span className="sr-only"> ({name})</span>
        </summary>
        <RulesEditor
          id={`${id}-schedule`}
          label={name}
          value={p.schedule as never}
          nullable
          onChange={(v) => onChange({ schedule: v })}
          errors={errorsUnder(errors, 'schedule')}
        />
      </details>
    </li>
  );
}

/** A category of the menu: its products in order, one more to add, and the category moved up or removed. */
function CatalogCategory({
  id,
  category: c,
  categories,
  products,
  first,
  errors,
  onProducts,
  onMoveUp,
  onRemove,
}: {
  id: string;
  category: CategoryEntry;
  categories: Options;
  products: Options;
  first: boolean;
  /** the errors under this category ('id', 'products.0.id') */
  errors: Record<string, string>;
  onProducts: (next: ProductEntry[]) => void;
  onMoveUp: () => void;
  onRemove: () => void;
}) {
  const cname = nameOf(categories, c.id);
  return (
    <fieldset>
      <legend>{cname}</legend>
      <ul className="catalog-products" aria-label={f(T.menus.productsOf, { name: cname })}>
        {c.products.map((p, k) => (
          <CatalogProduct
            key={`${p.id}-${k}`}
            id={`${id}-${k}`}
            name={nameOf(products, p.id)}
            product={p}
            first={k === 0}
            errors={errorsUnder(errors, `products.${k}`)}
            onChange={(patch) => onProducts(c.products.map((x, j) => (j === k ? { ...x, ...patch } : x)))}
            onMoveUp={() => onProducts(move(c.products, k, -1))}
            onRemove={() => onProducts(c.products.filter((_, j) => j !== k))}
          />
        ))}
      </ul>
      <AddPicker
        id={`${id}-new`}
        label={`${T.menus.chooseProduct} (${cname})`}
        options={products.filter((p) => !c.products.some((x) => String(x.id) === p.value))}
        button={
          <>
            {T.menus.addProduct}
            <span className="sr-only"> ({cname})</span>
          </>
        }
        onAdd={(product) => onProducts([...c.products, { id: product, isEnabled: true, schedule: null }])}
      />
      <div className="form-actions">
        <button type="button" disabled={first} onClick={onMoveUp}>
          {T.list.moveUp}
          <span className="sr-only"> {cname}</span>
        </button>
        <button type="button" className="danger" onClick={onRemove}>
          {T.list.remove}
          <span className="sr-only"> {cname}</span>
        </button>
      </div>
      <ErrorText id={id} message={errors.id} />
    </fieldset>
  );
}

/** A menu's catalogue (storefront-presenter.md §3 "Menu"): categories in order, each with its products. */
export function MenuCatalogEditor({ id, value, onChange, errors, error }: ListEditorProps<CategoryEntry[]>) {
  const categories = useResourceOptions('categories');
  const products = useResourceOptions('products');
  const list = value ?? [];
  return (
    <div id={id} className="menu-catalog">
      {list.map((c, i) => (
        <CatalogCategory
          key={`${c.id}-${i}`}
          id={`${id}-${i}`}
          category={c}
          categories={categories}
          products={products}
          first={i === 0}
          errors={errorsUnder(errors, String(i))}
          onProducts={(next) => onChange(list.map((x, j) => (j === i ? { ...x, products: next } : x)))}
          onMoveUp={() => onChange(move(list, i, -1))}
          onRemove={() => onChange(list.filter((_, j) => j !== i))}
        />
      ))}
      <AddPicker
        id={`${id}-new-category`}
        label={T.menus.chooseCategory}
        options={categories.filter((c) => !list.some((x) => String(x.id) === c.value))}
        button={T.menus.addCategory}
        onAdd={(category) => onChange([...list, { id: category, products: [] }])}
      />
      <ErrorText id={id} message={error} />
    </div>
  );
}
