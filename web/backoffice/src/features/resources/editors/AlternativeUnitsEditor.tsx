import { CALCULATION_MODELS, type AlternativeUnit } from '@shop/contracts';
import { T } from '../../../texts';
import { labelled } from '../../../ui/Options';
import { unitOptions } from '../defs/products';
import { ErrorText } from '../ErrorText';
import { RemoveCell, RowsTable, useRowEditor, type ListEditorProps } from './rows';

const F = T.fields;
const MODELS = labelled(CALCULATION_MODELS, T.options);
type Unit = Partial<AlternativeUnit>;

const NEW_UNIT: Unit = {
  unit: 'piece',
  ratio: 1,
  minimumQuantity: null,
  maximumQuantity: null,
  quantityStepSize: null,
  calculationModel: 'fixed',
};

/** Alternative units of a product: unit, ratio to the product's unit, quantity limits and calculation model. */
export function AlternativeUnitsEditor(props: ListEditorProps<Unit[]> & { label: string }) {
  const { id, label, error } = props;
  const { rows: units, remove, add, decimal, select } = useRowEditor(props, F);
  return (
    <div id={id} className="field">
      <h3>{label}</h3>
      <RowsTable
        headings={[F.unit, F.ratio, F.minimumQuantity, F.maximumQuantity, F.quantityStepSize, F.calculationModel]}
      >
        {units.map((_, i) => (
          <tr key={i}>
            {select(i, 'unit', unitOptions, 'piece')}
            {decimal(i, 'ratio', false)}
            {decimal(i, 'minimumQuantity', true)}
            {decimal(i, 'maximumQuantity', true)}
            {decimal(i, 'quantityStepSize', true)}
            {select(i, 'calculationModel', MODELS, 'fixed')}
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
