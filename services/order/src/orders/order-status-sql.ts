import { ORDER_PREDICATES, type OrderFlagPredicate, type OrderPredicateName, type OrderStatusFlag } from '@shop/domain';

/**
 * An order predicate of @shop/domain's one table of order-status rules as an SQL condition on the order table
 * alias (default `o`), so the service's filters and its TypeScript cannot disagree (order-status-sql.spec.ts).
 */
export function orderPredicateSql(name: OrderPredicateName, alias = 'o'): string {
  const p: OrderFlagPredicate = ORDER_PREDICATES[name];
  const column = (flag: OrderStatusFlag) => `${alias}."${flag}"`;
  const parts = [
    ...(p.anyOf ? [p.anyOf.length === 1 ? p.anyOf.map(column).join('') : `(${p.anyOf.map(column).join(' OR ')})`] : []),
    ...p.noneOf.map((flag) => `NOT ${column(flag)}`),
  ];
  return `(${parts.join(' AND ')})`;
}
