import { useState } from 'react';
import { f, T } from '../../../texts';
import { ErrorText, invalidProps } from '../ErrorText';
import { errorsUnder } from '../path';
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

/** A menu's catalogue (storefront-presenter.md §3 "Menu"): categories in order, each with its products. */
export function MenuCatalogEditor({
  id,
  value,
  onChange,
  errors,
  error,
}: {
  id: string;
  value: CategoryEntry[] | null | undefined;
  onChange: (v: unknown) => void;
  errors: Record<string, string>;
  error?: string;
}) {
  const categories = useResourceOptions('categories');
  const products = useResourceOptions('products');
  const [newCategory, setNewCategory] = useState('');
  const [newProduct, setNewProduct] = useState<Record<number, string>>({});
  const list = value ?? [];
  const nameOf = (opts: Array<{ value: string; label: string }>, x: number) =>
    opts.find((o) => o.value === String(x))?.label ?? `#${x}`;
  const setProducts = (i: number, next: ProductEntry[]) =>
    onChange(list.map((c, j) => (j === i ? { ...c, products: next } : c)));
  const move = <T,>(arr: T[], i: number, d: number): T[] => {
    const next = [...arr];
    const [x] = next.splice(i, 1);
    next.splice(i + d, 0, x);
    return next;
  };

  return (
    <div id={id} className="menu-catalog">
      {list.map((c, i) => {
        const cname = nameOf(categories, c.id);
        const pid = `${id}-${i}-new`;
        return (
          <fieldset key={`${c.id}-${i}`}>
            <legend>{cname}</legend>
            <ul className="catalog-products" aria-label={f(T.menus.productsOf, { name: cname })}>
              {c.products.map((p, k) => (
                <li key={`${p.id}-${k}`}>
                  <label className="check" htmlFor={`${id}-${i}-${k}`}>
                    <input
                      id={`${id}-${i}-${k}`}
                      type="checkbox"
                      {...invalidProps(`${id}-${i}-${k}`, errors[`${i}.products.${k}.id`])}
                      checked={p.isEnabled !== false}
                      onChange={(e) =>
                        setProducts(
                          i,
                          c.products.map((x, j) => (j === k ? { ...x, isEnabled: e.target.checked } : x)),
                        )
                      }
                    />
                    {nameOf(products, p.id)}
                  </label>
                  <button type="button" disabled={k === 0} onClick={() => setProducts(i, move(c.products, k, -1))}>
                    {T.list.moveUp}
                    <span className="sr-only"> {nameOf(products, p.id)}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() =>
                      setProducts(
                        i,
                        c.products.filter((_, j) => j !== k),
                      )
                    }
                  >
                    {T.list.remove}
                    <span className="sr-only"> {nameOf(products, p.id)}</span>
                  </button>
                  <ErrorText id={`${id}-${i}-${k}`} message={errors[`${i}.products.${k}.id`]} />
                  <details className="catalog-schedule" open={!!p.schedule}>
                    <summary>
                      {T.menus.productSchedule}
                      <span className="sr-only"> ({nameOf(products, p.id)})</span>
                    </summary>
                    <RulesEditor
                      id={`${id}-${i}-${k}-schedule`}
                      label={nameOf(products, p.id)}
                      value={p.schedule as never}
                      nullable
                      onChange={(v) =>
                        setProducts(
                          i,
                          c.products.map((x, j) => (j === k ? { ...x, schedule: v } : x)),
                        )
                      }
                      errors={errorsUnder(errors, `${i}.products.${k}.schedule`)}
                    />
                  </details>
                </li>
              ))}
            </ul>
            <label htmlFor={pid}>
              {T.menus.chooseProduct} ({cname})
            </label>
            <select
              id={pid}
              value={newProduct[i] ?? ''}
              onChange={(e) => setNewProduct((s) => ({ ...s, [i]: e.target.value }))}
            >
              <option value="">{T.list.none}</option>
              {products
                .filter((p) => !c.products.some((x) => String(x.id) === p.value))
                .map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
            </select>
            <button
              type="button"
              disabled={!newProduct[i]}
              onClick={() => {
                setProducts(i, [...c.products, { id: Number(newProduct[i]), isEnabled: true, schedule: null }]);
                setNewProduct((s) => ({ ...s, [i]: '' }));
              }}
            >
              {T.menus.addProduct}
              <span className="sr-only"> ({cname})</span>
            </button>
            <div className="form-actions">
              <button type="button" disabled={i === 0} onClick={() => onChange(move(list, i, -1))}>
                {T.list.moveUp}
                <span className="sr-only"> {cname}</span>
              </button>
              <button type="button" className="danger" onClick={() => onChange(list.filter((_, j) => j !== i))}>
                {T.list.remove}
                <span className="sr-only"> {cname}</span>
              </button>
            </div>
            <ErrorText id={`${id}-${i}`} message={errors[`${i}.id`]} />
          </fieldset>
        );
      })}
      <label htmlFor={`${id}-new-category`}>{T.menus.chooseCategory}</label>
      <select id={`${id}-new-category`} value={newCategory} onChange={(e) => setNewCategory(e.target.value)}>
        <option value="">{T.list.none}</option>
        {categories
          .filter((c) => !list.some((x) => String(x.id) === c.value))
          .map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
      </select>
      <button
        type="button"
        disabled={!newCategory}
        onClick={() => {
          onChange([...list, { id: Number(newCategory), products: [] }]);
          setNewCategory('');
        }}
      >
        {T.menus.addCategory}
      </button>
      <ErrorText id={id} message={error} />
    </div>
  );
}
