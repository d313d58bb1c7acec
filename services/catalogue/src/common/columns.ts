import { Column } from 'typeorm';
export { BaseEntity, meta } from '@shop/server';

/** Column shorthands: property names are the API's field names. */
export const Bool = (value = false) => Column('boolean', { default: value });
export const Txt = (nullable = true) => Column('text', { nullable });
export const Json = (nullable = false) => Column('jsonb', { nullable });
export const Num = (nullable = false) => Column('numeric', { nullable, transformer: numericTransformer });
export const Int = (nullable = false) => Column('integer', { nullable });

/** numeric columns come back from pg as strings; the API speaks numbers */
export const numericTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};
