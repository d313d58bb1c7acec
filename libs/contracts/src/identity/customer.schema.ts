import { z } from 'zod';
import { Email, IdRef, NullableText } from '../catalogue/common.schema.js';
import type { EntityMeta } from '../catalogue/catalogue.schema.js';
import { personFields } from './person-fields.js';
import { placeFields } from '../catalogue/place-fields.js';

/**
 * Customers and external users (backoffice-platform.md §3, §7: "field lists not shown", lists take filter
 * parameters). Both are identities kept by the identity service and administered in the back office.
 */
export const CustomerInput = z
  .object({
    firstName: NullableText(100),
    lastName: NullableText(100),
    companyName: NullableText(200),
    email: Email.nullable().default(null),
    phone: NullableText(40),
    street: NullableText(200),
    ...placeFields,
    vatNumber: NullableText(40),
    /** the branch the customer usually orders from */
    branch: IdRef.nullable().default(null),
    notes: NullableText(5000),
    isEnabled: z.boolean().default(true),
  })
  .refine((c) => !!(c.firstName || c.lastName || c.companyName), {
    path: ['lastName'],
    message: 'validation.required',
  });
export type CustomerInput = z.input<typeof CustomerInput>;
export type Customer = z.output<typeof CustomerInput> & EntityMeta & { displayName: string };

/** People outside the staff (suppliers, partners) known to the business; they have no back-office login. */
export const ExternalUserInput = z.object({
  ...personFields,
  company: NullableText(200),
  phone: NullableText(40),
  notes: NullableText(5000),
  isEnabled: z.boolean().default(true),
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type ExternalUserInput = z.input<typeof ExternalUserInput>;
export type ExternalUser = z.output<typeof ExternalUserInput> & EntityMeta & { displayName: string };
