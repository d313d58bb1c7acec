import { z } from 'zod';
import { IdParam } from '../../catalogue/common.schema.js';
import { DeviceInput } from '../../order/order.schema.js';

/** The order service's devices (printers, notification screens). */
export const ORDER_RESOURCES = {
  devices: {
    service: 'order',
    entity: 'device',
    input: DeviceInput,
    label: 'Gerät',
    byIdentifier: true,
    filters: z.object({ branch: IdParam.optional(), type: z.enum(['printer', 'notification']).optional() }),
  },
} as const;
