import { filterPhoneInput, normalizePhone } from '@shop/domain';
import { useController, useWatch } from 'react-hook-form';
import { s } from './texts';
import { FieldLabel } from '../../ui/FieldLabel';
import { FieldMessages } from '../../ui/FieldMessages';
import { checkoutId, Checkbox, Section, TextFields, type FieldErrorsOf, type FieldSpec } from './fields';
import { PHONE_EXAMPLE, phoneRule } from './checkout-rules';
import type { CheckoutValues } from './checkout-values';

const PERSON: readonly FieldSpec[] = [
  { name: 'firstName', label: 'firstName', autoComplete: 'given-name' },
  { name: 'lastName', label: 'lastName', autoComplete: 'family-name' },
  { name: 'email', label: 'email', type: 'email', autoComplete: 'email' },
];
const COMPANY: readonly FieldSpec[] = [
  { name: 'companyName', label: 'companyName', autoComplete: 'organization' },
  { name: 'vatNumber', label: 'vatNumber' },
];

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
        <TextFields fields={PERSON} required={required} fieldErrors={fieldErrors} />
        <PhoneField required={required.has('phone')} messages={fieldErrors('phone')} />
      </div>
      <Checkbox name="isCompany">{s('isCompany')}</Checkbox>
      {isCompany && (
        <div className="grid-2">
          <TextFields fields={COMPANY} fieldErrors={fieldErrors} />
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
      <FieldLabel htmlFor={id} required={required}>
        {s('phone')}
      </FieldLabel>
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
