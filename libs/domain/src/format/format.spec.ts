import fc from 'fast-check';
import {
  formatDate,
  formatDateByMode,
  formatDateTime,
  formatLocalDate,
  formatTime,
  resolveDateLocale,
  SUPPORTED_DATE_LOCALES,
} from './date.js';
import { formatNumber, formatPrice, formatQuantityNumber } from './number.js';
import { normalizeUrl, slugify, truncate } from './text.js';

describe('§9 "Price shown as \'EUR \' plus a German-formatted number with exactly 2 decimals."', () => {
  it('"EUR 1.234,50"', () => {
    expect(formatPrice(1234.5)).toBe('EUR 1.234,50');
    expect(formatPrice(0)).toBe('EUR 0,00');
    expect(formatPrice(0.07)).toBe('EUR 0,07');
    expect(formatPrice(1_000_000)).toBe('EUR 1.000.000,00');
    expect(formatPrice(-12.3)).toBe('EUR -12,30');
    expect(formatPrice(9.5, 'CHF')).toBe('CHF 9,50');
  });

  it('rounds half away from zero on the decimal value (1.005 → 1,01)', () => {
    expect(formatPrice(1.005)).toBe('EUR 1,01');
    expect(formatPrice(2.675)).toBe('EUR 2,68');
    expect(formatPrice(-0.004)).toBe('EUR 0,00');
  });

  it('"Number format German with 2 decimals"', () => {
    expect(formatNumber(1234.5)).toBe('1.234,50');
    expect(formatNumber(3.14159, 3)).toBe('3,142');
    expect(formatNumber(1234, 0)).toBe('1.234');
    expect(formatQuantityNumber(1500)).toBe('1.500');
    expect(formatQuantityNumber(0.25)).toBe('0,25');
    expect(formatQuantityNumber(2.5)).toBe('2,5');
  });

  it('property: the German text parses back to the cent value', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }), (cents) => {
        const text = formatPrice(cents / 100);
        expect(text).toMatch(/^EUR -?\d{1,3}(\.\d{3})*,\d{2}$/);
        const parsed = Number(text.slice(4).replace(/\./g, '').replace(',', '.'));
        expect(Math.round(parsed * 100)).toBe(cents);
      }),
    );
  });
});

describe('§9 "date DD.MM.YYYY; time HH:mm" in the branch time zone', () => {
  const instant = new Date('2026-03-29T22:05:00Z'); // 00:05 on 30.03. in Vienna (summer time)
  it('formats on the Vienna wall clock', () => {
    expect(formatDate(instant)).toBe('30.03.2026');
    expect(formatTime(instant)).toBe('00:05');
    expect(formatDateTime(instant)).toBe('30.03.2026 00:05');
    expect(formatDateTime('2026-01-05T08:00:00Z')).toBe('05.01.2026 09:00');
    expect(formatDate(instant, 'UTC')).toBe('29.03.2026');
    expect(formatTime(Date.parse('2026-10-25T01:30:00Z'))).toBe('02:30');
  });
  it('§2.9 "Dates show as DD.MM.YYYY HH:mm, HH:mm or DD.MM.YYYY depending on mode."', () => {
    expect(formatDateByMode(instant, 'datetime')).toBe('30.03.2026 00:05');
    expect(formatDateByMode(instant, 'time')).toBe('00:05');
    expect(formatDateByMode(instant, 'date')).toBe('30.03.2026');
    expect(formatLocalDate('2026-12-24')).toBe('24.12.2026');
  });
  it('"Supported date locales: German, English, French and Italian variants."', () => {
    expect(SUPPORTED_DATE_LOCALES.map((l) => l.slice(0, 2)).filter((v, i, a) => a.indexOf(v) === i)).toEqual([
      'de',
      'en',
      'fr',
      'it',
    ]);
    expect(resolveDateLocale('de-AT')).toBe('de-AT');
    expect(resolveDateLocale('fr_CH')).toBe('fr-CH');
    expect(resolveDateLocale('it-SM')).toBe('it');
    expect(resolveDateLocale('es-ES')).toBe('de');
    expect(resolveDateLocale(undefined)).toBe('de');
  });
});

describe('§9 "Slugs: lowercase, umlauts transliterated (ae, oe, ue, ss), spaces and underscores become hyphens, other characters removed."', () => {
  it('transliterates and replaces', () => {
    expect(slugify('Wohnen am Fluß')).toBe('wohnen-am-fluss');
    expect(slugify('ÄÖÜ äöü ß')).toBe('aeoeue-aeoeue-ss');
    expect(slugify('Haus_Süd 12')).toBe('haus-sued-12');
    expect(slugify('Top 3/4 (Dach)!')).toBe('top-34-dach');
    expect(slugify('Café')).toBe('caf');
  });
  it('property: a slug only holds a–z, 0–9 and hyphens and is stable', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const slug = slugify(s);
        expect(slug).toMatch(/^[a-z0-9-]*$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});

describe('§5 "URL normalisation: an address without {host} https:// or a leading / gets http:// prepended; empty becomes /."', () => {
  it('normalises', () => {
    expect(normalizeUrl('www.example.at')).toBe('http://www.example.at');
    expect(normalizeUrl('https://example.at')).toBe('https://example.at');
    expect(normalizeUrl('http://example.at')).toBe('http://example.at');
    expect(normalizeUrl('/kontakt')).toBe('/kontakt');
    expect(normalizeUrl('')).toBe('/');
    expect(normalizeUrl('  ')).toBe('/');
    expect(normalizeUrl(null)).toBe('/');
  });
});

describe('§9 "truncation default 128 characters with \'...\'"', () => {
  it('cuts after 128 characters', () => {
    expect(truncate('a'.repeat(128))).toBe('a'.repeat(128));
    expect(truncate('a'.repeat(129))).toBe(`${'a'.repeat(128)}...`);
    expect(truncate('Hallo Welt', 5)).toBe('Hallo...');
    expect(truncate('äöü😀x', 4)).toBe('äöü😀...');
  });
});
