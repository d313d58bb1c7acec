import { privacySubject } from '@shop/server';
import { PersonalText, searchableNames } from './personal-text.js';

/**
 * The precise check behind the SQL pre-selection: the subject's address, number (as libphonenumber reads it) and
 * names.
 */
describe('PersonalText', () => {
  const text = new PersonalText(privacySubject({ email: 'Anna.Berger@Example.at', phone: '0664 1234567' }), [
    'Anna Berger',
  ]);

  it('finds the address in any case, the number in any usual writing and the name as whole words', () => {
    for (const t of [
      'Mail an ANNA.BERGER@example.at abgewiesen',
      '/suche?q=anna.berger%40example.at',
      'SMS an +43 664 1234567 fehlgeschlagen',
      'SMS an 0043 664/123 45 67',
      'Rückruf (0664) 1234567',
      'Tel. +43 (0) 664-1234567',
      'Frau anna  BERGER hat angerufen',
    ])
      expect({ t, mentions: text.mentions(t) }).toEqual({ t, mentions: true });
    for (const t of [
      'Mail an berta@example.at abgewiesen',
      // the same national digits in Germany are another person's number
      'SMS an +49 664 1234567',
      'Auftrag print-6641234-created',
      'Annabergerstraße 4',
      'Bestellung 17',
    ])
      expect({ t, mentions: text.mentions(t) }).toEqual({ t, mentions: false });
  });

  it('replaces what it finds, and leaves a text that does not mention the subject as it is', () => {
    expect(text.redactText('550 <anna.berger@example.at>: an Anna Berger, Tel. +43 (0) 664-1234567')).toBe(
      '550 <[E-Mail]>: an [Name], Tel. [Telefon]',
    );
    expect(text.redactText('Bestellung 17 an berta@example.at')).toBe('Bestellung 17 an berta@example.at');
    expect(text.redactText('/suche?q=Anna.Berger%40example.at')).toBe('/suche?q=[E-Mail]');
    expect(text.mentions(text.redact('Frau Anna Berger, 0664 1234567, anna.berger@example.at'))).toBe(false);
  });

  it('walks JSON values: strings and numbers at any depth, keys and other values kept', () => {
    const value = { jobId: 'email-1', to: ['x@y.at', 'anna.berger@example.at'], phone: 6641234567, n: 17, ok: true };
    expect(text.mentionsValue(value)).toBe(true);
    expect(text.redactValue(value)).toEqual({
      jobId: 'email-1',
      to: ['x@y.at', '[E-Mail]'],
      phone: '[Telefon]',
      n: 17,
      ok: true,
    });
    expect(text.mentionsValue({ jobId: 'email-1', n: 17 })).toBe(false);
  });

  it('searches names of three letters or more, each once', () => {
    expect(searchableNames([' Anna  Berger ', 'Li', 'Anna Berger', ''])).toEqual(['Anna Berger']);
  });
});
