import { z } from 'zod';
import { zodToFieldErrors } from './zod-german.js';

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return zodToFieldErrors(result.error);
};

describe('zod issues as German field errors', () => {
  it('an empty field a form sends as null reads as empty, never "nicht null"', () => {
    expect(errorsOf(z.object({ name: z.string() }), { name: null })).toEqual([
      { field: 'name', message: 'Dieser Wert sollte nicht leer sein.' },
    ]);
    expect(errorsOf(z.object({ price: z.number() }), {})).toEqual([
      { field: 'price', message: 'Dieser Wert sollte nicht leer sein.' },
    ]);
  });

  it('one message per field: the first issue, not one for each rule the empty value breaks', () => {
    const identifier = z
      .string()
      .min(1)
      .regex(/^[a-z0-9-]+$/);
    expect(errorsOf(z.object({ identifier, name: z.string().min(1) }), { identifier: '', name: '' })).toEqual([
      { field: 'identifier', message: 'Dieser Wert sollte nicht leer sein.' },
      { field: 'name', message: 'Dieser Wert sollte nicht leer sein.' },
    ]);
  });
});
