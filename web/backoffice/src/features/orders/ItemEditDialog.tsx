import { ItemUpdateInput, type OrderLine, type UnitName } from '@shop/contracts';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import useSWR from 'swr';
import { z } from 'zod';
import { api, apiUrl } from '../../api/client';
import { f, T } from '../../texts';
import { useContractForm } from '../../ui/contract-form';
import { Dialog } from '../../ui/Dialog';
import { ErrorText, invalidProps } from '../resources/ErrorText';
import { DialogButtons } from './OrderDialogs';
import { unitLabel } from './OrderCard';
import { ItemPartField } from './ItemPartField';
import { orderApi, type StaffOrder } from './order-api';
import { useOrderOperation } from './use-order-operation';
import { Options } from '../../ui/Options';

const decimal = (amount: string) => Number(amount.replace(',', '.'));
/** ItemUpdateInput with the amount as the form holds it: a German decimal comma (2,5) */
const ItemForm = ItemUpdateInput.extend({
  amount: z.string().transform(decimal).pipe(ItemUpdateInput.shape.amount),
});

/** The line's amount (German decimal comma) and unit (the product's units), with the server's errors. */
function AmountFields({
  form,
  errors,
  units,
}: {
  form: UseFormReturn<z.input<typeof ItemForm>, unknown, z.output<typeof ItemForm>>;
  errors: Record<string, string>;
  units: string[];
}) {
  return (
    <>
      <label htmlFor="item-amount">{T.orders.amount}</label>
      <input
        id="item-amount"
        inputMode="decimal"
        required
        {...form.register('amount')}
        {...invalidProps('item-amount', errors.amount)}
      />
      <ErrorText id="item-amount" message={errors.amount} />
      <label htmlFor="item-unit">{T.orders.unit}</label>
      <select id="item-unit" {...form.register('unit')} {...invalidProps('item-unit', errors.unit)}>
        <Options choices={[...new Set(units)].map((u) => ({ value: u, label: unitLabel(u) }))} />
      </select>
      <ErrorText id="item-unit" message={errors.unit} />
    </>
  );
}

/**
 * Edit one line of an order: amount, unit and the configuration choices, checked with the contract's
 * ItemUpdateInput (useContractForm); the server prices it again, and its field errors stand at the fields.
 */
export function ItemEditDialog({
  order,
  item,
  onClose,
  onChanged,
}: {
  order: StaffOrder;
  item: OrderLine;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { data: product } = useSWR(apiUrl('/api/products/{id}', { id: item.product }), (url) => api.get(url));
  const { run, busy } = useOrderOperation(onChanged);
  // the order operation's §8 message: in the dialog (everything outside a modal dialog is inert)
  const [message, setMessage] = useState<string | null>(null);
  const { form, errors, onSubmit } = useContractForm(ItemForm, {
    defaultValues: { amount: String(item.amount).replace('.', ','), unit: item.unit as UnitName, parts: item.parts },
    send: async ({ amount, unit, parts }) => {
      setMessage(null);
      let failure: unknown = null;
      // the select offers the product's units only
      const body = { amount: decimal(amount), unit: unit as UnitName, parts: parts ?? {} };
      const ok = await run(
        'item',
        () => orderApi.updateItem(order.id, item.position, body),
        undefined,
        (m, err) => {
          setMessage(m);
          failure = err;
        },
      );
      // the server's field errors land at the fields
      if (!ok) throw failure;
      onClose();
    },
    failed: () => undefined,
  });
  const parts = useWatch({ control: form.control, name: 'parts' });
  const units = product ? [product.unit, ...product.alternativeUnits.map((u) => u.unit)] : [item.unit];
  const steps = Object.entries(product?.config.parts ?? {});

  return (
    <Dialog title={f(T.orders.itemTitle, { position: item.position + 1 }) + ` – ${item.name}`} onClose={onClose}>
      <form onSubmit={(e) => void onSubmit(e)}>
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <AmountFields form={form} errors={errors} units={units} />
        {steps.map(([key, step]) => (
          <ItemPartField
            key={key}
            item={item}
            partKey={key}
            step={step}
            value={parts?.[key]}
            onChange={(v) => form.setValue('parts', { ...form.getValues('parts'), [key]: v })}
          />
        ))}
        <DialogButtons onAbort={onClose}>
          <button type="submit" className="primary" disabled={busy !== null}>
            {T.orders.save}
          </button>
        </DialogButtons>
      </form>
    </Dialog>
  );
}
