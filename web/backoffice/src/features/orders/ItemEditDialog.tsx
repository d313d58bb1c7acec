import type { OrderLine, StepOption, UnitName } from '@shop/contracts';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { api, ApiError, apiUrl } from '../../api/client';
import { f, T } from '../../texts';
import { Dialog } from '../../ui/Dialog';
import { unitLabel } from './OrderCard';
import { OrderLineParts } from './OrderLineParts';
import { orderApi, type StaffOrder } from './order-api';
import { useOrderOperation } from './use-order-operation';

const optionName = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'name' in v ? String((v as { name: unknown }).name) : null;

/** Edit one line of an order: amount, unit and the configuration choices; the server prices it again. */
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
  // German decimal comma both ways (2,5)
  const [amount, setAmount] = useState(String(item.amount).replace('.', ','));
  const [unit, setUnit] = useState(item.unit);
  const [parts, setParts] = useState<Record<string, unknown>>(item.parts);
  const units = product ? [product.unit, ...product.alternativeUnits.map((u) => u.unit)] : [item.unit];
  const steps = Object.entries(product?.config.parts ?? {});
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    // the select offers the product's units only
    const ok = await run(
      'item',
      () =>
        orderApi.updateItem(order.id, item.position, {
          amount: Number(amount.replace(',', '.')),
          unit: unit as UnitName,
          parts,
        }),
      undefined,
      (message, err) => setFailure({ message, fields: err instanceof ApiError ? err.fieldErrors() : {} }),
    );
    if (ok) onClose();
  };
  const fieldError = (name: string, id: string) =>
    failure?.fields[name] ? (
      <p className="field-error" id={`${id}-error`}>
        {failure.fields[name]}
      </p>
    ) : null;
  const invalid = (name: string, id: string) =>
    failure?.fields[name] ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  const pick = (options: StepOption[], name: string) => options.find((o) => o.name === name) ?? null;

  return (
    <Dialog title={f(T.orders.itemTitle, { position: item.position + 1 }) + ` – ${item.name}`} onClose={onClose}>
      <form onSubmit={submit}>
        {failure && (
          <p className="form-error" role="alert">
            {failure.message}
          </p>
        )}
        <label htmlFor="item-amount">{T.orders.amount}</label>
        <input
          id="item-amount"
          inputMode="decimal"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...invalid('amount', 'item-amount')}
        />
        {fieldError('amount', 'item-amount')}
        <label htmlFor="item-unit">{T.orders.unit}</label>
        <select id="item-unit" value={unit} onChange={(e) => setUnit(e.target.value)} {...invalid('unit', 'item-unit')}>
          {[...new Set(units)].map((u) => (
            <option key={u} value={u}>
              {unitLabel(u)}
            </option>
          ))}
        </select>
        {fieldError('unit', 'item-unit')}
        {steps.map(([key, step]) => {
          const id = `item-part-${key}`;
          if (step.type === 'select') {
            return (
              <div key={key}>
                <label htmlFor={id}>{step.name}</label>
                <select
                  id={id}
                  value={optionName(parts[key]) ?? ''}
                  onChange={(e) => setParts((p) => ({ ...p, [key]: pick(step.options, e.target.value) }))}
                >
                  {step.optional && <option value="">{T.list.none}</option>}
                  {step.options.map((o) => (
                    <option key={o.name} value={o.name}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </div>
            );
          }
          if (step.type === 'multiselect') {
            const chosen = new Set((Array.isArray(parts[key]) ? (parts[key] as unknown[]) : []).map(optionName));
            return (
              <fieldset key={key}>
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
                        setParts((p) => ({ ...p, [key]: step.options.filter((x) => next.has(x.name)) }));
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
              <div key={key}>
                <label htmlFor={id}>{step.name}</label>
                <textarea
                  id={id}
                  rows={step.type === 'text' ? 1 : 3}
                  value={typeof parts[key] === 'string' ? (parts[key] as string) : ''}
                  onChange={(e) => setParts((p) => ({ ...p, [key]: e.target.value }))}
                />
              </div>
            );
          }
          // the customer's files stay as uploaded (staff cannot upload for them): shown, and sent back unchanged
          return (
            <fieldset key={key} className="upload-part">
              <legend>{step.name}</legend>
              <OrderLineParts item={{ ...item, parts: { [key]: parts[key] } }} products={undefined} />
            </fieldset>
          );
        })}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy !== null}>
            {T.orders.save}
          </button>
          <button type="button" onClick={onClose}>
            {T.orders.abort}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
