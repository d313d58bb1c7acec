import {
  changeQuantityUnit,
  decrementQuantity,
  incrementQuantity,
  normalizeQuantityInput,
  quantityButtons,
  quantityLimits,
  selectableUnits,
  text,
  unitEquivalenceNote,
  unitShortName,
} from '@shop/domain';
import { useState } from 'react';
import type { Product, UnitName } from '@shop/contracts';
import { s } from './texts';

/** A square ± button. */
function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button type="button" className="button button--square" aria-label={label} disabled={disabled} onClick={onClick}>
      {children}
    </button>
  );
}

interface QuantityProps {
  product: Product;
  amount: number;
  unit: UnitName;
  onAmount: (n: number) => void;
  onUnit: (u: UnitName) => void;
}

/** The product's units to choose from (a change converts the amount), or its one unit. */
function UnitChoice({ product, amount, unit, onAmount, onUnit }: QuantityProps) {
  const units = selectableUnits(product);
  if (units.length <= 1) return <span className="quantity__unit">{unitShortName(unit)}</span>;
  return (
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
  );
}

/** §5 quantity: parsing with comma, snapping, ± by the step, unit change converts and re-snaps. */
export function QuantityPicker({ product, amount, unit, onAmount, onUnit }: QuantityProps) {
  const limits = quantityLimits(product, unit);
  const [typed, setTyped] = useState<string | null>(null);
  const buttons = quantityButtons(amount, limits);
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
        <StepButton
          label={s('decrease')}
          disabled={buttons.minusDisabled}
          onClick={() => onAmount(decrementQuantity(amount, limits))}
        >
          −
        </StepButton>
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
        <StepButton
          label={s('increase')}
          disabled={buttons.plusDisabled}
          onClick={() => onAmount(incrementQuantity(amount, limits))}
        >
          +
        </StepButton>
        <UnitChoice product={product} amount={amount} unit={unit} onAmount={onAmount} onUnit={onUnit} />
      </div>
      {note && <p className="quantity__note">{note}</p>}
    </div>
  );
}
