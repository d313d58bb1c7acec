import type { OrderLine, ConfigurationStep, StepOption } from '@shop/contracts';
import { T } from '../../texts';
import { OrderLineParts } from './OrderLineParts';
import { Options, plain } from '../../ui/Options';

const optionName = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : null;
const pick = (options: StepOption[], name: string) => options.find((o) => o.name === name) ?? null;

/**
 * One configuration step of an order line, as staff edit it: a select, checkboxes, a text; the customer's files
 * stay as uploaded (staff cannot upload for them): shown, and sent back unchanged.
 */
export function ItemPartField({
  item,
  partKey,
  step,
  value,
  onChange,
}: {
  item: OrderLine;
  partKey: string;
  step: ConfigurationStep;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const id = `item-part-${partKey}`;
  if (step.type === 'select') {
    return (
      <div>
        <label htmlFor={id}>{step.name}</label>
        <select id={id} value={optionName(value) ?? ''} onChange={(e) => onChange(pick(step.options, e.target.value))}>
          {step.optional && <option value="">{T.list.none}</option>}
          <Options choices={plain(step.options.map((o) => o.name))} />
        </select>
      </div>
    );
  }
  if (step.type === 'multiselect') {
    const chosen = new Set((Array.isArray(value) ? (value as unknown[]) : []).map(optionName));
    return (
      <fieldset>
        <legend>{step.name}</legend>
        {step.options.map((o, i) => (
          <label key={o.name} className="check" htmlFor={`${id}-${i}`}>
            <input
              id={`${id}-${i}`}
              type="checkbox"
              checked={chosen.has(o.name)}
              onChange={(e) => {
                const next = new Set(chosen);
                if (e.target.checked) next.add(o.name);
                else next.delete(o.name);
                onChange(step.options.filter((x) => next.has(x.name)));
              }}
            />
            {o.name}
          </label>
        ))}
      </fieldset>
    );
  }
  if (step.type === 'text' || step.type === 'textarea') {
    return (
      <div>
        <label htmlFor={id}>{step.name}</label>
        <textarea
          id={id}
          rows={step.type === 'text' ? 1 : 3}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    );
  }
  return (
    <fieldset className="upload-part">
      <legend>{step.name}</legend>
      <OrderLineParts item={{ ...item, parts: { [partKey]: value } }} products={undefined} />
    </fieldset>
  );
}
