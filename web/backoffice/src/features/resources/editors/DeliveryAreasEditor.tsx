import type { DeliveryArea } from '@shop/contracts';
import { T } from '../../../texts';
import { ErrorText, invalidProps } from '../ErrorText';
import { DecimalCell, RemoveCell, RowsTable, useRows } from './rows';

const F = T.fields;
type Area = Partial<DeliveryArea>;
type Amount = 'price' | 'tax' | 'freeFromOrderValue' | 'minimumOrderValue';

/** Delivery areas of a branch (storefront-presenter.md §3): area, price, tax, free, freeFromOrderValue, minimumOrderValue. */
export function DeliveryAreasEditor({
  id,
  value,
  onChange,
  errors,
  error,
}: {
  id: string;
  value: Area[] | null | undefined;
  onChange: (v: unknown) => void;
  errors: Record<string, string>;
  error?: string;
}) {
  const { rows: areas, set, remove, add } = useRows(value, onChange);
  const amount = (i: number, key: Amount, nullable: boolean) => (
    <DecimalCell
      id={`${id}-${i}-${key}`}
      label={F[key]}
      n={i + 1}
      value={areas[i][key]}
      nullable={nullable}
      error={errors[`${i}.${key}`]}
      onValue={(v) => set(i, { [key]: v })}
    />
  );
  return (
    <div id={id}>
      <RowsTable headings={[F.area, F.price, F.tax, F.free, F.freeFromOrderValue, F.minimumOrderValue]}>
        {areas.map((a, i) => (
          <tr key={i}>
            <td data-label={F.area}>
              <input
                aria-label={`${F.area} ${i + 1}`}
                {...invalidProps(`${id}-${i}-area`, errors[`${i}.area`])}
                value={a.area ?? ''}
                onChange={(e) => set(i, { area: e.target.value })}
              />
              <ErrorText id={`${id}-${i}-area`} message={errors[`${i}.area`]} />
            </td>
            {amount(i, 'price', false)}
            {amount(i, 'tax', false)}
            <td data-label={F.free}>
              <input
                type="checkbox"
                aria-label={`${F.free} ${i + 1}`}
                checked={a.free === true}
                onChange={(e) => set(i, { free: e.target.checked })}
              />
            </td>
            {amount(i, 'freeFromOrderValue', true)}
            {amount(i, 'minimumOrderValue', false)}
            <RemoveCell name={a.area} onRemove={() => remove(i)} />
          </tr>
        ))}
      </RowsTable>
      <button
        type="button"
        onClick={() =>
          add({ area: '', price: 0, tax: 20, free: false, freeFromOrderValue: null, minimumOrderValue: 0 })
        }
      >
        {T.list.add} ({F.deliveryAreas})
      </button>
      <ErrorText id={id} message={error} />
    </div>
  );
}
