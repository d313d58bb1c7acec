import fc from 'fast-check';
import { add, cmp, div, floor, frac, mul, roundScaled, sub, sum, toFixedString, toNumber } from './decimal.js';

describe('README "Money representation": exact decimals, one rounding half away from zero', () => {
  it('reads a number through its shortest decimal representation', () => {
    expect(frac(2.9)).toEqual({ n: 29n, d: 10n });
    expect(frac('1e-7')).toEqual({ n: 1n, d: 10_000_000n });
    expect(frac(1.5e21)).toEqual({ n: 1_500_000_000_000_000_000_000n, d: 1n });
    expect(frac(-0.25)).toEqual({ n: -1n, d: 4n });
    expect(frac('.5')).toEqual({ n: 1n, d: 2n });
  });

  it('rejects what is not a finite decimal', () => {
    expect(() => frac(Number.NaN)).toThrow(RangeError);
    expect(() => frac(Infinity)).toThrow(RangeError);
    expect(() => frac('abc')).toThrow(RangeError);
    expect(() => frac('.')).toThrow(RangeError);
    expect(() => div(1, 0)).toThrow(RangeError);
  });

  it('has no binary drift: 0.1 + 0.2 = 0.3', () => {
    expect(toNumber(add(0.1, 0.2))).toBe(0.3);
    expect(cmp(add(0.1, 0.2), 0.3)).toBe(0);
    expect(toNumber(sub(0.3, 0.1))).toBe(0.2);
    expect(toNumber(mul(1.1, 3))).toBe(3.3);
    expect(toNumber(sum([0.1, 0.1, 0.1]))).toBe(0.3);
  });

  it('rounds half away from zero', () => {
    expect(roundScaled(1.005, 2)).toBe(101n);
    expect(roundScaled(-1.005, 2)).toBe(-101n);
    expect(roundScaled(1.0049, 2)).toBe(100n);
    expect(toFixedString(2.5, 0)).toBe('3');
    expect(toFixedString(-0.004, 2)).toBe('0.00');
    expect(toFixedString(0.5, 3)).toBe('0.500');
    expect(toNumber(-0.00001, 2)).toBe(0);
    expect(Object.is(toNumber(-0.00001, 2), -0)).toBe(false);
  });

  it('floors toward minus infinity', () => {
    expect(floor(2.5)).toBe(2n);
    expect(floor(-2.5)).toBe(-3n);
    expect(floor(-2)).toBe(-2n);
  });

  it('property: sums of cent amounts are exact', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10_000_000, max: 10_000_000 }), { maxLength: 50 }), (cents) => {
        const total = sum(cents.map((c) => c / 100));
        expect(roundScaled(total, 2)).toBe(BigInt(cents.reduce((a, b) => a + b, 0)));
      }),
    );
  });

  it('property: a / b * b = a exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 1, max: 10_000 }), (a, b) => {
        expect(cmp(mul(div(a / 100, b / 10), b / 10), a / 100)).toBe(0);
      }),
    );
  });
});
