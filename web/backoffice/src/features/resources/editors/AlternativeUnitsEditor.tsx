import { CALCULATION_MODELS, type AlternativeUnit } from '@shop/contracts';
import { T } from '../../../texts';
import { unitOptions } from '../defs/products';
import { ErrorText } from '../ErrorText';
import { DecimalCell, RemoveCell, RowsTable, useRows } from './rows';

const F = T.fields;
const O = T.options as Record<string, string>;
type Unit = Partial<AlternativeUnit>;
type Quantity = 'ratio' | 'minimumQuantity' | 'maximumQuantity' | 'quantityStepSize';

const NEW_UNIT: Unit = {
  unit: 'piece',
  ratio: 1,
  minimumQuantity: null,
  maximumQuantity: null,
  quantityStepSize: null,
  calculationModel: 'fixed',
};

/** Alternative units of a product: unit, ratio to the product's unit, quantity limits and calculation model. */
export function AlternativeUnitsEditor({
  id,
  label,
  value,
  onChange,
  errors,
  error,
}: {
  id: string;
  label: string;
  value: Unit[] | null | undefined;
  onChange: (v: unknown) => void;
  errors: Record<string, string>;
  error?: string;
}) {
  const { rows: units, set, remove, add } = useRows(value, onChange);
  const quantity = (i: number, key: Quantity, nullable: boolean) => (
    <DecimalCell
      id={`${id}-${i}-${key}`}
      label={F[key]}
      n={i + 1}
      value={units[i][key]}
      nullable={nullable}
      error={errors[`${i}.${key}`]}
      onValue={(v) => set(i, { [key]: v })}
    />
  );
  return (
    <div id={id} className="field">
      <h3>{label}</h3>
      <RowsTable
        headings={[F.unit, F.ratio, F.minimumQuantity, F.maximumQuantity, F.quantityStepSize, F.calculationModel]}
      >
        {units.map((u, i) => (
          <tr key={i}>
            <td data-label={F.unit}>
              <select
                aria-label={`${F.unit} ${i + 1}`}
                value={u.unit ?? 'piece'}
                onChange={(e) => set(i, { unit: e.target.value })}
              >
                {unitOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </td>
            {quantity(i, 'ratio', false)}
            {quantity(i, 'minimumQuantity', true)}
            {quantity(i, 'maximumQuantity', true)}
            {quantity(i, 'quantityStepSize', true)}
            <td data-label={F.calculationModel}>
              <select
                aria-label={`${F.calculationModel} ${i + 1}`}
                value={u.calculationModel ?? 'fixed'}
                onChange={(e) => set(i, { calculationModel: e.target.value })}
              >
                {CALCULATION_MODELS.map((m) => (
                  <option key={m} value={m}>
                    {O[m]}
                  </option>
                ))}
              </select>
            </td>
            <RemoveCell name={i + 1} onRemove={() => remove(i)} />
          </tr>
        ))}
      </RowsTable>
      <button type="button" onClick={() => add(NEW_UNIT)}>
        {T.list.add} ({label})
      </button>
      <ErrorText id={id} message={error} />
    </div>
  );
}
