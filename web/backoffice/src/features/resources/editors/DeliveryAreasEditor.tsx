import type { DeliveryArea } from '@shop/contracts';
import { T } from '../../../texts';
import { DecimalInput } from '../DecimalInput';
import { ErrorText, invalidProps } from '../ErrorText';

const F = T.fields;

/** Delivery areas of a branch (storefront-presenter.md §3): area, price, tax, free, freeFromOrderValue, minimumOrderValue. */
export function DeliveryAreasEditor({
  id,
  value,
  onChange,
  errors,
  error,
}: {
  id: string;
  value: Array<Partial<DeliveryArea>> | null | undefined;
  onChange: (v: unknown) => void;
  errors: Record<string, string>;
  error?: string;
}) {
  const areas = value ?? [];
  const set = (i: number, patch: Partial<Record<keyof DeliveryArea, unknown>>) =>
    onChange(areas.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const numCell = (i: number, key: 'price' | 'tax' | 'freeFromOrderValue' | 'minimumOrderValue', nullable: boolean) => (
    <td data-label={F[key]}>
      <DecimalInput
        aria-label={`${F[key]} ${i + 1}`}
        {...invalidProps(`${id}-${i}-${key}`, errors[`${i}.${key}`])}
        value={areas[i][key]}
        nullable={nullable}
        onValue={(v) => set(i, { [key]: v })}
      />
      <ErrorText id={`${id}-${i}-${key}`} message={errors[`${i}.${key}`]} />
    </td>
  );
  return (
    <div id={id}>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{F.area}</th>
            <th scope="col">{F.price}</th>
            <th scope="col">{F.tax}</th>
            <th scope="col">{F.free}</th>
            <th scope="col">{F.freeFromOrderValue}</th>
            <th scope="col">{F.minimumOrderValue}</th>
            <th scope="col">
              <span className="sr-only">{T.list.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
              {numCell(i, 'price', false)}
              {numCell(i, 'tax', false)}
              <td data-label={F.free}>
                <input
                  type="checkbox"
                  aria-label={`${F.free} ${i + 1}`}
                  checked={a.free === true}
                  onChange={(e) => set(i, { free: e.target.checked })}
                />
              </td>
              {numCell(i, 'freeFromOrderValue', true)}
              {numCell(i, 'minimumOrderValue', false)}
              <td>
                <button type="button" onClick={() => onChange(areas.filter((_, j) => j !== i))}>
                  {T.list.remove}
                  <span className="sr-only"> {a.area}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={() =>
          onChange([
            ...areas,
            { area: '', price: 0, tax: 20, free: false, freeFromOrderValue: null, minimumOrderValue: 0 },
          ])
        }
      >
        {T.list.add} ({F.deliveryAreas})
      </button>
      <ErrorText id={id} message={error} />
    </div>
  );
}
