import { text } from '@shop/domain';
import { useFormContext } from 'react-hook-form';
import { useData } from '../../api/init';
import { s } from './texts';
import { FieldMessages } from '../../ui/FieldMessages';
import { DeliveryAreaField } from '../store/DeliveryAreaField';
import { DeliveryMethodField } from '../store/DeliveryMethodField';
import type { BranchOrder } from '../store/use-branch-order';
import { checkoutId, Section, type FieldErrorsOf } from './fields';
import type { CheckoutValues } from './checkout-values';

/** §2.7 order type: the delivery type, the table (dine-in with table selection), the delivery area (delivery). */
export function OrderTypeSection({ order, fieldErrors }: { order: BranchOrder; fieldErrors: FieldErrorsOf }) {
  const { branch, method, methods, area } = order;
  const { register } = useFormContext<CheckoutValues>();
  const tables = useData().tables.filter((t) => t.branch === branch.id);
  const tableId = checkoutId('table');
  const tableErrors = fieldErrors('table');
  return (
    <Section title={s('orderType')}>
      <DeliveryMethodField
        id="checkout-method"
        branchIdentifier={branch.identifier}
        method={method}
        methods={methods}
      />
      {method === 'dineIn' && branch.isTableSelectionEnabled && (
        <div className={`field${tableErrors.length ? ' field--error' : ''}`}>
          <label htmlFor={tableId}>{text('tableNumber')}</label>
          <select
            id={tableId}
            aria-required="true"
            aria-invalid={tableErrors.length > 0 || undefined}
            aria-describedby={tableErrors.length ? `${tableId}-error` : undefined}
            {...register('table')}
          >
            <option value="">–</option>
            {tables.map((t) => (
              <option key={t.id} value={t.identifier}>
                {t.name}
              </option>
            ))}
          </select>
          <FieldMessages id={`${tableId}-error`} messages={tableErrors} />
        </div>
      )}
      {method === 'delivery' && (
        <DeliveryAreaField
          id="checkout-area"
          branch={branch}
          area={area}
          required
          messages={fieldErrors('deliveryArea')}
        />
      )}
    </Section>
  );
}
