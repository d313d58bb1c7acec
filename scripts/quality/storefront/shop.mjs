// The storefront audit's calls to the API: a JSON answer, the shop configuration changed (and waited for), an order
// for the status page.

/** A call of the API at `baseUrl`: status, parsed body (null when none) and headers. */
export async function api(baseUrl, path, init = {}) {
  const res = await fetch(baseUrl + path, init);
  return { status: res.status, body: await res.json().catch(() => null), headers: res.headers };
}

/** Changes the shop configuration and waits until the public start-up batch shows it; returns the previous values. */
export async function updateConfig(baseUrl, session, patch) {
  const current = (await api(baseUrl, '/api/config', { headers: { cookie: session.cookie } })).body.data;
  const res = await api(baseUrl, '/api/config', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: JSON.stringify({ ...current, ...patch }),
  });
  if (res.status !== 200) throw new Error(`config update refused with ${res.status}: ${JSON.stringify(res.body)}`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const shown = (await api(baseUrl, '/api/init')).body.data.find((e) => e.url === '/api/config').data;
    if (Object.entries(patch).every(([k, v]) => shown[k] === v)) break;
    if (Date.now() > deadline) throw new Error(`the start-up batch does not show ${JSON.stringify(patch)} after 10 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return Object.fromEntries(Object.keys(patch).map((k) => [k, current[k]]));
}

/** An order to show on the status route: the newest one the admin sees (the demo has none at first: one is placed). */
export async function someOrder(baseUrl, session, branches) {
  const list = await api(baseUrl, '/api/orders?perPage=1', { headers: { cookie: session.cookie } });
  const found = list.body?.data?.[0];
  if (found) return found;
  const init = (await api(baseUrl, '/api/init')).body.data;
  const products = init.find((e) => e.url === '/api/products').data.filter((p) => p.type === 'simple');
  // a preorder for the next days at 10:00 (Vienna; +01:00 or +02:00 both fall into the demo's opening hours)
  const appointments = [null, 1, 2, 3].map((days) => {
    if (days === null) return null;
    const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(Date.now() + days * 86_400_000);
    return `${date}T10:00:00+01:00`;
  });
  for (const branch of branches) {
    for (const appointmentDate of appointments)
      for (const product of products.slice(0, 25)) {
        const res = await api(baseUrl, '/api/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            branch: branch.id,
            items: [{ product: product.id, amount: product.minimumQuantity }],
            firstName: 'Qualität',
            lastName: 'Prüfung',
            email: 'quality@example.at',
            phone: '+43 660 1234567',
            legalInstructions: true,
            privacyPolicy: true,
            paymentMethod: branch.isCashEnabled ? 'cash' : 'datatrans',
            appointmentDate,
          }),
        });
        if (res.status === 201) return res.body.data;
      }
  }
  throw new Error('no order could be placed for the status route (every branch closed for the next 3 days?)');
}
