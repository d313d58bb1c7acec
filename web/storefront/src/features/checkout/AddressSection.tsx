import type { DeliveryMethod } from '@shop/contracts';
import { useWatch } from 'react-hook-form';
import { s } from '../../texts';
import { Checkbox, CountrySelect, Section, TextField, type FieldErrorsOf } from './fields';
import type { CheckoutValues } from './use-checkout-form';

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
        <TextField
          name="street"
          label={s('street')}
          required={required.has('street')}
          autoComplete="street-address"
          messages={fieldErrors('street')}
        />
        <div className="grid-3">
          <TextField name="floor" label={s('floor')} messages={fieldErrors('floor')} />
          <TextField name="stairway" label={s('stairway')} messages={fieldErrors('stairway')} />
          <TextField name="door" label={s('door')} messages={fieldErrors('door')} />
        </div>
        <TextField
          name="zipCode"
          label={s('zipCode')}
          required={required.has('zipCode')}
          autoComplete="postal-code"
          messages={fieldErrors('zipCode')}
        />
        <TextField
          name="city"
          label={s('city')}
          required={required.has('city')}
          autoComplete="address-level2"
          messages={fieldErrors('city')}
        />
        <CountrySelect name="country" label={s('country')} required={required.has('country')} />
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
                  <TextField
                    name="deliveryCompanyName"
                    label={s('companyName')}
                    messages={fieldErrors('deliveryCompanyName')}
                  />
                )}
                <TextField
                  name="deliveryFirstName"
                  label={s('firstName')}
                  messages={fieldErrors('deliveryFirstName')}
                />
                <TextField name="deliveryLastName" label={s('lastName')} messages={fieldErrors('deliveryLastName')} />
                <TextField name="deliveryStreet" label={s('street')} messages={fieldErrors('deliveryStreet')} />
                <div className="grid-3">
                  <TextField name="deliveryFloor" label={s('floor')} messages={fieldErrors('deliveryFloor')} />
                  <TextField name="deliveryStairway" label={s('stairway')} messages={fieldErrors('deliveryStairway')} />
                  <TextField name="deliveryDoor" label={s('door')} messages={fieldErrors('deliveryDoor')} />
                </div>
                <TextField name="deliveryZipCode" label={s('zipCode')} messages={fieldErrors('deliveryZipCode')} />
                <TextField name="deliveryCity" label={s('city')} messages={fieldErrors('deliveryCity')} />
                <CountrySelect name="deliveryCountry" label={s('country')} />
              </div>
            </fieldset>
          )}
        </>
      )}
    </Section>
  );
}
