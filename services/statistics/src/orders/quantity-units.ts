import { STATISTICS_QUANTITY_UNITS, UNIT_NAMES, type StatisticsQuantityUnit, type UnitName } from '@shop/contracts';
import { UNITS, unitsOfType } from '@shop/domain';

/**
 * How items and popular-items count an order line (issue 41: never grams added to pieces): in the base unit of its
 * unit's type (@shop/domain's table: 250 g, 25 dag and 0.25 kg are all 250 grams; 0.5 l and 50 cl 500 millilitres),
 * each type on its own. A line from an event without a unit (published before issue 41) counts as pieces, as every
 * line did before.
 */
export const DEFAULT_UNIT: UnitName = 'piece';

const isUnitName = (u: string): u is UnitName => (UNIT_NAMES as readonly string[]).includes(u);

/** The unit a line counts in and the factor from its own unit to that one. */
export function quantityUnitOf(unit: string | null | undefined): { unit: StatisticsQuantityUnit; factor: number } {
  const def = UNITS[unit && isUnitName(unit) ? unit : DEFAULT_UNIT];
  return { unit: unitsOfType(def.type)[0] as StatisticsQuantityUnit, factor: def.factor };
}

/**
 * A line's quantity in its quantity unit. Quantities have at most three decimals in their own unit and the factors
 * are whole numbers, so rounding to three decimals only takes away the binary noise of the product (1.1 × 1000).
 */
export function quantityOf(
  unit: string | null | undefined,
  quantity: number,
): { unit: StatisticsQuantityUnit; value: number } {
  const q = quantityUnitOf(unit);
  return { unit: q.unit, value: Math.round(quantity * q.factor * 1000) / 1000 };
}

/**
 * The separator of a popular-items key: `<quantity unit>\u001f<item name>` (the unit first, so that cutting a long
 * key to the rollups' 500 characters keeps it). A control character no product name holds.
 */
export const UNIT_SEPARATOR = '\u001f';
/** the key of an item sold in a unit (popular-items) */
export const itemKey = (unit: StatisticsQuantityUnit, name: string): string => `${unit}${UNIT_SEPARATOR}${name}`;
/** an item key (or a bare unit: the keyless totals of the quantity metrics) split into unit and name */
export function splitItemKey(key: string): { unit: StatisticsQuantityUnit; name: string } {
  const at = key.indexOf(UNIT_SEPARATOR);
  return at < 0
    ? { unit: key as StatisticsQuantityUnit, name: '' }
    : { unit: key.slice(0, at) as StatisticsQuantityUnit, name: key.slice(at + 1) };
}

/**
 * The table of units as SQL rows `(name, unit, factor)`, for the raw queries (RAW_SQL of items, popular-items): the
 * same table as quantityUnitOf's, so the raw rows at a range's edges count as the rollups do.
 */
export const QUANTITY_UNITS_SQL = `(VALUES ${UNIT_NAMES.map((n) => {
  const q = quantityUnitOf(n);
  return `('${n}', '${q.unit}', ${q.factor}::numeric)`;
}).join(', ')}) AS qu(name, unit, factor)`;

/** The rank of a quantity unit in the answers (pieces first: STATISTICS_QUANTITY_UNITS). */
export const unitRank = (u: string): number => {
  const i = (STATISTICS_QUANTITY_UNITS as readonly string[]).indexOf(u);
  return i < 0 ? STATISTICS_QUANTITY_UNITS.length : i;
};
