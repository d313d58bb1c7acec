import { sanitizeRichText } from './rich-text.js';

/** An XSS corpus (OWASP filter evasion cheat sheet, trimmed to what an editor's HTML can carry). */
const ATTACKS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<style>@import "javascript:alert(1)";</style>',
  '<p onclick="alert(1)">x</p>',
  '<a href="#" onmouseover="alert(1)">x</a>',
  '<img src="x" onerror="alert(1)"/>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src=`x`onerror=alert(1)>',
  '<a href="//evil.example">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

describe('sanitizeRichText (wysiwyg allow-list, §3)', () => {
  it.each(ATTACKS)('leaves nothing executable of %s', (attack) => {
    const clean = sanitizeRichText(`<p>vorher</p>${attack}<p>nachher</p>`);
    expect(clean).not.toMatch(/<(script|iframe|object|embed|svg|math|form|input|meta|link|base|style|template)\b/i);
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toMatch(/href="\/\//);
    expect(clean).not.toMatch(/\sstyle=/i);
    expect(clean).toContain('<p>vorher</p>');
  });

  it("keeps the editor's elements, links, images and exactly its style classes", () => {
    const html =
      '<h2 class="text-blue font-secondary">Titel</h2><p class="text-small hyphenate evil">Text <strong>fett</strong> ' +
      '<a href="https://example.at/" target="_blank">Link</a> <a href="mailto:office@example.at">Mail</a></p>' +
      '<ul><li>eins</li></ul><img src="https://example.at/a.jpg" alt="Bild">';
    expect(sanitizeRichText(html)).toBe(
      '<h2 class="text-blue font-secondary">Titel</h2><p class="text-small hyphenate">Text <strong>fett</strong> ' +
        '<a href="https://example.at/" target="_blank" rel="noopener noreferrer">Link</a> <a href="mailto:office@example.at">Mail</a></p>' +
        '<ul><li>eins</li></ul><img src="https://example.at/a.jpg" alt="Bild" />',
    );
  });
});
