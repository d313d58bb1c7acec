import { rawGet } from '../support/raw-http.js';
import { startStack, type Stack, STACK_CLOSE_MS, STACK_START_MS } from '../support/stack.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * issue 37 item 9: the id of a request (its answer's X-Request-Id, every log line and span it causes) comes from the
 * proxy in front of the gateway when it brings one, never from anyone else: a client choosing ids could make its
 * requests look like another's in the logs.
 */
describe('X-Request-Id only from trusted proxies', () => {
  let stack: Stack;

  beforeAll(async () => {
    // 127.0.0.1 plays the TLS proxy; 127.0.0.2, another address of this machine, is a client
    stack = await startStack('request-id', { TRUSTED_PROXIES: '127.0.0.1' });
  }, STACK_START_MS);
  afterAll(() => stack?.close(), STACK_CLOSE_MS);

  // a routed read, the visitors' /api/init twice (the second from the fast path in front of Fastify), an error
  it.each(['/health', '/api/init', '/api/init', '/api/gibt-es-nicht'])('%s', async (path) => {
    const proxied = await rawGet(`${stack.baseUrl}${path}`, { 'x-request-id': 'proxy-chose-this-1' }, '127.0.0.1');
    const direct = await rawGet(`${stack.baseUrl}${path}`, { 'x-request-id': 'client-chose-this-1' }, '127.0.0.2');
    expect(proxied.headers['x-request-id']).toBe('proxy-chose-this-1');
    expect(direct.headers['x-request-id']).toMatch(UUID);
    expect(direct.status).toBe(proxied.status);
  });
});
