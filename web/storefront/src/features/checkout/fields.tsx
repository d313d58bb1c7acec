import { COUNTRY_CHOICES } from '@shop/domain';
import type { StorefrontTextKey } from '@shop/i18n-de';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { s } from './texts';
import { FieldLabel } from '../../ui/FieldLabel';
import { FieldMessages } from '../../ui/FieldMessages';
import type { CheckoutValues } from './checkout-values';

/** The messages of the last answer for one field (`firstName`, `table`, `deliveryArea`, …). */
export type FieldErrorsOf = (field: string) => string[];

/** The DOM id of a form field; its messages are `{id}-error`. */
export const checkoutId = (field: string) => `checkout-${field}`;

/** One section of the checkout page with its heading (visually hidden where the content names itself). */
export function Section({
  title,
  children,
  hiddenTitle = false,
}: {
  title: string;
  children: ReactNode;
  hiddenTitle?: boolean;
}) {
  const id = `section-${title.replace(/\W+/g, '-')}`;
  return (
    <section className="section" aria-labelledby={id}>
      <h2 id={id} className={hiddenTitle ? 'visually-hidden' : undefined}>
        {title}
      </h2>
      {children}
    </section>
  );
}

type TextName = { [K in keyof CheckoutValues]: CheckoutValues[K] extends string ? K : never }[keyof CheckoutValues];
type FlagName = { [K in keyof CheckoutValues]: CheckoutValues[K] extends boolean ? K : never }[keyof CheckoutValues];

/** A text input of the form: label (with * when required), the control, and the last answer's messages. */
export function TextField({
  name,
  label,
  messages,
  type = 'text',
  required = false,
  autoComplete,
}: {
  name: TextName;
  label: string;
  messages: string[];
  type?: string;
  required?: boolean;
  autoComplete?: string;
}) {
  const { register } = useFormContext<CheckoutValues>();
  const id = checkoutId(name);
  return (
    <div className={`field${messages.length ? ' field--error' : ''}`}>
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || undefined}
        aria-describedby={messages.length ? `${id}-error` : undefined}
        {...register(name)}
      />
      <FieldMessages id={`${id}-error`} messages={messages} />
    </div>
  );
}

/** One text input of a list of fields: its name, its label's text key and the input's hints. */
export interface FieldSpec {
  name: TextName;
  label: StorefrontTextKey;
  type?: string;
  autoComplete?: string;
}

/** Text inputs in a row of the grid, each required when the branch says so, each with its messages. */
export function TextFields({
  fields,
  required,
  fieldErrors,
}: {
  fields: readonly FieldSpec[];
  required?: ReadonlySet<string>;
  fieldErrors: FieldErrorsOf;
}) {
  return fields.map((f) => (
    <TextField
      key={f.name}
      name={f.name}
      label={s(f.label)}
      type={f.type}
      required={required?.has(f.name)}
      autoComplete={f.autoComplete}
      messages={fieldErrors(f.name)}
    />
  ));
}

export function Checkbox({ name, children }: { name: FlagName; children: ReactNode }) {
  const { register } = useFormContext<CheckoutValues>();
  const id = checkoutId(name);
  return (
    <div className="checkbox">
      <input id={id} type="checkbox" {...register(name)} />
      <label htmlFor={id}>{children}</label>
    </div>
  );
}

export function CountrySelect({
  name,
  label,
  required = false,
}: {
  name: 'country' | 'deliveryCountry';
  label: string;
  required?: boolean;
}) {
  const { register } = useFormContext<CheckoutValues>();
  const id = checkoutId(name);
  const names = new Intl.DisplayNames(['de-AT'], { type: 'region' });
  return (
    <div className="field">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <select id={id} aria-required={required || undefined} {...register(name)}>
        {COUNTRY_CHOICES.map((c) => (
          <option key={c} value={c}>
            {names.of(c) ?? c}
          </option>
        ))}
      </select>
    </div>
  );
}
