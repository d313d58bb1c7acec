import { BaseConfigSchema, loadConfig } from '../config/config.js';

/**
 * Preloaded into every backend process (`node --import ./libs/server/dist/tracing/register.js <entry>`: npm start,
 * the replica stack, the image's NODE_OPTIONS), since instrumentations must hook pg, ioredis and Fastify before the
 * app's modules load. Without an OTLP endpoint no span goes anywhere, so nothing is loaded or hooked: the hot paths
 * pay nothing. Only the endpoint is read here (a job that runs with this preload, the migrations, has no other
 * setting of the app's).
 */
const { OTEL_EXPORTER_OTLP_ENDPOINT } = loadConfig(BaseConfigSchema.pick({ OTEL_EXPORTER_OTLP_ENDPOINT: true }));
if (OTEL_EXPORTER_OTLP_ENDPOINT) await import('./instrumentations.js');
