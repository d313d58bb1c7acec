import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a machine's protocol route: its handler and service check (and clean) the input themselves */
    machineInput?: boolean;
  }
}

/**
 * Registers routes in their own Fastify scope whose bodies stay raw strings (whatever the content type) and
 * which the global rate limit and the input guard leave alone: for callers that are machines, not browsers
 * (payment providers sign the exact bytes; printers poll every few seconds from one address and may send NUL
 * characters, which the order service drops).
 */
export async function registerRawBodyRoutes(
  fastify: FastifyInstance,
  bodyLimit: number,
  routes: (scope: FastifyInstance, opts: { config: { rateLimit: false; machineInput: true } }) => void | Promise<void>,
): Promise<void> {
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));
    await routes(scope, { config: { rateLimit: false, machineInput: true } });
  });
}
