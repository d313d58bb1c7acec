import { exitAfterShutdownDeadline, LOGGER } from '@shop/server';
import type { Logger } from 'pino';
import { loadGatewayConfig } from './config/gateway-config.js';
import { createGatewayApp } from './http/create-gateway-app.js';

const config = loadGatewayConfig();
const app = await createGatewayApp(config);
exitAfterShutdownDeadline(app.get<Logger>(LOGGER), config.SHUTDOWN_DEADLINE_MS);
await app.listen(config.GATEWAY_PORT, config.GATEWAY_HOST);
app
  .get<Logger>(LOGGER)
  .info({ port: config.GATEWAY_PORT }, `gateway listening on http://localhost:${config.GATEWAY_PORT}`);
