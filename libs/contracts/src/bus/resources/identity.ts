import { z } from 'zod';
import { IdParam } from '../../catalogue/common.schema.js';
import { CustomerInput, ExternalUserInput } from '../../identity/customer.schema.js';
import { DepartmentInput, UserInput } from '../../identity/identity.schema.js';
import { bool } from './filters.js';

/** The identity service's resources: staff, departments, customers, external users. */
export const IDENTITY_RESOURCES = {
  users: {
    service: 'identity',
    entity: 'user',
    input: UserInput,
    label: 'Benutzer',
    byIdentifier: false,
    filters: z.object({ role: z.string().optional(), branch: IdParam.optional() }),
  },
  departments: {
    service: 'identity',
    entity: 'department',
    input: DepartmentInput,
    label: 'Abteilung',
    byIdentifier: true,
    filters: z.object({ branch: IdParam.optional() }),
  },
  customers: {
    service: 'identity',
    entity: 'customer',
    input: CustomerInput,
    label: 'Kunde',
    byIdentifier: false,
    filters: z.object({ branch: IdParam.optional(), isEnabled: bool.optional() }),
  },
  'external-users': {
    service: 'identity',
    entity: 'external-user',
    input: ExternalUserInput,
    label: 'Externer Benutzer',
    byIdentifier: false,
    filters: z.object({ isEnabled: bool.optional() }),
  },
} as const;
