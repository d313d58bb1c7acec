import {
  calculationModelFor,
  canGoToNextStep,
  changeQuantityUnit,
  decrementQuantity,
  formatPriceWithModel,
  incrementQuantity,
  initialQuantity,
  isCartItemValid,
  isLastStep,
  isStepValid,
  linePrice,
  normalizeQuantityInput,
  optionPriceHint,
  quantityButtons,
  quantityLimits,
  selectableUnits,
  text,
  TEXTAREA_ROWS,
  toggleMultiselectOption,
  toggleSelectOption,
  unitEquivalenceNote,
  unitShortName,
  type CartParts,
  type OptionLike,
  type PartValue,
} from '@shop/domain';
import { useState } from 'react';
import type { ConfigurationStep, DeliveryMethod, Product, UnitName } from '@shop/contracts';
import { Dialog } from '../../ui/Dialog';
import { s } from '../../texts';
import type { StoredCartItem } from '../../state/cart-store';
import { UploadStep } from './UploadStep';

/**
 * §2.6 item configuration overlay: name, quantity picker ('Menge') with the unit note, one section per
 * configuration step (8 types), option price hints, step-by-step mode ('Zum nächsten Schritt', 'Zum
 * Warenkorb hinzufügen'). Validity, prices and quantities come from @shop/domain.
 */
