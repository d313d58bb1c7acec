import { CALCULATION_MODELS, type AlternativeUnit } from '@shop/contracts';
import { T } from '../../../texts';
import { unitOptions } from '../defs/products';
import { DecimalInput } from '../DecimalInput';
import { ErrorText, invalidProps } from '../ErrorText';

const F = T.fields;
const O = T.options as Record<string, string>;

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
  value: Array<Partial<AlternativeUnit>> | null | undefined;
  onChange: (v: unknown) => void;
  errors: Record<string, string>;
  error?: string;
}) {
  const units = value ?? [];
  const set = (i: number, patch: Record<string, unknown>) =>
    onChange(units.map((u, j) => (j === i ? { ...u, ...patch } : u)));
  const num = (
    i: number,
    key: 'ratio' | 'minimumQuantity' | 'maximumQuantity' | 'quantityStepSize',
    nullable: boolean,
  ) => (
    <td data-label={F[key]}>
      <DecimalInput
        aria-label={`${F[key]} ${i + 1}`}
        {...invalidProps(`${id}-${i}-${key}`, errors[`${i}.${key}`])}
        value={units[i][key]}
        nullable={nullable}
        onValue={(v) => set(i, { [key]: v })}
      />
      <ErrorText id={`${id}-${i}-${key}`} message={errors[`${i}.${key}`]} />
    </td>
  );
  return (
    <div id={id} className="field">
      <h3>{label}</h3>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{F.unit}</th>
            <th scope="col">{F.ratio}</th>
            <th scope="col">{F.minimumQuantity}</th>
            <th scope="col">{F.maximumQuantity}</th>
            <th scope="col">{F.quantityStepSize}</th>
            <th scope="col">{F.calculationModel}</th>
            <th scope="col">
              <span className="sr-only">{T.list.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
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
              {num(i, 'ratio', false)}
              {num(i, 'minimumQuantity', true)}
              {num(i, 'maximumQuantity', true)}
              {num(i, 'quantityStepSize', true)}
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
              <td>
                <button type="button" onClick={() => onChange(units.filter((_, j) => j !== i))}>
                  {T.list.remove}
                  <span className="sr-only"> {i + 1}</span>
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
            ...units,
            {
              unit: 'piece',
              ratio: 1,
              minimumQuantity: null,
              maximumQuantity: null,
              quantityStepSize: null,
              calculationModel: 'fixed',
            },
          ])
        }
      >
        {T.list.add} ({label})
      </button>
      <ErrorText id={id} message={error} />
    </div>
  );
}
