import fc from 'fast-check';
import { messageHtml, messageText } from './message-text.js';

const PHISHING = 'Muster https://evil.example/login <a href=x>klick</a>';

/** What a mail client or an SMS app would turn into a link: a host with a top-level domain, a scheme, an IPv4. */
const LINKABLE = [
  /[\p{L}\p{N}_-][.\u3002\uFF0E\uFF61]\p{L}[\p{L}\p{N}-]/u,
  /:\s*[/\\]{2}/,
  /\b(?:javascript|vbscript|data|mailto|file):\S/i,
  /\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}/,
];
const linkable = (s: string) => LINKABLE.some((pattern) => pattern.test(s));
const TAG = /<[!?/]?[A-Za-z][^<>]*>/;

/** strings full of what the neutraliser is about: schemes, dots, tags, controls and the characters around them */
const hostile = fc
  .array(
    fc.oneof(
      fc.string(),
      fc.constantFrom(
        'https://',
        'http://',
        'www.',
        '.',
        '。',
        '．',
        '.example',
        '.co',
        'evil',
        '<a href=x>',
        '</a>',
        '<',
        '>',
        '<!--',
        '-->',
        'javascript:',
        'mailto:',
        ':',
        '//',
        '\\\\',
        '192.168.0.1',
        '\u200b',
        '\u202e',
        '\u00ad',
        '\n',
        '\r\n',
        '\t',
        '\u2028',
        '\u0000',
        '\u001b',
        ' ',
        '&',
        '"',
        "'",
      ),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

describe('messageText: customer text in a plain-text part, an SMS or a subject', () => {
  it('shows a phishing last name with its link broken and its markup left out', () => {
    expect(messageText(PHISHING)).toBe('Muster https[:]//evil[.]example/login klick');
  });

  it('breaks every dot of a host before a top-level domain, however it is written', () => {
    expect(messageText('www.evil.example')).toBe('www[.]evil[.]example');
    expect(messageText('EVIL.EXAMPLE/x')).toBe('EVIL[.]EXAMPLE/x');
    expect(messageText('evil。example and evil．example')).toBe('evil[.]example and evil[.]example');
    expect(messageText('login@evil.example')).toBe('login@evil[.]example');
    expect(messageText('bücher.example.рф')).toBe('bücher[.]example[.]рф');
    // hidden characters between the parts are dropped first, so they hide nothing
    expect(messageText('evil\u200b.\u00adexample')).toBe('evil[.]example');
    expect(messageText('http://192.168.0.1/login')).toBe('http[:]//192[.]168[.]0[.]1/login');
    expect(messageText('javascript:alert(1) MAILTO:x')).toBe('javascript[:]alert(1) MAILTO[:]x');
    expect(messageText('https:\\\\evil')).toBe('https[:]\\\\evil');
  });

  it('leaves ordinary names, numbers and abbreviations alone', () => {
    for (const plain of [
      'Anna Berger',
      'Dr. Müller-Lüdenscheidt',
      "O'Brien",
      'J.R.R. Tolkien',
      'z.B. ohne Zwiebeln, 2.5 kg, 3,50 €',
      'Tel: 0664 1234567',
      'Stiege 2/Tür 7',
      'Hauptstraße 12.',
      '<3',
    ])
      expect(messageText(plain)).toBe(plain);
  });

  it('keeps a single-line field on one line, without control or format characters', () => {
    expect(messageText('Anna\r\nBerger\u2028\tvon\u0000 hier\u202e ')).toBe('Anna Berger von hier');
    expect(messageText(null)).toBe('');
    expect(messageText(undefined)).toBe('');
  });

  it('keeps the line breaks of a free text (as \\n) and drops the other control characters', () => {
    expect(messageText('Bitte\r\nklingeln\rbei <b>Tür 2</b>\u0007', { multiline: true })).toBe(
      'Bitte\nklingeln\nbei Tür 2',
    );
  });

  it('property: nothing linkable, no markup, no control or format character is left, and it is idempotent', () => {
    fc.assert(
      fc.property(hostile, fc.boolean(), (raw, multiline) => {
        const shown = messageText(raw, { multiline });
        expect(linkable(shown)).toBe(false);
        expect(TAG.test(shown)).toBe(false);
        expect(/[\p{Cf}]|(?![\n\t])\p{Cc}/u.test(shown)).toBe(false);
        if (!multiline) expect(/[\n\t]/.test(shown)).toBe(false);
        expect(messageText(shown, { multiline })).toBe(shown);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: text without dots, colons, markup or control characters is only trimmed and its spaces joined', () => {
    const word = fc.stringMatching(/^[A-Za-zÄÖÜäöüßéè0-9 ,'()-]{0,40}$/);
    fc.assert(fc.property(word, (raw) => expect(messageText(raw)).toBe(raw.trim().replace(/ +/g, ' '))));
  });
});

describe('messageHtml: customer text in an HTML part', () => {
  it('shows the markup as text (escaped) and breaks the link', () => {
    expect(messageHtml(PHISHING)).toBe('Muster https[:]//evil[.]example/login &lt;a href=x&gt;klick&lt;/a&gt;');
    expect(messageHtml(`"Tom" & 'Jerry'`)).toBe('&quot;Tom&quot; &amp; &#39;Jerry&#39;');
  });

  it('property: no raw markup character and nothing linkable in what a mail client shows', () => {
    const shownBy = (html: string) =>
      html.replace(
        /&(lt|gt|quot|#39|amp);/g,
        (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!,
      );
    fc.assert(
      fc.property(hostile, fc.boolean(), (raw, multiline) => {
        const html = messageHtml(raw, { multiline });
        expect(/[<>"']|&(?!(lt|gt|quot|#39|amp);)/.test(html)).toBe(false);
        expect(linkable(shownBy(html))).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
