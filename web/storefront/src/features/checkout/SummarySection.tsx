import type { FieldError } from '@shop/contracts';
import { formatPrice, formatQuantityNumber, linePrice, unitShortName } from '@shop/domain';
import { s } from './texts';
import { FieldMessages } from '../../ui/FieldMessages';
import { CostLines, MinimumOrderHint } from '../store/CartPanel';
import { partsSummary } from '../store/parts';
import type { BranchOrder } from '../store/use-branch-order';
import { Section } from './fields';

/** §2.7 summary: the cart's lines with their choices (and the server's messages per line), costs, minimum order. */
export function SummarySection({ order, errors }: { order: BranchOrder; errors: FieldError[] }) {
  const { cart, method, pricing, minimum, currency } = order;
  return (
    <Section title={s('summary')}>
      <ul className="summary">
        {cart.items.map((item, i) => (
          <li key={i}>
            <div className="summary__line">
              <span>
                {formatQuantityNumber(item.amount)} {unitShortName(item.unit)} {item.product.name}
              </span>
              <span>{formatPrice(linePrice(item), currency)}</span>
            </div>
            {partsSummary(item.product, item.parts).map((p) => (
              <p key={p} className="cart-item__part">
                {p}
              </p>
            ))}
            <FieldMessages
              id={`item-${i}-error`}
              messages={errors.filter((e) => e.field?.startsWith(`items.${i}.`)).map((e) => e.message)}
            />
          </li>
        ))}
      </ul>
      <CostLines method={method} pricing={pricing} currency={currency} />
      <MinimumOrderHint message={minimum.message} />
    </Section>
  );
}
