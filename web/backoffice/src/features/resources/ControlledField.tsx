import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldInput } from './FieldInput';
import type { Field } from './types';

/** A generated form's field on react-hook-form: the value at the field's path, its errors by path (useContractForm). */
export function ControlledField<V extends FieldValues, O extends FieldValues>({
  field,
  control,
  errors,
}: {
  field: Field<Path<V>>;
  control: Control<V, unknown, O>;
  errors: Record<string, string>;
}) {
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: { value, onChange } }) => (
        <FieldInput field={field} value={value} errors={errors} onChange={onChange} />
      )}
    />
  );
}
