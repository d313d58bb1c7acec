import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { isFrameOrigin, isMediaOrigin } from '@shop/contracts';
import { NATS_CONNECTION, ServiceBus } from '@shop/server';
import type { FastifyInstance } from 'fastify';
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import { createFastPaths } from '../common/fast-path.js';
import { mapSources } from '../common/security-headers.js';
import { websiteOf } from '../common/website.js';
import type { GatewayConfig } from '../config/gateway-config.js';
import { registerPrinterRoutes } from '../devices/printer.routes.js';
import { InitCache } from '../init/init-cache.js';
import { initFastPath } from '../init/init-fast-path.js';
import { PublicOrderCache } from '../orders/public-order.cache.js';
import { publicOrderFastPath, registerPublicOrderRoute } from '../orders/public-order.route.js';
import { registerPaymentRoutes } from '../payments/payment.routes.js';
import { registerPlayerRoutes } from '../signage/player.routes.js';
import { SignagePushHub } from '../signage/signage-push.hub.js';
import { SitePreviews } from '../site-preview/site-preview.js';
import { registerUploadRoute } from '../uploads/upload.route.js';
import { RedirectCache } from '../web/redirect-cache.js';
import { registerWebApps } from '../web/web-apps.js';

/**
 * The plain Fastify routes beside the Nest controllers, for what the Nest pipeline does not fit: the order status
 * poll (answered from memory), uploads (a larger body limit), and the machines' protocols (payment providers,
 * printers, signage players: raw bodies, HTTP Basic, their own rate limits). Each declares its OpenAPI operation
 * with its route (openapi/route-docs.ts).
 */
export async function registerPlainRoutes(
  app: NestFastifyApplication,
  fastify: FastifyInstance,
  config: GatewayConfig,
  logger: Logger,
): Promise<void> {
  const bus = app.get(ServiceBus);
  registerPublicOrderRoute(fastify, app.get(PublicOrderCache), logger);
  registerUploadRoute(
    fastify,
    bus,
    app.get(NATS_CONNECTION),
    config.NATS_SUBJECT_PREFIX,
    logger,
    config.UPLOAD_BODY_LIMIT_BYTES,
  );
  await registerPaymentRoutes(fastify, bus, logger, config.RATE_LIMIT_WEBHOOK_PER_MINUTE);
  await registerPrinterRoutes(fastify, bus, logger, config.RATE_LIMIT_PRINTER_PER_MINUTE);
  await registerPlayerRoutes(fastify, bus, app.get(SignagePushHub), logger, config.RATE_LIMIT_PLAYER_PER_MINUTE);
}

/** The node:http handler in front of Fastify's: visitors' /api/init and cached order polls from memory. */
export function registerFastPaths(
  app: NestFastifyApplication,
  config: GatewayConfig,
  fastify: (req: IncomingMessage, res: ServerResponse) => void,
  logger: Logger,
  requestIdOf: (req: IncomingMessage) => string,
): (req: IncomingMessage, res: ServerResponse) => void {
  return createFastPaths(
    [initFastPath(app.get(InitCache), config), publicOrderFastPath(app.get(PublicOrderCache), config)],
    fastify,
    () => logger,
    requestIdOf,
  );
}

/** The files' static serving and the four web apps' pages (storefront, back office, player, presenter). */
export async function registerWebPages(
  app: NestFastifyApplication,
  fastify: FastifyInstance,
  config: GatewayConfig,
  logger: Logger,
): Promise<void> {
  const filesRoot = resolve(config.FILES_DIR);
  mkdirSync(filesRoot, { recursive: true });
  await app.register(fastifyStatic, { root: filesRoot, serve: false });
  const init = app.get(InitCache);
  registerWebApps(
    fastify,
    {
      storefrontDir: config.WEB_STOREFRONT_DIR,
      backofficeDir: config.WEB_BACKOFFICE_DIR,
      playerDir: config.WEB_PLAYER_DIR,
      presenterDir: config.WEB_PRESENTER_DIR,
      isPresenterHost: (host) => websiteOf(host, config.PRESENTER_HOSTS) === 'presenter',
      presenterView: () => init.anonymousContent('presenter'),
      cacheIndex: config.NODE_ENV === 'production',
      visitorView: async () => ({
        ...(await init.anonymousSnapshot()),
        sites: (await init.anonymousContent('storefront')).sites,
      }),
      visitorInit: (website) => init.forAnonymous(website),
      redirectFor: (host, path) => app.get(RedirectCache).find(host, path),
      map: { style: config.MAP_STYLE_URL, hosts: mapSources(config) },
      previewSite: (host, token) => app.get(SitePreviews).site(websiteOf(host, config.PRESENTER_HOSTS), token),
      playerOrigins: async (of) => {
        const found = await app.get(ServiceBus).request('signage.player.frame-origins', of);
        return { frame: found.origins.filter(isFrameOrigin), media: (found.mediaOrigins ?? []).filter(isMediaOrigin) };
      },
    },
    logger,
  );
}
