import { exitAfterShutdownDeadline, initTracing, LOGGER, startHealthServer } from '@shop/server';
import type { Logger } from 'pino';
import { loadGatewayConfig } from './config/gateway-config.js';
import { createGatewayApp } from './bootstrap/create-gateway-app.js';
import { listenGateway } from './bootstrap/listen-gateway.js';

const config = loadGatewayConfig();
initTracing({ otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: 'gateway' });
const app = await createGatewayApp(config);
exitAfterShutdownDeadline(app.get<Logger>(LOGGER), config.SHUTDOWN_DEADLINE_MS);
await listenGateway(app, config.GATEWAY_PORT, config.GATEWAY_HOST);
// readiness stays GET /health on the public port; this one is for Prometheus and the liveness probe
await startHealthServer(config.GATEWAY_METRICS_PORT, {}, 'gateway');
app
  .get<Logger>(LOGGER)
  .info(
    { port: config.GATEWAY_PORT, node: process.version },
    `gateway listening on http://localhost:${config.GATEWAY_PORT}`,
  );
