import type { DeliveryArea } from '@shop/contracts';
import { T } from '../../../texts';
import { ErrorText } from '../ErrorText';
import { Cell, CheckCell, RemoveCell, RowsTable, useRowEditor, type ListEditorProps } from './rows';

const F = T.fields;
type Area = Partial<DeliveryArea>;

/** Delivery areas of a branch (storefront-presenter.md §3): area, price, tax, free, freeFromOrderValue, minimumOrderValue. */
export function DeliveryAreasEditor(props: ListEditorProps<Area[]>) {
  const { id, error } = props;
  const { rows: areas, set, remove, add, cell, decimal } = useRowEditor(props, F);
  return (
    <div id={id}>
      <RowsTable headings={[F.area, F.price, F.tax, F.free, F.freeFromOrderValue, F.minimumOrderValue]}>
        {areas.map((a, i) => (
          <tr key={i}>
            <Cell {...cell(i, 'area')}>
              {(control) => (
                <input {...control} value={a.area ?? ''} onChange={(e) => set(i, { area: e.target.value })} />
              )}
            </Cell>
            {decimal(i, 'price', false)}
            {decimal(i, 'tax', false)}
            <CheckCell label={F.free} n={i + 1} checked={a.free === true} onChecked={(free) => set(i, { free })} />
            {decimal(i, 'freeFromOrderValue', true)}
            {decimal(i, 'minimumOrderValue', false)}
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
