import {
  isStepValid,
  optionPriceHint,
  TEXTAREA_ROWS,
  toggleMultiselectOption,
  toggleSelectOption,
  type OptionLike,
  type PartValue,
} from '@shop/domain';
import type { ReactNode } from 'react';
import type { ConfigurationStep } from '@shop/contracts';
import { s } from './texts';
import { UploadStep } from './UploadStep';

interface StepProps {
  id: string;
  step: ConfigurationStep;
  value: PartValue;
  currency: string;
  onChange: (v: PartValue) => void;
}

const descriptionId = (id: string) => `step-${id}-description`;

function StepDescription({ id, step }: { id: string; step: ConfigurationStep }) {
  if (!step.description) return null;
  return (
    <p className="step__description" id={descriptionId(id)}>
      {step.description}
    </p>
  );
}

/** A step of choices: its name (with 'optional' or a required marker) as the legend, its description below. */
function StepFieldset({ id, step, children }: { id: string; step: ConfigurationStep; children: ReactNode }) {
  return (
    <fieldset className="step" aria-describedby={step.description ? descriptionId(id) : undefined}>
      <legend>
        {step.name} {step.optional && <span className="muted">{s('optional')}</span>}
        {!step.optional && <span aria-hidden="true"> *</span>}
      </legend>
      <StepDescription id={id} step={step} />
      {children}
    </fieldset>
  );
}

function SelectStep({ id, step, value, currency, onChange }: StepProps) {
  const chosen = value as OptionLike | null | undefined;
  return (
    <StepFieldset id={id} step={step}>
      <div className="options">
        {step.options.map((o) => (
          <button
            key={o.name}
            type="button"
            aria-pressed={chosen?.name === o.name}
            className="option"
            onClick={() => onChange(toggleSelectOption(step, chosen, o))}
          >
            <span className="option__name">{o.name}</span>
            {(o.value !== 0 || o.modifier === 'overwrite') && (
              <span className="option__price">{optionPriceHint(o, currency)}</span>
            )}
          </button>
        ))}
      </div>
    </StepFieldset>
  );
}

function MultiselectStep({ id, step, value, currency, onChange }: StepProps) {
  const chosen = (Array.isArray(value) ? value : []) as OptionLike[];
  return (
    <StepFieldset id={id} step={step}>
      <div className="options">
        {step.options.map((o, i) => (
          <label key={o.name} className="option option--check" htmlFor={`step-${id}-${i}`}>
            <input
              id={`step-${id}-${i}`}
              type="checkbox"
              checked={chosen.some((c) => c.name === o.name)}
              onChange={() => onChange(toggleMultiselectOption(chosen, o))}
            />
            <span className="option__name">{o.name}</span>
            {o.value !== 0 && <span className="option__price">{optionPriceHint(o, currency)}</span>}
          </label>
        ))}
      </div>
    </StepFieldset>
  );
}

function TextStep({ id, step, value, onChange }: StepProps) {
  const control = {
    id: `step-${id}`,
    value: typeof value === 'string' ? value : '',
    'aria-describedby': step.description ? descriptionId(id) : undefined,
    'aria-required': !step.optional,
    'aria-invalid': !isStepValid(step, value) && typeof value === 'string',
    maxLength: step.maxLength ?? undefined,
  };
  return (
    <div className="step field">
      <label htmlFor={`step-${id}`}>
        {step.name} {step.optional ? <span className="muted">{s('optional')}</span> : <span aria-hidden="true">*</span>}
      </label>
      <StepDescription id={id} step={step} />
      {step.type === 'text' ? (
        <input {...control} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <textarea {...control} rows={TEXTAREA_ROWS} onChange={(e) => onChange(e.target.value)} />
      )}
    </div>
  );
}

/** One configuration step of the overlay, by its type (§2.6: 8 types; the upload types share one control). */
export function StepSection(props: StepProps) {
  const { id, step, value, onChange } = props;
  switch (step.type) {
    case 'select':
      return <SelectStep {...props} />;
    case 'multiselect':
      return <MultiselectStep {...props} />;
    case 'text':
    case 'textarea':
      return <TextStep {...props} />;
    default:
      return (
        <StepFieldset id={id} step={step}>
          <UploadStep id={id} step={step} value={value} onChange={onChange} />
        </StepFieldset>
      );
  }
}
