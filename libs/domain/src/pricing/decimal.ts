/**
 * Exact decimal arithmetic for money and quantities (README "Money representation").
 *
 * Every number that enters a calculation is read through its shortest decimal representation
 * (`String(2.9)` is "2.9", not 2.899999…) into an exact fraction of two bigints. Sums, products and
 * quotients stay exact; a result is rounded once, half away from zero, to a fixed number of
 * decimals. Money leaves the library as a plain number that is the nearest double to an exact
 * amount of cents (gross) or ten-thousandths (net, tax), so no binary floating-point drift can
 * accumulate across lines.
 */
export interface Fraction {
  readonly n: bigint;
  /** always > 0 */
  readonly d: bigint;
}

const TEN = 10n;

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function make(n: bigint, d: bigint): Fraction {
  if (d === 0n) throw new RangeError('division by zero');
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

/** Exact fraction of a finite number (through its shortest decimal string) or of a decimal string. */
export function frac(value: number | string | Fraction): Fraction {
  if (typeof value === 'object') return value;
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = String(value).trim();
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`not a decimal: ${text}`);
  const [, sign, int = '', fraction = '', exp = '0'] = match;
  let n = BigInt((int || '0') + fraction);
  if (sign === '-') n = -n;
  const e = Number(exp) - fraction.length;
  return e >= 0 ? make(n * TEN ** BigInt(e), 1n) : make(n, TEN ** BigInt(-e));
}

export const ZERO: Fraction = { n: 0n, d: 1n };
export const ONE: Fraction = { n: 1n, d: 1n };

type In = number | string | Fraction;

export function add(a: In, b: In): Fraction {
  const x = frac(a);
  const y = frac(b);
  return make(x.n * y.d + y.n * x.d, x.d * y.d);
}
export function sub(a: In, b: In): Fraction {
  const y = frac(b);
  return add(a, { n: -y.n, d: y.d });
}
export function mul(a: In, b: In): Fraction {
  const x = frac(a);
  const y = frac(b);
  return make(x.n * y.n, x.d * y.d);
}
export function div(a: In, b: In): Fraction {
  const x = frac(a);
  const y = frac(b);
  return make(x.n * y.d, x.d * y.n);
}
export function cmp(a: In, b: In): -1 | 0 | 1 {
  const x = frac(a);
  const y = frac(b);
  const l = x.n * y.d;
  const r = y.n * x.d;
  return l < r ? -1 : l > r ? 1 : 0;
}
export function sum(values: readonly In[]): Fraction {
  return values.reduce<Fraction>((acc, v) => add(acc, v), ZERO);
}

/** Rounds to an integer multiple of 10^-decimals, half away from zero; returns the scaled integer. */
export function roundScaled(value: In, decimals: number): bigint {
  const x = frac(value);
  const scale = TEN ** BigInt(decimals);
  const num = x.n * scale;
  const negative = num < 0n;
  const abs = negative ? -num : num;
  let q = abs / x.d;
  if ((abs % x.d) * 2n >= x.d) q += 1n;
  return negative ? -q : q;
}

/** Rounds half away from zero to `decimals` places and returns the nearest double. */
export function toNumber(value: In, decimals = 10): number {
  return Number(toFixedString(value, decimals));
}

/** Exact decimal string with exactly `decimals` places (rounded half away from zero), e.g. "-1234.50". */
export function toFixedString(value: In, decimals: number): string {
  const scaled = roundScaled(value, decimals);
  const negative = scaled < 0n;
  const digits = (negative ? -scaled : scaled).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${int}${decimals > 0 ? `.${fraction}` : ''}`;
}

/** Largest integer ≤ value. */
export function floor(value: In): bigint {
  const x = frac(value);
  const q = x.n / x.d;
  return x.n < 0n && q * x.d !== x.n ? q - 1n : q;
}
