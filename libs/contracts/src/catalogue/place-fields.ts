import { z } from 'zod';
import { NullableText } from './common.schema.js';
import { COUNTRIES } from './units.js';

/** Postcode, town and country of a postal address (Austria unless said otherwise): the shop's, a branch's, a customer's, an order's. */
export const placeFields = {
  zipCode: NullableText(20),
  city: NullableText(120),
  country: z.enum(COUNTRIES).default('AT'),
};
