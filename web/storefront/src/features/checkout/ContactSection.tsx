import { filterPhoneInput, normalizePhone } from '@shop/domain';
import { useController, useWatch } from 'react-hook-form';
import { s } from '../../texts';
import { FieldMessages } from '../../ui/FieldMessages';
import { checkoutId, Checkbox, Section, TextField, type FieldErrorsOf } from './fields';
import { PHONE_EXAMPLE, phoneRule } from './checkout-rules';
import type { CheckoutValues } from './use-checkout-form';

/** §2.7 contact details: names, e-mail, phone (checked at once, §5), and the company with its VAT number. */
export function ContactSection({
  required,
  fieldErrors,
}: {
  required: ReadonlySet<string>;
  fieldErrors: FieldErrorsOf;
}) {
  const isCompany = useWatch<CheckoutValues, 'isCompany'>({ name: 'isCompany' });
  return (
    <Section title={s('contactDetails')}>
      <div className="grid-2">
        <TextField
          name="firstName"
          label={s('firstName')}
          required={required.has('firstName')}
          autoComplete="given-name"
          messages={fieldErrors('firstName')}
        />
        <TextField
          name="lastName"
          label={s('lastName')}
          required={required.has('lastName')}
          autoComplete="family-name"
          messages={fieldErrors('lastName')}
        />
        <TextField
          name="email"
          label={s('email')}
          type="email"
          required={required.has('email')}
          autoComplete="email"
          messages={fieldErrors('email')}
        />
        <PhoneField required={required.has('phone')} messages={fieldErrors('phone')} />
      </div>
      <Checkbox name="isCompany">{s('isCompany')}</Checkbox>
      {isCompany && (
        <div className="grid-2">
          <TextField
            name="companyName"
            label={s('companyName')}
            autoComplete="organization"
            messages={fieldErrors('companyName')}
          />
          <TextField name="vatNumber" label={s('vatNumber')} messages={fieldErrors('vatNumber')} />
        </div>
      )}
    </Section>
  );
}

/** The phone: only digits, + and spaces while typing, 00 → + on leaving the field, the §5 message at once. */
function PhoneField({ required, messages }: { required: boolean; messages: string[] }) {
  const {
    field: { ref, name, value, onChange, onBlur },
  } = useController<CheckoutValues, 'phone'>({ name: 'phone' });
  const hint = phoneRule(value);
  const id = checkoutId('phone');
  return (
    <div className={`field${messages.length || hint ? ' field--error' : ''}`}>
      <label htmlFor={id}>
        {s('phone')}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        type="tel"
        autoComplete="tel"
        placeholder={PHONE_EXAMPLE}
        name={name}
        ref={ref}
        value={value}
        aria-required={required || undefined}
        aria-invalid={messages.length > 0 || Boolean(hint) || undefined}
        aria-describedby={`${id}-error`}
        onChange={(e) => onChange(filterPhoneInput(e.target.value))}
        onBlur={(e) => {
          onChange(normalizePhone(e.target.value));
          onBlur();
        }}
      />
      <FieldMessages id={`${id}-error`} messages={[...new Set([...(hint ? [hint] : []), ...messages])]} />
    </div>
  );
}
