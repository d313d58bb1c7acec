import request from 'supertest';
import { startStack, type Stack, STACK_START_MS, STACK_CLOSE_MS } from '../support/stack.js';

/** ARCHITECTURE.md "Security": the headers of pages and API answers, and no 500 for a directory. */
describe('security headers', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('security-headers');
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  const expectSecurityHeaders = (headers: Record<string, string>) => {
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    const csp = headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    // a page the gateway rendered allows its inline loader by hash (gateway/src/web/inline-init.ts), nothing else
    expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')? https:\/\/www\.googletagmanager\.com;/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  };

  it.each(['/', '/backend/', '/api/init', '/api/branches', '/api/nope', '/health', '/build/assets'])(
    'GET %s carries CSP, HSTS, nosniff, Referrer-Policy and frame protection',
    async (path) => {
      const res = await request(stack.baseUrl).get(path);
      expect(res.status).toBeLessThan(500);
      expectSecurityHeaders(res.headers as Record<string, string>);
    },
  );

  it('answers a directory under /build 404 in the envelope, not 500', async () => {
    for (const path of ['/build/assets', '/build/assets/', '/backend/assets/']) {
      const res = await request(stack.baseUrl).get(path).expect(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
