import {
  calculationModelFor,
  canGoToNextStep,
  formatPriceWithModel,
  initialQuantity,
  isCartItemValid,
  isLastStep,
  linePrice,
  text,
  type CartParts,
  type PartValue,
} from '@shop/domain';
import { useState } from 'react';
import type { ConfigurationStep, DeliveryMethod, Product, UnitName } from '@shop/contracts';
import { Dialog } from '../../ui/Dialog';
import { s } from './texts';
import type { StoredCartItem } from '../../state/cart-store';
import { QuantityPicker } from './QuantityPicker';
import { StepSection } from './StepSection';

/** The item being configured: amount and unit, the chosen parts, and the step shown in step-by-step mode. */
function useConfigItem(product: Product, item: StoredCartItem | null) {
  const start = item ? { amount: item.amount, unit: item.unit } : initialQuantity(product);
  const [amount, setAmount] = useState(start.amount);
  const [unit, setUnit] = useState<UnitName>(start.unit);
  const [parts, setParts] = useState<CartParts>(item?.parts ?? {});
  const [stepIndex, setStepIndex] = useState(0);
  const steps = Object.entries(product.config.parts) as Array<[string, ConfigurationStep]>;
  const stepByStep = product.isStepByStep && steps.length > 0;
  const setPart = (key: string, value: PartValue) => setParts((p) => ({ ...p, [key]: value }));
  return { amount, setAmount, unit, setUnit, parts, setPart, stepIndex, setStepIndex, steps, stepByStep };
}

function LinePrice({ item, currency }: { item: StoredCartItem; currency: string }) {
  return (
    <p className="config__price">
      {s('linePrice')}:{' '}
      <strong>{formatPriceWithModel(linePrice(item), calculationModelFor(item.product, item.unit), currency)}</strong>
    </p>
  );
}

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
  const { amount, setAmount, unit, setUnit, parts, setPart, stepIndex, setStepIndex, steps, stepByStep } =
    useConfigItem(product, item);
  const candidate: StoredCartItem = { product, amount, unit, parts };
  const valid = isCartItemValid(candidate);
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
        {!product.isPriceHidden && <LinePrice item={candidate} currency={currency} />}
        <div className="actions">
          {stepByStep && stepIndex > 0 && (
            <button type="button" className="button button--secondary" onClick={() => setStepIndex((i) => i - 1)}>
              {text('back')}
            </button>
          )}
          <button
            type="submit"
            className="button"
            disabled={last ? !valid : !canGoToNextStep(product, parts, stepIndex)}
          >
            {last ? text('addToCart') : text('nextStep')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
