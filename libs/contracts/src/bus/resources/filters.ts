import { z } from 'zod';

/** A yes/no list filter as a query string carries it: true, false, 1 or 0. */
export const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
