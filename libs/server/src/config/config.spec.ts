import { z } from 'zod';
import { commaList } from './config.js';

describe('commaList', () => {
  it('reads the entries trimmed, without empty ones', () => {
    expect(commaList('').parse(' a, b ,,c, ')).toEqual(['a', 'b', 'c']);
  });

  it('takes the default when the setting is unset, and an empty list from an empty one', () => {
    expect(commaList('AT,DE').parse(undefined)).toEqual(['AT', 'DE']);
    expect(commaList('AT,DE').parse('')).toEqual([]);
  });

  it('normalizes each entry after trimming it, and drops what normalizes to nothing', () => {
    expect(commaList('', (entry) => entry.toUpperCase()).parse(' at ,de')).toEqual(['AT', 'DE']);
    expect(commaList('', (entry) => entry.replace(/x/g, '')).parse('a,xx,b')).toEqual(['a', 'b']);
  });

  it('checks each entry with a schema piped after it', () => {
    const twoLetters = commaList('').pipe(z.array(z.string().length(2)));
    expect(twoLetters.parse('AT, DE')).toEqual(['AT', 'DE']);
    expect(twoLetters.safeParse('AT,DEU').success).toBe(false);
  });
});
