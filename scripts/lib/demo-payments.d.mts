/** scripts/lib/demo-payments.mjs, for the TypeScript tests that start the demo's payment sandboxes. */
export function startPaymentSandboxes(
  env?: Record<string, string | undefined>,
  ports?: { mollie: number; datatrans: number },
): Promise<{
  env: Record<string, string>;
  urls: { mollie?: string; datatrans?: string };
  close: () => Promise<unknown>;
}>;
