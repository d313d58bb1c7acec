// The payment sandboxes of `npm start` (issue 43): local stand-ins for Mollie and Datatrans, so that the demo takes
// a card payment with no network and no provider account. They are the test suite's fakes (@shop/testing
// fake-payment-providers.ts, which follow the providers' documented API) with the demo's payment page on: the
// payer sees 'Demo-Zahlung', clicks 'Bezahlen' (or 'Abbrechen'), the sandbox sends the webhook as the provider
// would and returns the payer to the shop's status page. Started only when the provider is not configured
// (MOLLIE_API_KEY, DATATRANS_MERCHANT_ID unset) and never with NODE_ENV=production. Payments live in memory.

/**
 * Starts the sandboxes of the providers `env` does not configure, on 127.0.0.1 (`ports` 0: free ports). Answers
 * the env the payment service needs for them, their addresses (for the summary) and the stop of them all.
 */
export async function startPaymentSandboxes(env = process.env, ports = { mollie: 0, datatrans: 0 }) {
  const { FakeDatatrans, FakeMollie } = await import('@shop/testing');
  const started = { env: {}, urls: {}, stops: [] };
  if (!env.MOLLIE_API_KEY) {
    const mollie = new FakeMollie(`test_demo${'0'.repeat(21)}`);
    mollie.payPage = true;
    await mollie.start(ports.mollie);
    Object.assign(started.env, { MOLLIE_API_URL: mollie.baseUrl, MOLLIE_API_KEY: mollie.apiKey });
    started.urls.mollie = mollie.baseUrl;
    started.stops.push(() => mollie.stop());
  }
  if (!env.DATATRANS_MERCHANT_ID) {
    const datatrans = new FakeDatatrans('1100000000', 'demo-sandbox', 'de30'.repeat(16));
    datatrans.payPage = true;
    await datatrans.start(ports.datatrans);
    Object.assign(started.env, {
      DATATRANS_API_URL: datatrans.baseUrl,
      DATATRANS_PAY_URL: datatrans.baseUrl,
      DATATRANS_MERCHANT_ID: datatrans.merchantId,
      DATATRANS_PASSWORD: datatrans.password,
      DATATRANS_HMAC_KEY: datatrans.hmacKey,
    });
    started.urls.datatrans = datatrans.baseUrl;
    started.stops.push(() => datatrans.stop());
  }
  return {
    env: started.env,
    urls: started.urls,
    close: () => Promise.all(started.stops.map((stop) => stop())),
  };
}
