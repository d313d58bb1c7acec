import type { PaymentMethod } from '@shop/contracts';
import { useFormContext } from 'react-hook-form';
import { s } from './texts';
import { FieldMessages } from '../../ui/FieldMessages';
import type { FieldErrorsOf } from './fields';
import { paymentLabel } from './payment-label';
import type { CheckoutValues } from './checkout-values';

/** §2.7 payment: the methods the config, its plugins and the branch enable; the branch's default until one is chosen. */
export function PaymentSection({
  payments,
  paymentMethod,
  fieldErrors,
}: {
  payments: PaymentMethod[];
  paymentMethod: PaymentMethod | null;
  fieldErrors: FieldErrorsOf;
}) {
  const { setValue } = useFormContext<CheckoutValues>();
  return (
    <fieldset className="section">
      <legend>
        <h2>{s('payment')}</h2>
      </legend>
      <div className="payments">
        {payments.map((p) => (
          <label key={p} className="option option--check" htmlFor={`payment-${p}`}>
            <input
              id={`payment-${p}`}
              type="radio"
              name="paymentMethod"
              value={p}
              checked={paymentMethod === p}
              onChange={() => setValue('paymentMethod', p)}
            />
            <span>{paymentLabel(p)}</span>
          </label>
        ))}
      </div>
      <FieldMessages id="checkout-payment-error" messages={fieldErrors('paymentMethod')} />
    </fieldset>
  );
}
