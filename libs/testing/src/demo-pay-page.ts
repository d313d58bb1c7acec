/**
 * The payment page of the demo's payment sandboxes (`npm start`, scripts/lib/demo-payments.mjs, issue 43): where
 * the real provider shows its hosted payment page, the local stand-in shows this one, marked as the demo's, and
 * the payer chooses the outcome. 'Bezahlen' and 'Abbrechen' are links back to the same address with the outcome,
 * which the stand-in applies (webhook included) before it sends the payer back to the shop.
 */
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function demoPayPage(o: {
  provider: 'Mollie' | 'Datatrans';
  /** the address of this page: the choices add ?outcome= to it */
  path: string;
  amount: string;
  description: string;
  paid: string;
  canceled: string;
}): string {
  const link = (outcome: string) => `${escape(o.path)}?outcome=${encodeURIComponent(outcome)}`;
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo-Zahlung (${o.provider}-Testumgebung)</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
.demo{background:#fff3cd;border:1px solid #e0c36c;padding:.75rem 1rem;border-radius:.5rem}
.actions{display:flex;gap:1rem;margin-top:2rem}
.actions a{padding:.75rem 1.5rem;border-radius:.5rem;text-decoration:none;border:1px solid #303033;color:#303033}
.actions a.pay{background:#303033;color:#fff}
</style>
</head>
<body>
<main>
<p class="demo" role="note">Testumgebung der Demo (<code>npm start</code>): es wird kein Geld bewegt.</p>
<h1>Demo-Zahlung bei ${o.provider}</h1>
<dl><dt>Betrag</dt><dd data-testid="amount">${escape(o.amount)}</dd><dt>Zahlung</dt><dd>${escape(o.description)}</dd></dl>
<div class="actions">
<a class="pay" href="${link(o.paid)}">Bezahlen</a>
<a href="${link(o.canceled)}">Abbrechen</a>
</div>
</main>
</body>
</html>`;
}
