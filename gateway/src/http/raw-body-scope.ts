import type { FastifyInstance } from 'fastify';

/**
 * Registers routes in their own Fastify scope whose bodies stay raw strings (whatever the content type) and
 * which the global rate limit leaves alone: for callers that are machines, not browsers (payment providers
 * sign the exact bytes; printers poll every few seconds from one address).
 */
export async function registerRawBodyRoutes(
  fastify: FastifyInstance, bodyLimit: number, routes: (scope: FastifyInstance, opts: { config: { rateLimit: false } }) => void,
): Promise<void> {
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));
    routes(scope, { config: { rateLimit: false } });
  });
}
