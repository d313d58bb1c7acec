import {
  matchesEmail,
  matchesPhone,
  privacySubject,
  privacySubjectHash,
  redactPersonalData,
} from './privacy-subject.js';

describe('privacySubject', () => {
  it('reads +43, 0043 and 0664 as the same Austrian number', () => {
    const a = privacySubject({ phone: '+43 664 1234567' });
    expect(a.phoneDigits).toEqual(['6641234567']);
    expect(a.phonesE164).toEqual(['+436641234567']);
    expect(privacySubject({ phone: '0664 / 123 45 67' }).phonesE164).toEqual(['+436641234567']);
    expect(privacySubject({ phone: '0043 664 1234567' }).phonesE164).toEqual(['+436641234567']);
  });

  it('reads a number without country code in the given country', () => {
    expect(privacySubject({ phone: '0151 23456789' }, 'DE').phonesE164).toEqual(['+4915123456789']);
  });

  it('keeps the address lower-case and ignores what is no number', () => {
    const s = privacySubject({ email: ' Anna.Muster@Example.AT ', phone: 'abc' });
    expect(s).toEqual({ emails: ['anna.muster@example.at'], phoneDigits: [], phonesE164: [] });
    expect(matchesEmail('ANNA.MUSTER@example.at', s)).toBe(true);
    expect(matchesEmail('anna@example.at', s)).toBe(false);
  });

  it('matches a stored number written differently, not a foreign number with the same digits', () => {
    const s = privacySubject({ phone: '0664 1234567' });
    expect(matchesPhone('+43 (664) 123-4567', s)).toBe(true);
    expect(matchesPhone('06641234567', s)).toBe(true);
    expect(matchesPhone('+49 664 1234567', s)).toBe(false);
    expect(matchesPhone(null, s)).toBe(false);
  });

  it('hashes the subject, the same for the same person however it was typed', () => {
    const a = privacySubjectHash(privacySubject({ email: 'A@b.at', phone: '+43 664 1234567' }));
    const b = privacySubjectHash(privacySubject({ email: 'a@b.at', phone: '0664 1234567' }));
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toContain('664');
  });
});

describe('redactPersonalData', () => {
  it('replaces addresses and phone numbers, keeps order numbers and times', () => {
    expect(redactPersonalData('550 5.1.1 <anna.muster@example.at>: user unknown')).toBe(
      '550 5.1.1 <[E-Mail]>: user unknown',
    );
    expect(redactPersonalData('SMS to +43 664 1234567 failed')).toBe('SMS to [Telefon] failed');
    expect(redactPersonalData('Bitte rufen Sie 0664 1234567.')).toBe('Bitte rufen Sie [Telefon].');
    expect(redactPersonalData('Rückruf 0664/123 45 67, Festnetz 01-5324810')).toBe(
      'Rückruf [Telefon], Festnetz [Telefon]',
    );
    for (const kept of [
      'order 4711 at 12:30, job email-42-created',
      'on 2026-06-01 from 10.20.30.40, payment 12345678',
      'am 01.06.2026 um 09:30, Version 0.12.345.6789',
    ])
      expect(redactPersonalData(kept)).toBe(kept);
    expect(redactPersonalData('GET /suche/anna@x.at')).toBe('GET /suche/[E-Mail]');
  });
});
