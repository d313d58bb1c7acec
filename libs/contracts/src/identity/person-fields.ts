import { z } from 'zod';
import { Email, NullableText } from '../catalogue/common.schema.js';

/** The login name, e-mail address and name of a staff member or an external user (the first fields of both). */
export const personFields = {
  username: z
    .string()
    .trim()
    .min(3)
    .max(100)
    .regex(/^[A-Za-z0-9._@-]+$/, { error: 'validation.username' }),
  email: Email.nullable().default(null),
  firstName: NullableText(100),
  lastName: NullableText(100),
};
