import { Column } from 'typeorm';
import { numericTransformer } from '@shop/server';
export { BaseEntity, meta } from '@shop/server';

/** Column shorthands: property names are the API's field names. */
export const Bool = (value = false) => Column('boolean', { default: value });
export const Txt = (nullable = true) => Column('text', { nullable });
export const Json = (nullable = false) => Column('jsonb', { nullable });
export const Num = (nullable = false) => Column('numeric', { nullable, transformer: numericTransformer });
export const Int = (nullable = false) => Column('integer', { nullable });
