import { OrderInit1795314392604 } from './1795314392604-OrderInit.js';

/** Every migration of the order schema, in order. */
export const ORDER_MIGRATIONS: Function[] = [OrderInit1795314392604];
