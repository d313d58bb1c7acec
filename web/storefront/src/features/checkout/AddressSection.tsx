import type { DeliveryMethod } from '@shop/contracts';
import { useWatch } from 'react-hook-form';
import { s } from './texts';
import { Checkbox, CountrySelect, Section, TextFields, type FieldErrorsOf, type FieldSpec } from './fields';
import type { CheckoutValues } from './checkout-values';

/** The address's fields: the customer's own (with the browser's autofill), and the delivery address's. */
const ADDRESS = {
  own: {
    street: [{ name: 'street', label: 'street', autoComplete: 'street-address' }],
    parts: [
      { name: 'floor', label: 'floor' },
      { name: 'stairway', label: 'stairway' },
      { name: 'door', label: 'door' },
    ],
    town: [
      { name: 'zipCode', label: 'zipCode', autoComplete: 'postal-code' },
      { name: 'city', label: 'city', autoComplete: 'address-level2' },
    ],
    country: 'country',
  },
  delivery: {
    street: [
      { name: 'deliveryFirstName', label: 'firstName' },
      { name: 'deliveryLastName', label: 'lastName' },
      { name: 'deliveryStreet', label: 'street' },
    ],
    parts: [
      { name: 'deliveryFloor', label: 'floor' },
      { name: 'deliveryStairway', label: 'stairway' },
      { name: 'deliveryDoor', label: 'door' },
    ],
    town: [
      { name: 'deliveryZipCode', label: 'zipCode' },
      { name: 'deliveryCity', label: 'city' },
    ],
    country: 'deliveryCountry',
  },
} as const satisfies Record<
  string,
  {
    street: readonly FieldSpec[];
    parts: readonly FieldSpec[];
    town: readonly FieldSpec[];
    country: 'country' | 'deliveryCountry';
  }
>;

/** Street, floor / stairway / door, zip code, city and country of one address. */
function AddressFields({
  address,
  required,
  fieldErrors,
}: {
  address: keyof typeof ADDRESS;
  required?: ReadonlySet<string>;
  fieldErrors: FieldErrorsOf;
}) {
  const fields = ADDRESS[address];
  return (
    <>
      <TextFields fields={fields.street} required={required} fieldErrors={fieldErrors} />
      <div className="grid-3">
        <TextFields fields={fields.parts} fieldErrors={fieldErrors} />
      </div>
      <TextFields fields={fields.town} required={required} fieldErrors={fieldErrors} />
      <CountrySelect name={fields.country} label={s('country')} required={required?.has(fields.country)} />
    </>
  );
}

/**
 * §2.7 address: always shown, required markers by the branch's flags; for deliveries optionally a different
 * delivery address (with its own company).
 */
export function AddressSection({
  method,
  required,
  fieldErrors,
}: {
  method: DeliveryMethod;
  required: ReadonlySet<string>;
  fieldErrors: FieldErrorsOf;
}) {
  const [different, deliveryCompany] = useWatch<CheckoutValues, ['isDeliveryAddressDifferent', 'isDeliveryCompany']>({
    name: ['isDeliveryAddressDifferent', 'isDeliveryCompany'],
  });
  return (
    <Section title={s('address')}>
      <div className="grid-2">
        <AddressFields address="own" required={required} fieldErrors={fieldErrors} />
      </div>
      {method === 'delivery' && (
        <>
          <Checkbox name="isDeliveryAddressDifferent">{s('isDeliveryAddressDifferent')}</Checkbox>
          {different && (
            <fieldset className="subsection">
              <legend>{s('deliveryAddress')}</legend>
              <Checkbox name="isDeliveryCompany">{s('isDeliveryCompany')}</Checkbox>
              <div className="grid-2">
                {deliveryCompany && (
                  <TextFields
                    fields={[{ name: 'deliveryCompanyName', label: 'companyName' }]}
                    fieldErrors={fieldErrors}
                  />
                )}
                <AddressFields address="delivery" fieldErrors={fieldErrors} />
              </div>
            </fieldset>
          )}
        </>
      )}
    </Section>
  );
}