export function ConfigOverlay({
  product,
  item,
  currency,
  availability = null,
  onClose,
  onSave,
}: {
  product: Product;
  item: StoredCartItem | null;
  method: DeliveryMethod;
  currency: string;
  /** when the product can be had ('Vorbestellbar ab …' for a product sold later): the appointment moves there */
  availability?: string | null;
  onClose: () => void;
  onSave: (item: StoredCartItem) => void;
}) {
  const start = item ? { amount: item.amount, unit: item.unit } : initialQuantity(product);
  const [amount, setAmount] = useState(start.amount);
  const [unit, setUnit] = useState<UnitName>(start.unit);
  const [parts, setParts] = useState<CartParts>(item?.parts ?? {});
  const [stepIndex, setStepIndex] = useState(0);
  const steps = Object.entries(product.config.parts) as Array<[string, ConfigurationStep]>;
  const stepByStep = product.isStepByStep && steps.length > 0;
  const candidate: StoredCartItem = { product, amount, unit, parts };
  const valid = isCartItemValid(candidate);
  const setPart = (key: string, value: PartValue) => setParts((p) => ({ ...p, [key]: value }));
  const visibleSteps = stepByStep ? steps.slice(stepIndex, stepIndex + 1) : steps;
  const last = !stepByStep || isLastStep(product, stepIndex);

  return (
    <Dialog title={product.name} onClose={onClose} className="config">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!last) {
            if (canGoToNextStep(product, parts, stepIndex)) setStepIndex((i) => i + 1);
            return;
          }
          if (valid) onSave(candidate);
        }}
      >
        {product.description && <p className="config__description">{product.description}</p>}
        {availability && <p className="product__unavailable">{availability}</p>}
        <QuantityPicker product={product} amount={amount} unit={unit} onAmount={setAmount} onUnit={setUnit} />
        {stepByStep && (
          <p className="config__progress" aria-live="polite">
            {s('stepOf', { n: stepIndex + 1, total: steps.length })}
          </p>
        )}
        {visibleSteps.map(([key, step]) => (
          <StepSection
            key={key}
            id={key}
            step={step}
            value={parts[key]}
            currency={currency}
            onChange={(v) => setPart(key, v)}
          />
        ))}
        {!product.isPriceHidden && (
          <p className="config__price">
            {s('linePrice')}:{' '}
            <strong>{formatPriceWithModel(linePrice(candidate), calculationModelFor(product, unit), currency)}</strong>
          </p>
        )}
        <div className="actions">
          {stepByStep && stepIndex > 0 && (
            <button type="button" className="button button--secondary" onClick={() => setStepIndex((i) => i - 1)}>
              {text('back')}
            </button>
          )}
          {last ? (
            <button type="submit" className="button" disabled={!valid}>
              {text('addToCart')}
            </button>
          ) : (
            <button type="submit" className="button" disabled={!canGoToNextStep(product, parts, stepIndex)}>
              {text('nextStep')}
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}

/** §5 quantity: parsing with comma, snapping, ± by the step, unit change converts and re-snaps. */
export function QuantityPicker({
  product,
  amount,
  unit,
  onAmount,
  onUnit,
}: {
  product: Product;
  amount: number;
  unit: UnitName;
  onAmount: (n: number) => void;
  onUnit: (u: UnitName) => void;
}) {
  const limits = quantityLimits(product, unit);
  const [typed, setTyped] = useState<string | null>(null);
  const buttons = quantityButtons(amount, limits);
  const units = selectableUnits(product);
  const note = unitEquivalenceNote(product, unit);
  const commit = () => {
    if (typed !== null) onAmount(normalizeQuantityInput(typed, limits));
    setTyped(null);
  };
  const shown = typed ?? String(amount).replace('.', ',');
  return (
    <div className="quantity">
      <label htmlFor="quantity-input">{text('quantity')}</label>
      <div className="quantity__controls">
        <button
          type="button"
          className="button button--square"
          aria-label={s('decrease')}
          disabled={buttons.minusDisabled}
          onClick={() => onAmount(decrementQuantity(amount, limits))}
        >
          −
        </button>
        <input
          id="quantity-input"
          inputMode="decimal"
          value={shown}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className="button button--square"
          aria-label={s('increase')}
          disabled={buttons.plusDisabled}
          onClick={() => onAmount(incrementQuantity(amount, limits))}
        >
          +
        </button>
        {units.length > 1 ? (
          <select
            aria-label={s('unit')}
            value={unit}
            onChange={(e) => {
              const next = e.target.value as UnitName;
              onAmount(changeQuantityUnit(product, amount, unit, next));
              onUnit(next);
            }}
          >
            {units.map((u) => (
              <option key={u} value={u}>
                {unitShortName(u)}
              </option>
            ))}
          </select>
        ) : (
          <span className="quantity__unit">{unitShortName(unit)}</span>
        )}
      </div>
      {note && <p className="quantity__note">{note}</p>}
    </div>
  );
}

function StepSection({
  id,
  step,
  value,
  currency,
  onChange,
}: {
  id: string;
  step: ConfigurationStep;
  value: PartValue;
  currency: string;
  onChange: (v: PartValue) => void;
}) {
  const invalid = !isStepValid(step, value);
  const legend = (
    <legend>
      {step.name} {step.optional && <span className="muted">{s('optional')}</span>}
      {!step.optional && <span aria-hidden="true"> *</span>}
    </legend>
  );
  const description = step.description ? (
    <p className="step__description" id={`step-${id}-description`}>
      {step.description}
    </p>
  ) : null;
  const describedBy = step.description ? `step-${id}-description` : undefined;
  switch (step.type) {
    case 'select': {
      const chosen = value as OptionLike | null | undefined;
      return (
        <fieldset className="step" aria-describedby={describedBy}>
          {legend}
          {description}
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
        </fieldset>
      );
    }
    case 'multiselect': {
      const chosen = (Array.isArray(value) ? value : []) as OptionLike[];
      return (
        <fieldset className="step" aria-describedby={describedBy}>
          {legend}
          {description}
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
        </fieldset>
      );
    }
    case 'text':
    case 'textarea':
      return (
        <div className="step field">
          <label htmlFor={`step-${id}`}>
            {step.name}{' '}
            {step.optional ? <span className="muted">{s('optional')}</span> : <span aria-hidden="true">*</span>}
          </label>
          {description}
          {step.type === 'text' ? (
            <input
              id={`step-${id}`}
              value={typeof value === 'string' ? value : ''}
              aria-describedby={describedBy}
              aria-required={!step.optional}
              aria-invalid={invalid && typeof value === 'string'}
              maxLength={step.maxLength ?? undefined}
              onChange={(e) => onChange(e.target.value)}
            />
          ) : (
            <textarea
              id={`step-${id}`}
              rows={TEXTAREA_ROWS}
              value={typeof value === 'string' ? value : ''}
              aria-describedby={describedBy}
              aria-required={!step.optional}
              aria-invalid={invalid && typeof value === 'string'}
              maxLength={step.maxLength ?? undefined}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </div>
      );
    default:
      return (
        <fieldset className="step" aria-describedby={describedBy}>
          {legend}
          {description}
          <UploadStep id={id} step={step} value={value} onChange={onChange} />
        </fieldset>
      );
  }
}
